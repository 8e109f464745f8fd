import type { AddressInfo } from 'node:net';
import type { CaseForm, ErrorEnvelope, NationalComparisonAnswer, HubReceipt, IssuedHubKey, NationalFiguresAnswer, NationalFunnelAnswer, NationalIngestAnswer, NationalStandingAnswer } from '@pnss/libs/api';
import { closableGyneCase, closableObCase, healthyInfant } from '@pnss/libs/testing';
import { count, eq, sql } from 'drizzle-orm';
import { nationalCases, nationalInfants, nationalIngest } from '../src/database/national.schema.js';
import { hubPackages } from '../src/database/submissions.schema.js';
import { NationalIngestService } from '../src/modules/national/national-ingest.service.js';
import { buildPackageFile, packagedCases } from '../src/modules/submissions/package-file.js';
import { hubPackageSteps } from './support/hub-packages.js';
import { type SignedIn, type TestApp, createTestApp } from './support/test-app.js';

const SECRET = 'the department secret of the national tests, long enough';
const census = { departmentId: 'SOCIETY', societyUrl: null, societyApiKey: null, societyTimeoutMs: 1500, hubEnabled: true, packageFreeText: false, packageSecret: SECRET };

/** A closed OB case discharged in March 2026, its own record and patient. */
const ob = (id: string, overrides: Partial<CaseForm> = {}): CaseForm =>
  closableObCase({ _id: id, patientid: `patient-${id}`, dischargeDate: '2026-03-14', admissionDate: '2026-03-10', deliveryDate: '2026-03-11', isClose: true, ...overrides });
const gyne = (id: string, overrides: Partial<CaseForm> = {}): CaseForm =>
  closableGyneCase({ _id: id, patientid: `patient-${id}`, dischargeDate: '2026-03-20', admissionDate: '2026-03-16', isClose: true, ...overrides });
/** A maternal death from postpartum haemorrhage (ICD-MM group 3), postpartum. */
const haemorrhageDeath = (id: string) => ob(id, { motherCondition: 3, antecedent: 1, antecedentType: 11, antecedentCause: 1101, deathTiming: 3 });
/** Twins, the second stillborn at 39 weeks (Robson group 8). */
const twinsOneStillborn = (id: string) => ob(id, {
  pregnancyType: 2, infantsNumber: 2, deliveryManner2: 1,
  neonatal: [healthyInfant({ pediatricAge: 39, pediatricWeight: 3000 }), healthyInfant({ status: 5, pediatricAge: 39, pediatricWeight: 2900, apgar1m: 0, apgar5m: 0 })],
});

function zipOf(departmentId: string, submissionId: string, version: number, forms: CaseForm[]): Buffer {
  const built = buildPackageFile({ departmentId, submissionId, version, createdAt: '2026-04-02T08:00:00.000Z' }, packagedCases(SECRET, forms, { freeText: false }));
  return Buffer.from(built.bytes);
}

