import type { ErrorEnvelope, ReportSummaryAnswer, ReportTableAnswer } from '@pnss/libs/api';
import { REPORT_COUNTING_RULE } from '@pnss/libs/reports';
import ExcelJS from 'exceljs';
import { healthyInfant } from '@pnss/libs/testing';
import { type CaseBody, closableGyneBody, closableObBody, createCase, createPatient, daysAgo, nextCaseNum } from './support/patient-cases.js';
import { type SignedIn, type TestApp, createTestApp } from './support/test-app.js';

const DAY_MS = 86_400_000;

/** A birth date giving exactly `years` at an admission in the last two weeks. */
function bornYearsAgo(years: number): string {
  return daysAgo(Math.round(years * 365.25) + 60);
}

/**
 * A small known set (SPEC.md §2 Reports, §9), every figure worked out by hand below. In the range
 * (the last 60 days): A caesarean singleton (indications 101, 104), B spontaneous singleton, C a
 * direct maternal death (hemorrhage, postpartal) by caesarean (104), D an indirect maternal death
 * (intrapartal), E twins (first spontaneous, second by caesarean for 112; the second infant died),
 * F a gyne case. Not counted: G discharged 100 days ago, H archived, I still open.
 */
describe('reports: every chart and table cell of a known set of cases (SPEC.md §2, §7, §9)', () => {
  let t: TestApp;
  let admin: SignedIn;
  const from = Date.UTC(...ymd(daysAgo(60)));
  const to = Date.now();

  function ymd(day: string): [number, number, number] {
    const [y, m, d] = day.split('-').map(Number);
    return [y, m - 1, d];
  }

  async function closedCase(age: number, body: CaseBody): Promise<string> {
    const patient = await createPatient(t, admin, { birthDate: bornYearsAgo(age) });
    const created = await createCase(t, admin, patient._id, body);
    const res = await t.http.put(`/api/patients/${patient._id}/cases/${created._id}/close`).set('Authorization', admin.authorization).send({ version: created.version });
    if (res.status !== 200) throw new Error(`close failed: ${JSON.stringify(res.body)}`);
    return created._id!;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAsAdmin();
    await closedCase(25, closableObBody(nextCaseNum('A'), { deliveryIndication: [101, 104], deliveryWeeks: 39 }));
    await closedCase(25, closableObBody(nextCaseNum('B'), {
      deliveryManner: 2, primaryRepeat: null, incision: null, CSBilateralSalpingectomy: null, CSBTL: null, deliveryIndication: [], deliveryWeeks: 35,
    }));
    await closedCase(36, closableObBody(nextCaseNum('C'), {
      deliveryIndication: [104], deliveryWeeks: 30, motherCondition: 3, antecedent: 1, antecedentType: 11, antecedentCause: 1101,
      immediateCause: 1, deathTiming: 3, deathReviewed: true,
    }));
    await closedCase(19, closableObBody(nextCaseNum('D'), {
      deliveryManner: 2, primaryRepeat: null, incision: null, CSBilateralSalpingectomy: null, CSBTL: null, deliveryIndication: [], deliveryWeeks: 26,
      motherCondition: 3, antecedent: 2, antecedentType: 21, antecedentCause: 2101, deathTiming: 2, deathReviewed: true,
    }));
    await closedCase(25, closableObBody(nextCaseNum('E'), {
      pregnancyType: 2, isHeterotopic: false, infantsNumber: 2, deliveryWeeks: 34,
      deliveryManner: 2, primaryRepeat: null, incision: null, CSBilateralSalpingectomy: null, CSBTL: null, deliveryIndication: [],
      deliveryManner2: 1, primaryRepeat2: 1, incision2: 1, CSBilateralSalpingectomy2: false, CSBTL2: false, deliveryIndication2: [112],
      neonatal: [healthyInfant({ pediatricAge: 34 }), healthyInfant({ pediatricAge: 34, status: 2, causeofdeath: 1, specificcause: 101 })], deathReviewed: true,
    }));
    await closedCase(50, closableGyneBody(nextCaseNum('F'), { admissionDate: daysAgo(20), dischargeDate: daysAgo(15) }));
    // Not counted:
    await closedCase(25, closableObBody(nextCaseNum('G'), { admissionDate: daysAgo(105), deliveryDate: daysAgo(104), dischargeDate: daysAgo(100) }));
    const patient = await createPatient(t, admin, { birthDate: bornYearsAgo(25) });
    const archived = await createCase(t, admin, patient._id, closableObBody(nextCaseNum('H')));
    await t.http.put(`/api/patients/${patient._id}/cases/${archived._id}/archive`).set('Authorization', admin.authorization).send({}).expect(200);
    await createCase(t, admin, patient._id, closableObBody(nextCaseNum('I')));
  });
  afterAll(() => t?.close());

  const get = (path: string, as: SignedIn = admin) => t.http.get(path).set('Authorization', as.authorization);
  const table = (body: object, as: SignedIn = admin) => t.http.post('/api/reports/table').set('Authorization', as.authorization).send(body);
  const counts = (answer: ReportSummaryAnswer, chart: string) =>
    Object.fromEntries(answer.charts.find((c) => c.name === chart)!.segments.map((s) => [s.name, s.count]));
  const totalOf = (answer: ReportSummaryAnswer, chart: string) => answer.charts.find((c) => c.name === chart)!.total;

  it('maternal mortality: 2 deaths over 2 dead plus 3 alive mothers is 40% (the gyne patient F is no mother); deaths by AOG, direct cause, timing and age', async () => {
    const answer = (await get(`/api/reports/summary/maternalMortality?from=${from}&to=${to}`).expect(200)).body as ReportSummaryAnswer;
    expect(answer.rule).toBe(REPORT_COUNTING_RULE);
    expect(answer.from).toBe(daysAgo(60));
    expect(answer.rate).toEqual({ deaths: 2, alive: 3, rate: 40 });
    expect(counts(answer, 'aog')).toEqual({ under28: 1, '28to32': 1, '33to37': 0, '38to42': 0 });
    expect(totalOf(answer, 'aog')).toBe(2);
    expect(counts(answer, 'directCauses')).toEqual({ hemorrhage: 1, hypertension: 0, infection: 0, vascularAccidents: 0, anesthesia: 0, others: 0 });
    expect(totalOf(answer, 'directCauses')).toBe(1);
    expect(counts(answer, 'deathTiming')).toEqual({ antepartal: 0, intrapartal: 1, postpartum: 1, puerperal: 0 });
    expect(counts(answer, 'maternalAge')).toEqual({ under20: 1, '20to34': 0, '35andAbove': 1 });
    expect(answer.charts.map((c) => c.kind)).toEqual(['column', 'bar', 'doughnut', 'column', 'bar']);
    // C died of atony (ICD-MM 3, obstetric haemorrhage), D of rheumatic heart disease (7, non-obstetric).
    expect(counts(answer, 'icdMm')).toEqual({ 1: 0, 2: 0, 3: 1, 4: 0, 5: 0, 6: 0, 7: 1, 8: 0, 9: 0 });
  });

  it('OB report: manner of delivery of the first infant, all AOG, pregnancy type, and CS indications of caesareans (twin 2 included)', async () => {
    const answer = (await get(`/api/reports/summary/obreport?from=${from}&to=${to}`).expect(200)).body as ReportSummaryAnswer;
    expect(counts(answer, 'deliveryManner')).toEqual({
      caesarean: 2, spontaneousCephalic: 3, spontaneousBreech: 0, partialBreechExtraction: 0, assistedVaginal: 0, others: 0,
    });
    expect(totalOf(answer, 'deliveryManner')).toBe(5);
    expect(counts(answer, 'aog')).toEqual({ under28: 1, '28to32': 1, '33to37': 2, '38to42': 1 });
    expect(counts(answer, 'pregnancyType')).toEqual({ singleton: 4, multiple: 1, miscarriage: 0, ectopic: 0, molar: 0 });
    const cs = counts(answer, 'csIndications');
    expect([cs['101'], cs['104'], cs['112'], cs['105']]).toEqual([1, 2, 1, 0]);
    expect(totalOf(answer, 'csIndications')).toBe(3);
  });

  it('table MotherCondition by AOG: every cell, the running total acc, the total column and the total row (obstetric cases only)', async () => {
    const answer = (await table({ category: 'MotherCondition', cross: 'AOG', from, to }).expect(200)).body as ReportTableAnswer;
    const none = { estimatedSpans: 0, 'N/A': 0 };
    expect(answer.rows).toEqual([
      { name: '1', label: 'Improved', count: 3, acc: 3, crosssegments: { under28: 0, '28to32': 0, '33to37': 2, '38to42': 1, ...none } },
      { name: '2', label: 'Unimproved', count: 0, acc: 3, crosssegments: { under28: 0, '28to32': 0, '33to37': 0, '38to42': 0, ...none } },
      { name: '3', label: 'Died', count: 2, acc: 5, crosssegments: { under28: 1, '28to32': 1, '33to37': 0, '38to42': 0, ...none } },
    ]);
    expect(answer.total).toEqual({ name: 'Total', label: 'Total', count: 5, acc: 5, crosssegments: { under28: 1, '28to32': 1, '33to37': 2, '38to42': 1, ...none } });
  });

  it('table of CS indications by mother condition: a case counts once per indication, and once in the totals', async () => {
    const answer = (await table({ category: 'csindication', cross: 'MotherCondition', from, to }).expect(200)).body as ReportTableAnswer;
    const byName = Object.fromEntries(answer.rows.map((r) => [r.name, [r.count, r.crosssegments]]));
    expect(byName['101']).toEqual([1, { 1: 1, 2: 0, 3: 0, 'N/A': 0 }]);
    expect(byName['104']).toEqual([2, { 1: 1, 2: 0, 3: 1, 'N/A': 0 }]);
    expect(byName['112']).toEqual([1, { 1: 1, 2: 0, 3: 0, 'N/A': 0 }]);
    expect(answer.rows.filter((r) => r.count > 0)).toHaveLength(3);
    expect(answer.total).toMatchObject({ count: 3, crosssegments: { 1: 2, 2: 0, 3: 1, 'N/A': 0 } });
  });

  it('table without a cross (N/A): manner of delivery with the gyne case under N/A', async () => {
    const answer = (await table({ category: 'deliverymanner', from, to }).expect(200)).body as ReportTableAnswer;
    expect(answer.cross).toBeNull();
    expect(answer.rows.map((r) => [r.label, r.count, r.acc])).toEqual([
      ['Caesarean Section', 2, 2], ['Spontaneous Cephalic', 3, 5], ['Spontaneous Breech', 0, 5], ['Partial Breech Extraction', 0, 5],
      ['Assisted Vaginal Delivery (Forceps, Vacuum)', 0, 5], ['Others', 0, 5], ['N/A', 1, 6],
    ]);
    expect(answer.rows[0].crosssegments).toBeUndefined();
    expect(answer.total.count).toBe(6);
  });

  it('GET /categories/MotherCondition with a cross and a range answers the same rows; the categories list the table selectors', async () => {
    const crossed = (await get(`/api/categories/MotherCondition?cross=DeathTiming&from=${from}&to=${to}`).expect(200)).body as ReportTableAnswer;
    expect(crossed.rows.find((r) => r.name === '3')?.crosssegments).toEqual({ antepartal: 0, intrapartal: 1, postpartum: 1, puerperal: 0, 'N/A': 0 });
    expect(crossed.total.crosssegments).toMatchObject({ intrapartal: 1, postpartum: 1 });
    const aog = (await get(`/api/categories/AOG?from=${from}&to=${to}`).expect(200)).body as ReportTableAnswer;
    expect(aog.rows.map((r) => r.count)).toEqual([1, 1, 2, 1]);
    const list = (await get('/api/categories/reports').expect(200)).body as Array<{ name: string; segments: unknown[] }>;
    expect(list.map((c) => c.name)).toEqual(['MotherCondition', 'AgeGroup', 'AOG', 'DirectMaternalDeath', 'DeathTiming', 'PregnancyType', 'deliverymanner', 'csindication', 'Robson', 'IcdMm']);
    expect((await get('/api/categories/PregnancyType').expect(200)).body).toMatchObject({ name: 'PregnancyType', segments: [{ name: 'singleton', label: 'Singleton' }, expect.anything(), expect.anything(), expect.anything(), expect.anything()] });
    // The reference lists are still served as before.
    expect(Array.isArray((await get('/api/categories/csIndications').expect(200)).body)).toBe(true);
  });

  it("bad input is a 400 in words: unknown category, 'No crosssegments', from after to, too long a range, a non-number timestamp", async () => {
    const message = async (res: Promise<{ status: number; body: unknown }>) => {
      const r = await res;
      expect(r.status).toBe(400);
      return (r.body as ErrorEnvelope).message;
    };
    expect(await message(table({ category: 'Nope', from, to }))).toMatch(/^Unknown report category 'Nope'/);
    expect(await message(table({ category: 'MotherCondition', cross: 'Nope', from, to }))).toBe('No crosssegments');
    expect(await message(get(`/api/categories/MotherCondition?cross=deliverymanner&from=${from}&to=${to}`))).toBe('No crosssegments');
    expect(await message(table({ category: 'AOG', from: to, to: from }))).toBe('from must not be after to');
    expect(await message(table({ category: 'AOG', from: to - 30 * 365 * DAY_MS, to }))).toMatch(/at most 7305 days/);
    expect(await message(get(`/api/reports/summary/obreport?from=yesterday&to=${to}`))).toMatch(/from must be a millisecond timestamp/);
    expect(await message(get(`/api/reports/summary/obreport?from=${from}`))).toMatch(/to is required/);
    expect(await message(get(`/api/reports/summary/weekly?from=${from}&to=${to}`))).toMatch(/Unknown report 'weekly'/);
  });

  it('reports need view_reports; exports need export_reports as well', async () => {
    const clerk = await t.createUserWithRole(['get_patients']);
    await get(`/api/reports/summary/obreport?from=${from}&to=${to}`, clerk).expect(403);
    await table({ category: 'AOG', from, to }, clerk).expect(403);
    const viewer = await t.createUserWithRole(['view_reports']);
    await get(`/api/reports/summary/obreport?from=${from}&to=${to}`, viewer).expect(200);
    await get(`/api/reports/export/table?category=AOG&from=${from}&to=${to}&format=csv`, viewer).expect(403);
    await t.http.get(`/api/reports/summary/obreport?from=${from}&to=${to}`).expect(401);
  });

  it('CSV export: range, counting rule, export time, suppressed small cells and hidden totals; audited', async () => {
    const res = await get(`/api/reports/export/table?category=MotherCondition&cross=AOG&from=${from}&to=${to}&format=csv`).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="report_MotherCondition_by_AOG_.*\.csv"/);
    const lines = res.text.replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines[1]).toBe(`Range: ${daysAgo(60)} to ${new Date(to).toISOString().slice(0, 10)}`);
    expect(lines[2]).toBe(`"${REPORT_COUNTING_RULE}"`);
    expect(lines.some((l) => /^Exported: \d{4}-\d\d-\d\dT/.test(l))).toBe(true);
    const header = lines.findIndex((l) => l.startsWith('Mother Condition,'));
    expect(lines.slice(header)).toEqual([
      'Mother Condition,Under 28 weeks,28-32 weeks,33-37 weeks,38-42 weeks,Total',
      'Improved,-,-,†,†,†',
      'Unimproved,-,-,-,-,-',
      'Died,†,†,-,-,†',
      'Total,†,†,†,†,x',
    ]);
    const unsuppressed = await get(`/api/reports/export/table?category=MotherCondition&cross=AOG&from=${from}&to=${to}&format=csv&suppress=false`).expect(200);
    expect(unsuppressed.text).toContain('Improved,-,-,2,1,3');
    expect(unsuppressed.text).toContain('Total,1,1,2,1,5');
    const audit = (await get('/api/audit?entity=report&action=export').expect(200)).body as { items: Array<{ entityId: string; actor?: unknown }> };
    expect(audit.items.map((e) => e.entityId)).toContain(`report_MotherCondition_by_AOG_${daysAgo(60)}_${new Date(to).toISOString().slice(0, 10)}.csv`);
  });

  it('XLSX export of the OB summary: one sheet per chart, read back with numbers', async () => {
    const res = await get(`/api/reports/export/summary/obreport?from=${from}&to=${to}&format=xlsx&suppress=false`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const workbook = new ExcelJS.Workbook();
    const bytes = res.body as Buffer;
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Perinatal Mortality', 'Manner of Delivery', 'All Age of Gestation', 'Pregnancy Type', 'CS Indications']);
    const perinatal = workbook.getWorksheet('Perinatal Mortality')!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    // 6 live births (E's second twin died on day 0-6), no stillbirth: early neonatal mortality 1 per 6 live births.
    expect(perinatal).toContainEqual(['International (WHO): stillbirths from 28 weeks or 1000 g', 6, '-', 6, 1, 1, '0.0', '166.7', '166.7', '166.7', '-', '-']);
    const sheet = workbook.getWorksheet('Pregnancy Type')!;
    const rows = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows).toContainEqual(['Singleton', 4, '80%']);
    expect(rows).toContainEqual(['Multiple', 1, '20%']);
    expect(rows).toContainEqual(['Total', 5, '100%']);
    expect(rows.flat()).toContain(REPORT_COUNTING_RULE);
  });
});
