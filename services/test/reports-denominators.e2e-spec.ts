import type { ReportSummaryAnswer, ReportTableAnswer } from '@pnss/libs/api';
import { closableGyneBody, closableObBody, createCase, createPatient, daysAgo, nextCaseNum, obFormBody, type CaseBody } from './support/patient-cases.js';
import { type SignedIn, type TestApp, createTestApp } from './support/test-app.js';

/**
 * Who the maternal figures count and where an estimated age of gestation goes (issue 25 items 4 and
 * 5), on a set made by hand, through the API:
 * - D: an obstetric death, delivered at an estimated 28-32 weeks (range 4), 30 years old;
 * - O2: delivered at exactly 39 weeks, improved, 22; O3: a miscarriage estimated at 13-20 weeks on
 *   admission (range 2), improved, 17; O4: delivered at an estimated 37-41 weeks (range 6), improved, 36;
 * - G1: a 51-year-old gyne patient with fibroids, improved; G2: a 60-year-old gyne patient who died.
 * Maternal mortality rate: 1 death over 1 + 3 obstetric patients = 25% (with the gyne patients it
 * would be 2 over 6, 33%).
 */
describe('reports count mothers, not gyne patients, and estimated AOG ranges in their groups (issue 25 items 4, 5)', () => {
  let t: TestApp;
  let admin: SignedIn;
  const from = Date.now() - 60 * 86_400_000;
  const to = Date.now();

  async function closedCase(ageYears: number, body: CaseBody): Promise<void> {
    const patient = await createPatient(t, admin, { birthDate: daysAgo(Math.round(ageYears * 365.25) + 60), ...(ageYears < 19 ? { pediatricConfirmed: true } : {}) });
    const created = await createCase(t, admin, patient._id, body);
    const res = await t.http.put(`/api/patients/${patient._id}/cases/${created._id}/close`).set('Authorization', admin.authorization).send({ version: created.version });
    if (res.status !== 200) throw new Error(`close failed: ${JSON.stringify(res.body)}`);
  }
  const estimatedDelivery = (range: number) => ({ deliveryAOGType: 2, deliveryAOG: range, deliveryWeeks: null, deliveryDays: null });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAsAdmin();
    await closedCase(30, closableObBody(nextCaseNum('D'), {
      ...estimatedDelivery(4), motherCondition: 3, antecedent: 1, antecedentType: 11, antecedentCause: 1101, immediateCause: 1, deathTiming: 3, deathReviewed: true,
    }));
    await closedCase(22, closableObBody(nextCaseNum('O2'), { deliveryWeeks: 39 }));
    await closedCase(17, obFormBody(nextCaseNum('O3'), {
      pregnancyType: 3, abortionType: 3, isDelivered: null, admissionAOGType: 2, admissionAOG: 2, admissionWeeks: null, admissionDays: null,
    }));
    await closedCase(36, closableObBody(nextCaseNum('O4'), estimatedDelivery(6)));
    await closedCase(51, closableGyneBody(nextCaseNum('G1'), { gyneDiagnosis: 1, gynecologicalDiagnosis: [{ conditionId: 101, categoryId: 1, gyneStage: null }] }));
    await closedCase(60, closableGyneBody(nextCaseNum('G2'), { motherCondition: 3, antecedent: 3, antecedentType: 33, antecedentCause: 3301, deathTiming: 5, deathReviewed: true }));
  });
  afterAll(() => t?.close());

  const get = (path: string) => t.http.get(path).set('Authorization', admin.authorization);
  const table = (body: object) => t.http.post('/api/reports/table').set('Authorization', admin.authorization).send(body);
  const chart = (answer: ReportSummaryAnswer, name: string) =>
    Object.fromEntries(answer.charts.find((c) => c.name === name)!.segments.map((s) => [s.name, s.count]));

  it('the maternal mortality rate is 1 death over 4 obstetric patients, 25%; the gyne patients are in neither term', async () => {
    const answer = (await get(`/api/reports/summary/maternalMortality?from=${from}&to=${to}`).expect(200)).body as ReportSummaryAnswer;
    expect(answer.rate).toEqual({ deaths: 1, alive: 3, rate: 25 });
    expect(answer.rule).toMatch(/count obstetric cases only: pregnant or recently delivered women, never gynecologic patients/);
    expect(chart(answer, 'maternalAge')).toEqual({ under20: 0, '20to34': 1, '35andAbove': 0 });
    // The death estimated at 28-32 weeks is in its group, not 'Not recorded'.
    expect(chart(answer, 'aog')).toEqual({ under28: 0, '28to32': 1, '33to37': 0, '38to42': 0 });
    expect(chart(answer, 'deathTiming')).toEqual({ antepartal: 0, intrapartal: 0, postpartum: 1, puerperal: 0 });
  });

  it('the Mother Condition and Maternal Age tables count the 4 obstetric patients only', async () => {
    const mother = (await table({ category: 'MotherCondition', cross: 'AgeGroup', from, to }).expect(200)).body as ReportTableAnswer;
    expect(mother.rows.map((r) => [r.label, r.count])).toEqual([['Improved', 3], ['Unimproved', 0], ['Died', 1]]);
    expect(mother.total).toMatchObject({ count: 4, crosssegments: { under20: 1, '20to34': 2, '35andAbove': 1, 'N/A': 0 } });
    const age = (await table({ category: 'AgeGroup', from, to }).expect(200)).body as ReportTableAnswer;
    expect(age.rows.map((r) => [r.label, r.count])).toEqual([['Under 20', 1], ['20-34', 2], ['35 and above', 1]]);
    expect(age.total.count).toBe(4);
  });

  it("All Age of Gestation counts every estimated case in its group, the one spanning two groups in its own segment, none as 'Not recorded'", async () => {
    const answer = (await get(`/api/reports/summary/obreport?from=${from}&to=${to}`).expect(200)).body as ReportSummaryAnswer;
    expect(chart(answer, 'aog')).toEqual({ under28: 1, '28to32': 1, '33to37': 0, '38to42': 1, estimatedSpans: 1 });
    expect(answer.charts.find((c) => c.name === 'aog')!.segments.at(-1)?.label).toBe('Estimated, spans groups');
    const aog = (await table({ category: 'AOG', from, to }).expect(200)).body as ReportTableAnswer;
    expect(aog.rows.map((r) => [r.name, r.count])).toEqual([['under28', 1], ['28to32', 1], ['33to37', 0], ['38to42', 1], ['estimatedSpans', 1]]);
    expect(aog.total.count).toBe(4);
  });
});
