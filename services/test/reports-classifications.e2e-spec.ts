import { sql } from 'drizzle-orm';
import type { CaseForm, ReportSummaryAnswer, ReportTableAnswer, RobsonReportAnswer } from '@pnss/libs/api';
import { formatRate } from '@pnss/libs/reports';
import { healthyInfant } from '@pnss/libs/testing';
import { CaseFactsBackfill } from '../src/modules/case-facts/case-facts.repository.js';
import { type CaseBody, closableGyneBody, closableObBody, createCase, createPatient, nextCaseNum, obFormBody } from './support/patient-cases.js';
import { type SignedIn, type TestApp, createTestApp } from './support/test-app.js';

/**
 * The Robson table, the maternal mortality ratio with the ICD-MM groups, and the perinatal figures
 * (issue 28) on a set made by hand, entered and closed through the API, every figure worked out here:
 *
 *   R1 nulliparous, spontaneous, cephalic, 39 weeks, vaginal          group 1, no CS, 1 live birth
 *   R2 nulliparous, spontaneous, cephalic, 39 weeks, caesarean        group 1, CS, 1 live birth
 *   R3 nulliparous, no labor, cephalic, 39 weeks, caesarean           group 2b, CS, 1 live birth
 *   R4 P1, induced, cephalic, 39 weeks, vaginal; died in a road accident   group 4a, no CS, 1 live birth; ICD-MM 9
 *   R5 P1, 1 previous CS, no labor, repeat caesarean                  group 5.1, CS, 1 live birth
 *   R6 twins, first vaginal, second by caesarean; the second died on day 2   group 8, CS, 2 live births, 1 early neonatal death
 *   R7 nulliparous, cephalic, 34 weeks, vaginal, stillborn 2100 g; the mother died of atony   group 10; stillbirth; ICD-MM 3
 *   R8 P1, cephalic, 39 weeks, vaginal, closed before the onset was asked   not classifiable, 1 live birth
 *   R9 P1, cephalic, 25 weeks, vaginal, stillborn 700 g               group 10; below 28 weeks / 1000 g, above 22 / 500 g
 *   PP admitted postpartum (gave birth elsewhere)                     in no Robson group, no births recorded
 *   D2 a ruptured ectopic pregnancy, died                              ICD-MM 1
 *   G  a gyne patient who died                                          no maternal death
 *
 * Robson: 9 women, 4 caesareans (44.4%); group 1: 2 women (22.2%), 1 CS (50.0%), 11.1% absolute, 25.0% relative.
 * MMR: 2 maternal deaths (R7, D2; R4 is coincidental) per 8 live births: 25,000.0 per 100,000 (3,027.6 to 90,308.6).
 * The spec's rate: 3 deaths over 3 + 8 obstetric patients discharged alive, 27%.
 * Perinatal, WHO (28 weeks or 1000 g): 8 live births, 1 stillbirth (R7; R9 is below), 9 total births; stillbirth rate 111.1,
 * perinatal 222.2 per 1000 total births; early neonatal and neonatal 125.0 per 1000 live births. National (22 weeks or
 * 500 g): 2 stillbirths, 10 births; stillbirth rate 200.0, perinatal 300.0.
 */
