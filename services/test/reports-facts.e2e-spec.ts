import { sql } from 'drizzle-orm';
import { closableObBody, createCase, createPatient, nextCaseNum } from './support/patient-cases.js';
import { type SignedIn, type TestApp, createTestApp } from './support/test-app.js';
import { CaseFactsBackfill } from '../src/modules/cases/case-facts.repository.js';

interface FactsRow { counted: boolean; is_close: boolean; is_archived: boolean; delivery_manner_segment: string; livebirth_count: number }

describe('the reporting projection is kept in the same transaction as every case write', () => {
  let t: TestApp;
  let admin: SignedIn;
  let patientId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAsAdmin();
    patientId = (await createPatient(t, admin))._id;
  });
  afterAll(() => t?.close());

  const facts = async (caseId: string) => {
    const result = (await t.database.db.execute(sql`select * from case_facts where case_id = ${caseId}`)) as { rows: unknown[] };
    return (result.rows as unknown as FactsRow[])[0];
  };
  const count = async (table: 'case_infants' | 'case_indications', caseId: string) => {
    const result = (await t.database.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where case_id = ${caseId}`)) as { rows: unknown[] };
    return (result.rows as Array<{ n: number }>)[0].n;
  };
  const put = (path: string, body: object) => t.http.put(path).set('Authorization', admin.authorization).send(body);

  it('insert, save, close, reopen, archive and unarchive each rewrite the facts', async () => {
    const created = await createCase(t, admin, patientId, closableObBody(nextCaseNum()));
    const path = `/api/patients/${patientId}/cases/${created._id}`;
    expect(await facts(created._id!)).toMatchObject({ counted: false, is_close: false, delivery_manner_segment: 'caesarean', livebirth_count: 1 });
    expect(await count('case_infants', created._id!)).toBe(1);
    expect(await count('case_indications', created._id!)).toBe(1);

    const saved = await put(path, { version: created.version, deliveryManner: 2, deliveryIndication: [] }).expect(200);
    expect(await facts(created._id!)).toMatchObject({ delivery_manner_segment: 'spontaneousCephalic' });
    expect(await count('case_indications', created._id!)).toBe(0);

    await put(`${path}/close`, { version: saved.body.version }).expect(200);
    expect(await facts(created._id!)).toMatchObject({ counted: true, is_close: true });
    const reopened = await put(`${path}/reopen`, {}).expect(200);
    expect(await facts(created._id!)).toMatchObject({ counted: false, is_close: false });
    await put(`${path}/archive`, { version: reopened.body.version }).expect(200);
    expect(await facts(created._id!)).toMatchObject({ counted: false, is_archived: true });
    await put(`${path}/unarchive`, {}).expect(200);
    expect(await facts(created._id!)).toMatchObject({ is_archived: false });
  });

  it('a case stored without facts gets them from the start-up backfill', async () => {
    const created = await createCase(t, admin, patientId, closableObBody(nextCaseNum()));
    await t.database.db.execute(sql`delete from case_facts where case_id = ${created._id}`);
    expect(await facts(created._id!)).toBeUndefined();
    expect(await t.app.get(CaseFactsBackfill).backfill()).toBe(1);
    expect(await facts(created._id!)).toMatchObject({ delivery_manner_segment: 'caesarean' });
  });

  it('the rollup the reports read stays equal to a recount from the facts after every kind of write', async () => {
    const snapshot = async () => {
      const result = (await t.database.db.execute(
        sql`select dim_a, dim_b, day::text, seg_a, seg_b, n from case_facts_rollup where n <> 0 order by 1, 2, 3, 4, 5`,
      )) as { rows: unknown[] };
      return result.rows;
    };
    const closed = await createCase(t, admin, patientId, closableObBody(nextCaseNum(), { deliveryIndication: [101, 104] }));
    const path = `/api/patients/${patientId}/cases/${closed._id}`;
    await put(`${path}/close`, { version: closed.version }).expect(200);
    const backfill = t.app.get(CaseFactsBackfill);
    expect(await backfill.rollupInStep()).toBe(true);
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(0);
    await backfill.rebuildRollup();
    expect(await snapshot()).toEqual(kept);
  });
});