describe('the national census: ingest of received packages into national facts, and the national figures (issue 29)', () => {
  let hub: TestApp;
  let admin: SignedIn;
  const keys: Record<string, IssuedHubKey> = {};

  beforeAll(async () => {
    hub = await createTestApp({ config: { census } });
    admin = await hub.signInAsAdmin();
    for (const departmentId of ['DEPT-A', 'DEPT-B']) {
      keys[departmentId] = (await hub.http.post('/api/hub/keys').set('Authorization', admin.authorization).send({ departmentId }).expect(201)).body as IssuedHubKey;
    }
  }, 180_000);
  afterAll(async () => {
    await hub?.close();
  });

  const get = (path: string) => hub.http.get(path).set('Authorization', admin.authorization);
  const { send, packageId, settled } = hubPackageSteps(() => hub, keys);
  const factCounts = async (departmentId: string) => ({
    cases: (await hub.database.db.select({ n: count() }).from(nationalCases).where(eq(nationalCases.departmentId, departmentId)))[0].n,
    infants: (await hub.database.db.select({ n: count() }).from(nationalInfants).where(eq(nationalInfants.departmentId, departmentId)))[0].n,
  });
  const figures = async (query: string) => (await get(`/api/national/figures?${query}`).expect(200)).body as NationalFiguresAnswer;

  let v1: string;

  it('a received package becomes one fact row per case and one per infant, keyed by department, patient key and record id, in a background job', async () => {
    const forms = [ob('a-1'), haemorrhageDeath('a-2'), twinsOneStillborn('a-3'), gyne('a-4', { motherCondition: 3 })];
    const receipt = (await send('DEPT-A', zipOf('DEPT-A', 'SUB-A1', 1, forms)).expect(201)).body as HubReceipt;
    expect(receipt.duplicate).toBe(false);
    v1 = await packageId('DEPT-A', 'SUB-A1', 1);
    expect(await settled(v1)).toBe('ingested');
    expect(await factCounts('DEPT-A')).toEqual({ cases: 4, infants: 4 });
    const rows = await hub.database.db.select().from(nationalCases).where(eq(nationalCases.departmentId, 'DEPT-A'));
    expect(rows.map((r) => r.caseId).sort()).toEqual(['a-1', 'a-2', 'a-3', 'a-4']);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.patientKey) && r.submissionId === 'SUB-A1' && r.dischargeMonth === '2026-03')).toBe(true);
    const list = (await get('/api/national/ingest').expect(200)).body as NationalIngestAnswer;
    expect(list.items.find((i) => i.packageId === v1)).toMatchObject({ state: 'ingested', factCases: 4, factInfants: 4, attempts: 1, reason: null });
    expect(list.queue).toMatch(/pg-boss 12/);
  });

  it('counts the figures by the libs rules: the gyne patient who died is no maternal death; twins are two births, one of them stillborn', async () => {
    const answer = await figures('from=2026-03&to=2026-03');
    expect(answer).toMatchObject({ cases: 4, obstetricCases: 3, departments: 1 });
    // 1 maternal death over 3 live births (a-1, a-2, the live twin).
    expect(answer.maternal.mmr.events).toEqual({ count: 1, mark: 'small' });
    expect(answer.maternal.mmr.denominator).toEqual({ count: 3, mark: 'small' });
    expect(answer.maternal.mmr.rate).toBeCloseTo(33_333.33, 1);
    expect(answer.maternal.byIcdMmGroup.find((g) => g.group === '3')?.deaths.count).toBe(1);
    expect(answer.maternal.byTiming.find((t) => t.segment === 'postpartum')?.count.count).toBe(1);
    expect(answer.maternal.totalDeaths.count).toBe(1);
    expect(answer.perinatal.international).toMatchObject({ liveBirths: { count: 3 }, stillbirths: { count: 1 }, totalBirths: { count: 4 }, stillbirthRate: 250 });
    // Three women gave birth, all by caesarean: two in group 4b, the twins in group 8.
    expect(answer.caesarean.rate).toMatchObject({ events: { count: 3 }, denominator: { count: 3 }, rate: 100 });
    expect(answer.caesarean.robson.find((r) => r.group === '8')?.women.count).toBe(1);
    expect(answer.caesarean.robson.find((r) => r.group === '4b')?.women.count).toBe(2);
    // Outside the period, nothing.
    expect((await figures('from=2026-04&to=2026-12')).cases).toBe(0);
  });

  it('the same package twice changes nothing', async () => {
    const before = await factCounts('DEPT-A');
    const again = (await send('DEPT-A', zipOf('DEPT-A', 'SUB-A1', 1, [ob('a-1'), haemorrhageDeath('a-2'), twinsOneStillborn('a-3'), gyne('a-4', { motherCondition: 3 })])).expect(200)).body as HubReceipt;
    expect(again.duplicate).toBe(true);
    // Its job run again (a retry, a second server) finds it counted already.
    expect(await hub.app.get(NationalIngestService).ingest(v1)).toBe('ingested');
    expect(await factCounts('DEPT-A')).toEqual(before);
  });

  it('a later version of the same submission replaces its facts in one go, and the superseded version is never counted again', async () => {
    // The rebuild after a correction: the death was recorded in error and the first case is gone.
    await send('DEPT-A', zipOf('DEPT-A', 'SUB-A1', 2, [ob('a-2'), twinsOneStillborn('a-3'), gyne('a-4')])).expect(201);
    const v2 = await packageId('DEPT-A', 'SUB-A1', 2);
    expect(await settled(v2)).toBe('ingested');
    expect(await factCounts('DEPT-A')).toEqual({ cases: 3, infants: 3 });
    const answer = await figures('from=2026-03&to=2026-03');
    expect(answer.cases).toBe(3);
    expect(answer.maternal.mmr.events.count).toBe(0);
    expect(answer.maternal.mmr.denominator.count).toBe(2);
    expect((await hub.database.db.select({ state: nationalIngest.state }).from(nationalIngest).where(eq(nationalIngest.hubPackageId, v1)))[0].state).toBe('superseded');
    // The first version's job, late or run again, does not bring it back.
    expect(await hub.app.get(NationalIngestService).ingest(v1)).toBe('superseded');
    expect(await factCounts('DEPT-A')).toEqual({ cases: 3, infants: 3 });
  });

  it('a package the hub cannot read is held with its reason in words, counts nothing, touches nothing counted, and is ingested again on retry', async () => {
    await send('DEPT-B', zipOf('DEPT-B', 'SUB-B1', 1, [ob('b-1'), ob('b-2', { deliveryManner: 2, primaryRepeat: null, incision: null, deliveryIndication: [] })])).expect(201);
    const b1 = await packageId('DEPT-B', 'SUB-B1', 1);
    expect(await settled(b1)).toBe('ingested');
    const counted = await factCounts('DEPT-A');
    // A package stored by an older hub, in a dictionary this one does not read.
    await send('DEPT-B', zipOf('DEPT-B', 'SUB-B2', 1, [ob('b-3')])).expect(201);
    const b2 = await packageId('DEPT-B', 'SUB-B2', 1);
    await settled(b2);
    await hub.database.db.update(hubPackages).set({ dataDictionaryVersion: '2025.9' }).where(eq(hubPackages.id, b2));
    expect(await hub.app.get(NationalIngestService).ingest(b2)).toBe('held');
    const held = ((await get('/api/national/ingest?state=held').expect(200)).body as NationalIngestAnswer).items;
    expect(held.map((i) => i.packageId)).toEqual([b2]);
    expect(held[0].reason).toBe('The package follows data dictionary 2025.9; this hub reads 2026.2. Upgrade the hub, then ingest it again.');
    expect(await factCounts('DEPT-A')).toEqual(counted);
    // After the upgrade (here: the package readable again), a retry queues it.
    await hub.database.db.update(hubPackages).set({ dataDictionaryVersion: '2026.2' }).where(eq(hubPackages.id, b2));
    const retried = await hub.http.post(`/api/national/ingest/${b2}/retry`).set('Authorization', admin.authorization).expect(200);
    expect(retried.body).toMatchObject({ packageId: b2, state: 'queued' });
    expect(await settled(b2)).toBe('ingested');
    const conflict = await hub.http.post(`/api/national/ingest/${b2}/retry`).set('Authorization', admin.authorization).expect(409);
    expect((conflict.body as ErrorEnvelope).message).toMatch(/ingested/);
  });

  it("a funnel plot places each department against the national rate with 95% and 99.8% limits; the department filter counts one department's cases only", async () => {
    const funnel = (await get('/api/national/funnel?from=2026-03&to=2026-03&indicator=caesarean').expect(200)).body as NationalFunnelAnswer;
    // DEPT-A: 2 women, 2 caesareans; DEPT-B: 3 women, 2 caesareans (b-2 vaginal).
    expect(funnel).toMatchObject({ model: 'binomial', per: 100, nationalEvents: 4, nationalDenominator: 5 });
    expect(funnel.nationalRate).toBeCloseTo(80, 6);
    expect(funnel.points.map((p) => [p.departmentId, p.events, p.denominator, p.position998])).toEqual([['DEPT-A', 2, 2, 'inside'], ['DEPT-B', 2, 3, 'inside']]);
    expect(funnel.limits.length).toBeGreaterThan(0);
    expect((await figures('from=2026-03&to=2026-03&departmentId=DEPT-B')).cases).toBe(3);
  });

  it("a department's standing: its own figures beside the national ones, national counts from 1 to 4 withheld; its key is the credential", async () => {
    const standing = (await hub.http.get('/api/hub/standing?from=2026-03&to=2026-03')
      .set({ 'x-department-id': 'DEPT-B', 'x-api-key': keys['DEPT-B'].key }).expect(200)).body as NationalStandingAnswer;
    expect(standing.department.cases).toEqual({ count: 3, mark: 'shown' });
    expect(standing.national.cases).toEqual({ count: 6, mark: 'shown' });
    expect(standing.national.caesarean.events).toEqual({ count: null, mark: 'small' });
    expect(standing.national.caesarean.rate).toBeNull();
    await hub.http.get('/api/hub/standing?from=2026-03&to=2026-03').set({ 'x-department-id': 'DEPT-A', 'x-api-key': keys['DEPT-B'].key }).expect(401);
  });

  it("a department's Reports fetch its standing from the hub with its key, dated; without a society the comparison says so", async () => {
    await hub.app.listen({ port: 0, host: '127.0.0.1' });
    const hubUrl = `http://127.0.0.1:${(hub.app.getHttpServer().address() as AddressInfo).port}`;
    const dept = await createTestApp({ config: { census: { ...census, departmentId: 'DEPT-B', hubEnabled: false, societyUrl: hubUrl, societyApiKey: keys['DEPT-B'].key } } });
    const alone = await createTestApp({ config: { census: { ...census, departmentId: 'DEPT-C', hubEnabled: false } } });
    try {
      const deptAdmin = await dept.signInAsAdmin();
      const comparison = (await dept.http.get('/api/reports/national?from=2026-03&to=2026-03').set('Authorization', deptAdmin.authorization).expect(200)).body as NationalComparisonAnswer;
      expect(comparison.configured).toBe(true);
      expect(comparison.fetchedAt).not.toBeNull();
      expect(comparison.standing?.department.cases.count).toBe(3);
      expect(comparison.standing?.national.caesarean.events.count).toBeNull();
      const aloneAdmin = await alone.signInAsAdmin();
      const none = (await alone.http.get('/api/reports/national?from=2026-03&to=2026-03').set('Authorization', aloneAdmin.authorization).expect(200)).body as NationalComparisonAnswer;
      expect(none).toEqual({ configured: false, message: 'No society is configured (SOCIETY_URL and SOCIETY_API_KEY): there is no national comparison.', fetchedAt: null, standing: null });
      // The national routes are the hub's only.
      const off = await dept.http.get('/api/national/figures?from=2026-03&to=2026-03').set('Authorization', deptAdmin.authorization).expect(404);
      expect((off.body as ErrorEnvelope).message).toMatch(/not the society hub/);
    } finally {
      await dept.close();
      await alone.close();
    }
  }, 180_000);

  it("exports suppress every count from 1 to 4 as '†'", async () => {
    const csv = await get('/api/national/export/icd-mm?from=2026-01&to=2026-03&format=csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text).toContain('Small-cell suppression on');
    const robson = await get('/api/national/export/robson?from=2026-03&to=2026-03&format=csv').expect(200);
    expect(robson.text).toContain('†');
  });

  it('refuses a bad period naming the field, and anyone without view_national', async () => {
    const bad = await get('/api/national/figures?from=2026-13&to=2026-03').expect(400);
    expect((bad.body as ErrorEnvelope).errors).toEqual([{ field: 'from', message: 'from must be a month, YYYY-MM (e.g. 2026-01)' }]);
    const reversed = await get('/api/national/figures?from=2026-04&to=2026-03').expect(400);
    expect((reversed.body as ErrorEnvelope).errors?.[0].field).toBe('from');
    const clinician = await hub.createUserWithRole('clinician');
    await hub.http.get('/api/national/figures?from=2026-03&to=2026-03').set('Authorization', clinician.authorization).expect(403);
  });

  /** The yearly level's rows that are not the sums of the monthly counts of their year, either way (migration 0028); none when they agree. */
  const yearlyDisagreements = async () => {
    const rows = (query: ReturnType<typeof sql>) => hub.database.db.execute(query).then((r) => (r as unknown as { rows: unknown[] }).rows);
    return [
      ...await rows(sql`
        (select department_id, discharge_year, is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment, n
           from national_case_counts_yearly
         except
         select department_id, left(discharge_month, 4), is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment, sum(n)::int
           from national_case_counts where discharge_month is not null group by 1, 2, 3, 4, 5, 6, 7, 8)
        union all
        (select department_id, left(discharge_month, 4), is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment, sum(n)::int
           from national_case_counts where discharge_month is not null group by 1, 2, 3, 4, 5, 6, 7, 8
         except
         select department_id, discharge_year, is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment, n
           from national_case_counts_yearly)`),
      ...await rows(sql`
        (select department_id, discharge_year, status, weight, gestation_min, gestation_max, n from national_birth_counts_yearly
         except
         select department_id, left(discharge_month, 4), status, weight, gestation_min, gestation_max, sum(n)::int
           from national_birth_counts where discharge_month is not null group by 1, 2, 3, 4, 5, 6)
        union all
        (select department_id, left(discharge_month, 4), status, weight, gestation_min, gestation_max, sum(n)::int
           from national_birth_counts where discharge_month is not null group by 1, 2, 3, 4, 5, 6
         except
         select department_id, discharge_year, status, weight, gestation_min, gestation_max, n from national_birth_counts_yearly)`),
      ...await rows(sql`
        (select department_id, discharge_month, cases, obstetric from national_month_cases
         except
         select department_id, discharge_month, sum(n)::int, coalesce(sum(n) filter (where is_obstetric), 0)::int from national_case_counts group by 1, 2)
        union all
        (select department_id, discharge_month, sum(n)::int, coalesce(sum(n) filter (where is_obstetric), 0)::int from national_case_counts group by 1, 2
         except
         select department_id, discharge_month, cases, obstetric from national_month_cases)`),
    ];
  };
  const generation = async () => Number(((await hub.database.db.execute(sql`select generation from national_generation`)) as unknown as { rows: Array<{ generation: string }> }).rows[0].generation);

  it('the yearly counts are the sums of the monthly counts of their year, and a rebuild replacing a package\'s facts counts its years again', async () => {
    expect(await yearlyDisagreements()).toEqual([]);
    const yearly = async () => Number(((await hub.database.db.execute(sql`
      select coalesce(sum(n), 0) as n from national_case_counts_yearly where department_id = 'DEPT-A' and discharge_year = '2026'`)) as unknown as { rows: Array<{ n: string }> }).rows[0].n);
    expect(await yearly()).toBe(3);
    // A whole year is read from the yearly level; eleven months as the year less its first month.
    expect((await figures('from=2026-01&to=2026-12&departmentId=DEPT-A')).cases).toBe(3);
    expect((await figures('from=2026-02&to=2026-12&departmentId=DEPT-A')).cases).toBe(3);
    expect((await figures('from=2026-01&to=2026-12')).cases).toBe(6);
    expect((await figures('from=2026-04&to=2026-12')).cases).toBe(0);
    await send('DEPT-A', zipOf('DEPT-A', 'SUB-A1', 3, [ob('a-2'), twinsOneStillborn('a-3'), gyne('a-4'), ob('a-5')])).expect(201);
    expect(await settled(await packageId('DEPT-A', 'SUB-A1', 3))).toBe('ingested');
    expect(await yearly()).toBe(4);
    expect(await yearlyDisagreements()).toEqual([]);
    const year = await figures('from=2026-01&to=2026-12&departmentId=DEPT-A');
    expect(year).toMatchObject({ cases: 4, obstetricCases: 3 });
    expect(year.perinatal.international).toMatchObject({ liveBirths: { count: 3 }, stillbirths: { count: 1 } });
    expect((await figures('from=2026-01&to=2026-12')).cases).toBe(7);
    expect(await figures('from=2026-01&to=2026-12')).toEqual({ ...(await figures('from=2026-03&to=2026-03')), from: '2026-01', to: '2026-12' });
  });

  it('a view answers what the data hold now: every change to what the views read raises the national generation, and a kept answer is computed again', async () => {
    const period = 'from=2026-01&to=2026-12';
    const before = await figures(period);
    expect(await figures(period)).toEqual(before);
    // Any writer, not only the ingest: a change by hand to the counts the views read, committed.
    const raised = await generation();
    await hub.database.db.execute(sql`update national_month_cases set cases = cases + 100 where department_id = 'DEPT-A' and discharge_month = '2026-03'`);
    expect(await generation()).toBe(raised + 1);
    expect((await figures(period)).cases).toBe(before.cases + 100);
    // Several rows in one transaction raise it once.
    await hub.database.transaction(async (tx) => {
      await tx.execute(sql`update national_month_cases set cases = cases - 50 where department_id = 'DEPT-A' and discharge_month = '2026-03'`);
      await tx.execute(sql`update national_month_cases set cases = cases - 50 where department_id = 'DEPT-A' and discharge_month = '2026-03'`);
    });
    expect(await generation()).toBe(raised + 2);
    expect(await figures(period)).toEqual(before);
    // A key issued is a department the departments view lists.
    const departments = async () => ((await get('/api/national/departments').expect(200)).body as { items: Array<{ departmentId: string }> }).items.map((d) => d.departmentId);
    expect(await departments()).not.toContain('DEPT-NEW');
    await hub.http.post('/api/hub/keys').set('Authorization', admin.authorization).send({ departmentId: 'DEPT-NEW' }).expect(201);
    expect(await departments()).toContain('DEPT-NEW');
  });

  it('a package whose kept file no longer matches the SHA-256 it was received with is held, never half read; restored, it is ingested again', async () => {
    await send('DEPT-B', zipOf('DEPT-B', 'SUB-B3', 1, [ob('b-5', { dischargeDate: '2025-06-14', admissionDate: '2025-06-10', deliveryDate: '2025-06-11' })])).expect(201);
    const b3 = await packageId('DEPT-B', 'SUB-B3', 1);
    expect(await settled(b3)).toBe('ingested');
    const counted = await factCounts('DEPT-B');
    const [kept] = await hub.database.db.select({ content: hubPackages.content }).from(hubPackages).where(eq(hubPackages.id, b3));
    const damaged = Buffer.from(kept.content);
    damaged[damaged.length >> 1] ^= 0xff;
    await hub.database.db.update(hubPackages).set({ content: damaged }).where(eq(hubPackages.id, b3));
    expect(await hub.app.get(NationalIngestService).ingest(b3)).toBe('held');
    const [row] = await hub.database.db.select({ reason: nationalIngest.reason }).from(nationalIngest).where(eq(nationalIngest.hubPackageId, b3));
    expect(row.reason).toBe('The file the hub keeps no longer matches the SHA-256 it had when it was received.');
    expect(await factCounts('DEPT-B')).toEqual(counted);
    await hub.database.db.update(hubPackages).set({ content: kept.content }).where(eq(hubPackages.id, b3));
    await hub.http.post(`/api/national/ingest/${b3}/retry`).set('Authorization', admin.authorization).expect(200);
    expect(await settled(b3)).toBe('ingested');
    expect(await factCounts('DEPT-B')).toEqual(counted);
  });
});