describe('Robson, MMR with ICD-MM, and perinatal figures of a known set (issue 28)', () => {
  let t: TestApp;
  let admin: SignedIn;
  const from = Date.now() - 60 * 86_400_000;
  const to = Date.now();
  let unclassifiable = '';

  const nulliparous = { obscoreG: 1, obscoreP: 0, obscoreFT: 0, obscorePr: 0, obscoreAb: 0, obscoreLB: 0 };
  const vaginal = { deliveryManner: 2, primaryRepeat: null, incision: null, CSBilateralSalpingectomy: null, CSBTL: null, deliveryIndication: [] };
  const stillborn = (weeks: number, grams: number, status: number) =>
    healthyInfant({ status, pediatricAge: weeks, pediatricWeight: grams, apgar1m: 0, apgar5m: 0, causeofdeath: 1, specificcause: 101 });
  const died = (antecedent: number, antecedentType: number, antecedentCause: number) =>
    ({ motherCondition: 3, antecedent, antecedentType, antecedentCause, deathTiming: 3, deathReviewed: true });

  async function closed(body: CaseBody, gyne = false): Promise<string> {
    const patient = await createPatient(t, admin);
    const created = await createCase(t, admin, patient._id, body);
    const res = await t.http.put(`/api/patients/${patient._id}/cases/${created._id}/close`).set('Authorization', admin.authorization).send({ version: created.version });
    if (res.status !== 200) throw new Error(`close of ${gyne ? 'a gyne' : 'an OB'} case failed: ${JSON.stringify(res.body)}`);
    return created._id!;
  }
  const ob = (overrides: Partial<CaseForm>) => closed(closableObBody(nextCaseNum('K'), overrides));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAsAdmin();
    await ob({ ...nulliparous, ...vaginal, laborOnset: 1 });
    await ob({ ...nulliparous, laborOnset: 1 });
    await ob({ ...nulliparous, laborOnset: 3 });
    await ob({ ...vaginal, isInduced: true, inducedIndication: 1, inducedMethod: 1, inducedComplication: 6, laborOnset: 2, ...died(3, 31, 3101) });
    await ob({ previousCaesareans: 1, primaryRepeat: 2, laborOnset: 3 });
    await ob({
      pregnancyType: 2, isHeterotopic: false, infantsNumber: 2, ...vaginal, laborOnset: 1, deliveryWeeks: 36,
      deliveryManner2: 1, primaryRepeat2: 1, incision2: 1, CSBilateralSalpingectomy2: false, CSBTL2: false, deliveryIndication2: [112],
      neonatal: [healthyInfant({ pediatricAge: 36, pediatricWeight: 2500 }), healthyInfant({ status: 2, pediatricAge: 36, pediatricWeight: 2400, causeofdeath: 1, specificcause: 101 })],
      deathReviewed: true,
    });
    await ob({ ...nulliparous, ...vaginal, laborOnset: 1, deliveryWeeks: 34, neonatal: [stillborn(34, 2100, 5)], ...died(1, 11, 1101) });
    unclassifiable = await ob({ ...vaginal, laborOnset: 1 });
    await ob({ ...vaginal, laborOnset: 1, deliveryWeeks: 25, neonatal: [stillborn(25, 700, 4)], deathReviewed: true });
    await closed(obFormBody(nextCaseNum('K'), { isPostpartum: true, neonatal: [] }));
    await closed(obFormBody(nextCaseNum('K'), { pregnancyType: 4, ectopicType: 1, isDelivered: null, admissionWeeks: 8, admissionAOG: 1, ...died(1, 11, 1106) }));
    await closed(closableGyneBody(nextCaseNum('G'), died(3, 33, 3301)), true);
    // R8 as a case closed before the onset of labor was asked: the answer gone from the stored form,
    // its projection written by the older derivation, and the start-up backfill run again.
    await t.database.db.execute(sql`update patient_cases set form = form - 'laborOnset' where id = ${unclassifiable}`);
    await t.database.db.execute(sql`update case_facts set derivation = 0 where case_id = ${unclassifiable}`);
    await t.app.get(CaseFactsBackfill).onApplicationBootstrap();
  });
  afterAll(() => t?.close());

  const get = (path: string) => t.http.get(path).set('Authorization', admin.authorization);

  it('the Robson table: every group, its share, its caesarean rate and contributions, and the one not classifiable', async () => {
    const answer = (await get(`/api/reports/robson?from=${from}&to=${to}`).expect(200)).body as RobsonReportAnswer;
    const byGroup = Object.fromEntries(answer.rows.map((r) => [r.group, [r.women, r.caesareans]]));
    expect(byGroup).toEqual({
      '1': [2, 1], '2a': [0, 0], '2b': [1, 1], '3': [0, 0], '4a': [1, 0], '4b': [0, 0], '5.1': [1, 1], '5.2': [0, 0],
      '6': [0, 0], '7': [0, 0], '8': [1, 1], '9': [0, 0], '10': [2, 0], unclassifiable: [1, 0],
    });
    expect(answer.total.women).toBe(9);
    expect(answer.total.caesareans).toBe(4);
    expect(formatRate(answer.total.caesareanRate)).toBe('44.4');
    const one = answer.rows[0];
    expect([one.share, one.caesareanRate, one.absoluteContribution, one.relativeContribution].map(formatRate)).toEqual(['22.2', '50.0', '11.1', '25.0']);
    expect(answer.counts).toMatch(/not those admitted after giving birth elsewhere/);
  });

  it('the maternal mortality summary: the MMR per 100,000 live births with its interval beside the spec rate, and the ICD-MM groups', async () => {
    const answer = (await get(`/api/reports/summary/maternalMortality?from=${from}&to=${to}`).expect(200)).body as ReportSummaryAnswer;
    expect(answer.rate).toEqual({ deaths: 3, alive: 8, rate: 27 });
    const mmr = answer.mmr!;
    expect([mmr.deaths, mmr.liveBirths, mmr.coincidentalDeaths, mmr.unmappedDeaths]).toEqual([2, 8, 1, 0]);
    expect([mmr.ratio, mmr.lower, mmr.upper].map(formatRate)).toEqual(['25000.0', '3027.6', '90308.6']);
    const icdMm = answer.charts.find((c) => c.name === 'icdMm')!;
    expect(Object.fromEntries(icdMm.segments.map((s) => [s.name, s.count]))).toEqual({ 1: 1, 2: 0, 3: 1, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 1 });
    expect(icdMm.total).toBe(3);
  });

  it('the OB summary: stillbirth, perinatal, early neonatal and neonatal mortality, by WHO and by the national threshold', async () => {
    const answer = (await get(`/api/reports/summary/obreport?from=${from}&to=${to}`).expect(200)).body as ReportSummaryAnswer;
    const { international, national } = answer.perinatal!;
    expect(international).toMatchObject({ liveBirths: 8, stillbirths: 1, belowThreshold: 1, totalBirths: 9, earlyNeonatalDeaths: 1, neonatalDeaths: 1, threshold: { weeks: 28, grams: 1000 } });
    expect([international.stillbirthRate, international.perinatalMortalityRate, international.earlyNeonatalMortalityRate, international.neonatalMortalityRate].map(formatRate))
      .toEqual(['111.1', '222.2', '125.0', '125.0']);
    expect(national).toMatchObject({ stillbirths: 2, belowThreshold: 0, totalBirths: 10, threshold: { weeks: 22, grams: 500 } });
    expect([national.stillbirthRate, national.perinatalMortalityRate].map(formatRate)).toEqual(['200.0', '300.0']);
  });

  it('Robson and ICD-MM are table categories too, counted from the same rollup', async () => {
    const table = (await t.http.post('/api/reports/table').set('Authorization', admin.authorization)
      .send({ category: 'Robson', cross: 'MotherCondition', from, to }).expect(200)).body as ReportTableAnswer;
    expect(table.total.count).toBe(9);
    expect(table.rows.find((r) => r.name === '10')).toMatchObject({ count: 2, crosssegments: { 1: 1, 2: 0, 3: 1, 'N/A': 0 } });
    expect(table.rows.map((r) => r.name)).toContain('unclassifiable');
  });

  it('the Robson export: CSV with the range, the rule and WHO columns; small cells suppressed unless asked; audited', async () => {
    const res = await get(`/api/reports/export/robson?from=${from}&to=${to}&format=csv`).expect(200);
    const lines = res.text.replace(/^\uFEFF/, '').trim().split(/\r\n/);
    const header = lines.findIndex((l) => l.startsWith('Group,'));
    expect(lines[header]).toBe('Group,Number of women,Group size (%),Number of CS,CS rate in group (%),Absolute contribution (%),Relative contribution (%)');
    expect(lines[header + 1]).toBe('Group 1,†,x,†,x,x,x');
    const open = await get(`/api/reports/export/robson?from=${from}&to=${to}&format=csv&suppress=false`).expect(200);
    expect(open.text).toContain('Group 1,2,22.2%,1,50.0%,11.1%,25.0%');
    expect(open.text).toContain('Not classifiable,1,11.1%,-,-,-,-');
    expect(open.text).toContain('Total,9,100.0%,4,44.4%,44.4%,100.0%');
    const viewer = await t.createUserWithRole(['view_reports']);
    await t.http.get(`/api/reports/export/robson?from=${from}&to=${to}&format=csv`).set('Authorization', viewer.authorization).expect(403);
    await t.http.get(`/api/reports/robson?from=${from}&to=${to}`).set('Authorization', viewer.authorization).expect(200);
  });
});
