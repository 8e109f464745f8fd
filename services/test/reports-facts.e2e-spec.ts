import { sql } from 'drizzle-orm';
import { CASE_FACTS_DERIVATION } from '@pnss/libs/reports';
import { closableObBody, createCase, createPatient, daysAgo, nextCaseNum } from './support/patient-cases.js';
import { healthyInfant } from '@pnss/libs/testing';
import { useTestApp } from './support/use-test-app.js';
import { CaseFactsBackfill } from '../src/modules/case-facts/case-facts.repository.js';
import { backfillQuality } from '../src/modules/case-facts/case-quality.projection.js';

interface FactsRow { counted: boolean; is_close: boolean; is_archived: boolean; delivery_manner_segment: string; livebirth_count: number }

describe('the reporting projection is kept in the same transaction as every case write', () => {
  const { t, admin, put } = useTestApp();
  let patientId: string;

  beforeAll(async () => {
    patientId = (await createPatient(t, admin))._id;
  });

  const facts = async (caseId: string) => {
    const result = (await t.database.db.execute(sql`select * from case_facts where case_id = ${caseId}`)) as { rows: unknown[] };
    return (result.rows as unknown as FactsRow[])[0];
  };
  const count = async (table: 'case_infants' | 'case_indications', caseId: string) => {
    const result = (await t.database.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where case_id = ${caseId}`)) as { rows: unknown[] };
    return (result.rows as Array<{ n: number }>)[0].n;
  };
  /** The stored projection of a case, each table's rows as sorted JSON. */
  const projectionOf = async (caseId: string) => {
    const rows = async (table: string) =>
      ((await t.database.db.execute(sql`select to_jsonb(x) - 'case_id' as row from ${sql.raw(table)} x where case_id = ${caseId}`)) as { rows: Array<{ row: unknown }> }).rows
        .map((r) => JSON.stringify(r.row)).sort();
    return { facts: await rows('case_facts'), infants: await rows('case_infants'), indications: await rows('case_indications') };
  };
  /** The projection a fresh derivation of the stored case writes (the start-up backfill's). */
  const derivedProjectionOf = async (caseId: string) => {
    await t.database.db.execute(sql`delete from case_facts where case_id = ${caseId}`);
    await t.database.db.execute(sql`delete from case_infants where case_id = ${caseId}`);
    await t.database.db.execute(sql`delete from case_indications where case_id = ${caseId}`);
    expect(await t.app.get(CaseFactsBackfill).backfill()).toBe(1);
    return projectionOf(caseId);
  };

  it('insert, save, close, reopen, archive and unarchive each rewrite the facts', async () => {
    const created = await createCase(t, admin, patientId, closableObBody(nextCaseNum()));
    const path = `/api/patients/${patientId}/cases/${created._id}`;
    expect(await facts(created._id!)).toMatchObject({ counted: false, is_close: false, delivery_manner_segment: 'caesarean', livebirth_count: 1 });
    expect(await count('case_infants', created._id!)).toBe(1);
    expect(await count('case_indications', created._id!)).toBe(1);

    const saved = await put(path, { version: created.version, deliveryManner: 2, deliveryIndication: [], laborOnset: 1 }).expect(200);
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

  it('a save rewrites only the part of the projection it changes, and the projection stays what a fresh derivation gives', async () => {
    const created = await createCase(t, admin, patientId, closableObBody(nextCaseNum()));
    const caseId = created._id!;
    const path = `/api/patients/${patientId}/cases/${caseId}`;
    // xmin is the transaction that last wrote a row: unchanged means not rewritten.
    const written = async () => {
      const result = (await t.database.db.execute(sql`
        select (select string_agg(xmin::text, ',') from case_facts where case_id = ${caseId}) as facts,
               (select string_agg(xmin::text, ',') from case_infants where case_id = ${caseId}) as infants,
               (select string_agg(xmin::text, ',') from case_indications where case_id = ${caseId}) as indications`)) as { rows: unknown[] };
      return (result.rows as Array<{ facts: string; infants: string; indications: string }>)[0];
    };
    const projection = () => projectionOf(caseId);
    const first = await written();

    // A room changes nothing the reports read.
    let saved = await put(path, { version: created.version, room: 'Ward 3' }).expect(200);
    expect(await written()).toEqual(first);

    // An infant's weight: the infants are rewritten, the facts and indications are not.
    saved = await put(path, { version: saved.body.version, neonatal: [healthyInfant({ pediatricWeight: 2400 })] }).expect(200);
    const afterInfant = await written();
    expect(afterInfant.infants).not.toEqual(first.infants);
    expect(afterInfant.facts).toEqual(first.facts);
    expect(afterInfant.indications).toEqual(first.indications);
    const weight = (await t.database.db.execute(sql`select weight from case_infants where case_id = ${caseId}`)) as { rows: Array<{ weight: number }> };
    expect(weight.rows).toEqual([{ weight: 2400 }]);

    // Two indications instead of one: only the indications are rewritten.
    await put(path, { version: saved.body.version, deliveryIndication: [101, 104] }).expect(200);
    const afterIndications = await written();
    expect(afterIndications.indications).not.toEqual(afterInfant.indications);
    expect(afterIndications.infants).toEqual(afterInfant.infants);
    expect(await count('case_indications', caseId)).toBe(2);

    // Whatever was skipped, the projection is the one a fresh derivation of the stored case writes.
    const kept = await projection();
    expect(await derivedProjectionOf(caseId)).toEqual(kept);
  });

  it('of two saves of the same version at once, each changing what the reports read, the winner alone is in the projection and the rollup', async () => {
    const created = await createCase(t, admin, patientId, closableObBody(nextCaseNum()));
    const caseId = created._id!;
    const path = `/api/patients/${patientId}/cases/${caseId}`;
    const [a, b] = await Promise.all([
      put(path, { version: created.version, deliveryManner: 2, deliveryIndication: [], laborOnset: 1 }),
      put(path, { version: created.version, neonatal: [healthyInfant({ pediatricWeight: 3100 })], deliveryIndication: [101, 104] }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const kept = await projectionOf(caseId);
    expect(await count('case_indications', caseId)).toBe(a.status === 200 ? 0 : 2);
    expect(await t.app.get(CaseFactsBackfill).rollupInStep()).toBe(true);
    expect(await derivedProjectionOf(caseId)).toEqual(kept);
  });

  it('a refused save (a stale version) leaves the projection as it was, and a case stored without facts gets them at its next save', async () => {
    const created = await createCase(t, admin, patientId, closableObBody(nextCaseNum()));
    const caseId = created._id!;
    const path = `/api/patients/${patientId}/cases/${caseId}`;
    const saved = await put(path, { version: created.version, room: 'Ward 5' }).expect(200);
    const kept = await projectionOf(caseId);
    await put(path, { version: created.version, deliveryManner: 2, deliveryIndication: [], laborOnset: 1 }).expect(409);
    expect(await projectionOf(caseId)).toEqual(kept);

    await t.database.db.execute(sql`delete from case_facts where case_id = ${caseId}`);
    await put(path, { version: saved.body.version, room: 'Ward 6' }).expect(200);
    expect(await facts(caseId)).toMatchObject({ delivery_manner_segment: 'caesarean' });
  });

  it('a case stored without facts gets them from the start-up backfill', async () => {
    const created = await createCase(t, admin, patientId, closableObBody(nextCaseNum()));
    await t.database.db.execute(sql`delete from case_facts where case_id = ${created._id}`);
    expect(await facts(created._id!)).toBeUndefined();
    expect(await t.app.get(CaseFactsBackfill).backfill()).toBe(1);
    expect(await facts(created._id!)).toMatchObject({ delivery_manner_segment: 'caesarean' });
  });

  it('the start-up backfills go once through the cases in batches: five cases without facts or review, two a batch, all five written', async () => {
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push((await createCase(t, admin, patientId, closableObBody(nextCaseNum())))._id!);
    const ids = sql.join(made.map((id) => sql`${id}::uuid`), sql`, `);
    await t.database.db.execute(sql`delete from case_facts where case_id in (${ids})`);
    expect(await t.app.get(CaseFactsBackfill).backfill(2)).toBe(5);
    await t.database.db.execute(sql`delete from case_quality where case_id in (${ids})`);
    expect(await backfillQuality((work) => t.database.transaction(work), 2)).toBe(5);
    const left = (await t.database.db.execute(sql`
      select count(*)::int as n from patient_cases c
      where c.id in (${ids}) and (not exists (select 1 from case_facts f where f.case_id = c.id) or not exists (select 1 from case_quality q where q.case_id = c.id))`)) as { rows: Array<{ n: number }> };
    expect(left.rows[0]!.n).toBe(0);
    // A second pass finds nothing left to do.
    expect(await t.app.get(CaseFactsBackfill).backfill(2)).toBe(0);
    expect(await backfillQuality((work) => t.database.transaction(work), 2)).toBe(0);
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

  it('the rollup rebuilt a few cases at a time (a day never split) counts what it counts rebuilt at once', async () => {
    const snapshot = async () =>
      ((await t.database.db.execute(sql`select dim_a, dim_b, day::text, seg_a, seg_b, n from case_facts_rollup where n <> 0 order by 1, 2, 3, 4, 5`)) as { rows: unknown[] }).rows;
    // Closed cases on three days, two of them on the same day, one with two caesarean indications.
    for (const [days, indications] of [[10, [101, 104]], [10, [102]], [20, []], [30, [103]]] as const) {
      const created = await createCase(t, admin, patientId, closableObBody(nextCaseNum(), {
        admissionDate: daysAgo(days + 1), deliveryDate: daysAgo(days), dischargeDate: daysAgo(days - 3), deliveryIndication: [...indications],
        ...(indications.length === 0 ? { deliveryManner: 2, primaryRepeat: null, incision: null, CSBilateralSalpingectomy: null, CSBTL: null } : {}),
      }));
      await put(`/api/patients/${patientId}/cases/${created._id}/close`, { version: created.version }).expect(200);
    }
    const backfill = t.app.get(CaseFactsBackfill);
    const days = (await t.database.db.execute(sql`select count(distinct counting_date)::int as n from case_facts where counted`)) as { rows: Array<{ n: number }> };
    expect(days.rows[0].n).toBeGreaterThanOrEqual(3);
    const counted = await backfill.rebuildRollup();
    const whole = await snapshot();
    for (const casesPerStep of [1, 2]) {
      expect(await backfill.rebuildRollup(casesPerStep)).toBe(counted);
      expect(await snapshot()).toEqual(whole);
    }
    expect(await backfill.rollupInStep()).toBe(true);
  });

  it('projections written by an older derivation are derived again at start-up, and the rollup rebuilt from them (0015 backfill)', async () => {
    const snapshot = async () =>
      ((await t.database.db.execute(sql`select dim_a, dim_b, day::text, seg_a, seg_b, n from case_facts_rollup where n <> 0 order by 1, 2, 3, 4, 5`)) as { rows: unknown[] }).rows;
    const ids: string[] = [];
    for (const overrides of [{ deliveryAOGType: 2, deliveryAOG: 4, deliveryWeeks: null, deliveryDays: null }, { motherCondition: 3, antecedent: 1, antecedentType: 11, deathTiming: 3, deathReviewed: true }]) {
      const created = await createCase(t, admin, patientId, closableObBody(nextCaseNum(), overrides));
      await put(`/api/patients/${patientId}/cases/${created._id}/close`, { version: created.version }).expect(200);
      ids.push(created._id!);
    }
    const projections = await Promise.all(ids.map(projectionOf));
    const rollup = await snapshot();
    // What the first derivation wrote: no obstetric flag, estimated AOG as N/A; and the rollup counted by it.
    await t.database.db.execute(sql`update case_facts set derivation = 0, is_obstetric = false, aog_segment = 'N/A'`);
    await t.database.db.execute(sql`update case_facts_rollup set n = n + 1 where dim_a = 'AOG' and dim_b = ''`);
    const backfill = t.app.get(CaseFactsBackfill);
    await backfill.onApplicationBootstrap();
    expect(await Promise.all(ids.map(projectionOf))).toEqual(projections);
    expect(await snapshot()).toEqual(rollup);
    const stale = (await t.database.db.execute(sql`select count(*)::int as n from case_facts where derivation < ${CASE_FACTS_DERIVATION}`)) as { rows: Array<{ n: number }> };
    expect(stale.rows[0].n).toBe(0);
    expect(await backfill.rederive()).toBe(0);
  });
});
