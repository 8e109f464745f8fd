import { createHmac } from 'node:crypto';
import type { CaseForm, CensusPackage, CensusPackagesResponse, ClosedCasesResponse, ClosedCaseItem, ClosedCaseListItem, ErrorEnvelope, PackagedCasesResponse } from '@pnss/libs/api';
import { DATA_DICTIONARY_VERSION, type PackageManifest, type PackagedCase } from '@pnss/libs/submissions';
import { and, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditLog } from '../src/database/schema.js';
import { patientCases } from '../src/database/patients.schema.js';
import { censusPackageCases, censusPackages } from '../src/database/submissions.schema.js';
import { approve, closedCase, downloadPackage, packageOf, untilBuilt } from './support/census.js';
import { healthyInfant } from '@pnss/libs/testing';
import { closableObBody, createCase, createPatient, nextCaseNum, yearsAgo } from './support/patient-cases.js';
import { type SignedIn, type TestApp, createTestApp } from './support/test-app.js';

const SECRET = 'a department package secret for the tests, long enough';
const CENSUS = {
  departmentId: 'DEPT-TEST', societyUrl: null, societyApiKey: null, societyTimeoutMs: 2000, hubEnabled: false, packageSecret: SECRET, packageFreeText: false,
};

describe('Submissions: closed-case review and census packages (SPEC.md §2, §4, §7)', () => {
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ config: { census: CENSUS } });
    admin = await t.signInAsAdmin();
  }, 120_000);
  afterAll(() => t?.close());

  const get = (path: string) => t.http.get(path).set('Authorization', admin.authorization);
  const post = (path: string, body: object = {}) => t.http.post(path).set('Authorization', admin.authorization).send(body);
  const put = (path: string, body: object = {}) => t.http.put(path).set('Authorization', admin.authorization).send(body);
  const closedIds = async (path: string) => ((await get(path).expect(200)).body as ClosedCasesResponse<ClosedCaseItem>).result.map((c) => c._id);

  describe('review lists', () => {
    it('lists closed, unarchived, unpackaged cases with { result, count, offset }, and each type list by the libs rule', async () => {
      const ob = await closedCase(t, admin, 'ob', { firstName: 'Lorna', lastName: 'Dimaculangan' });
      const gyne = await closedCase(t, admin, 'gyne');
      const patient = await createPatient(t, admin);
      const open = await createCase(t, admin, patient._id, closableObBody(nextCaseNum()));

      const all = (await get('/api/submissions/cases/closed').expect(200)).body as ClosedCasesResponse<ClosedCaseItem>;
      expect(all.offset).toBe(0);
      expect(all.count).toBe(all.result.length);
      const ids = all.result.map((c) => c._id);
      expect(ids).toEqual(expect.arrayContaining([ob.form._id, gyne.form._id]));
      expect(ids).not.toContain(open._id);

      const item = all.result.find((c) => c._id === ob.form._id) as ClosedCaseItem & { livebirthCount: number; infantsNumber: number };
      expect(item).toMatchObject({
        caseNum: ob.form.caseNum, admissionDate: ob.form.admissionDate, dischargeDate: ob.form.dischargeDate, approved: false,
        patientid: { _id: ob.patient._id, firstName: 'Lorna', lastName: 'Dimaculangan', birthDate: ob.patient.birthDate },
        infantsNumber: 1, livebirthCount: 1,
      });

      expect(await closedIds('/api/submissions/maternalfetalcase')).toContain(ob.form._id);
      expect(await closedIds('/api/submissions/maternalfetalcase')).not.toContain(gyne.form._id);
      expect(await closedIds('/api/submissions/gynecase')).toContain(gyne.form._id);
      expect(await closedIds('/api/submissions/gynecase')).not.toContain(ob.form._id);
      expect(await closedIds('/api/submissions/maternalmortalitycase')).not.toContain(ob.form._id);
    });

    it('says of each case which review lists it appears in: on the all-cases list a gyne case reads as gynecase, not maternal fetal', async () => {
      const ob = await closedCase(t, admin, 'ob');
      const gyne = await closedCase(t, admin, 'gyne');
      const all = ((await get('/api/submissions/cases/closed').expect(200)).body as ClosedCasesResponse<ClosedCaseListItem>).result;
      expect(all.find((c) => c._id === gyne.form._id)).toMatchObject({ caseType: 'gynecase', caseTypes: ['gynecase'] });
      expect(all.find((c) => c._id === ob.form._id)).toMatchObject({ caseType: 'maternalfetalcase', caseTypes: ['maternalfetalcase'] });
      const gyneList = ((await get('/api/submissions/gynecase').expect(200)).body as ClosedCasesResponse<ClosedCaseListItem>).result;
      expect(gyneList.find((c) => c._id === gyne.form._id)).toMatchObject({ caseType: 'gynecase' });
    });

    it('refuses an unknown case type with a 400 naming casetype', async () => {
      const res = await get('/api/submissions/obcase').expect(400);
      expect((res.body as ErrorEnvelope).errors?.[0].field).toBe('casetype');
    });

    it('needs a token and the permission', async () => {
      await t.http.get('/api/submissions/cases/closed').expect(401);
      const clinician = await t.createUserWithRole('clinician');
      await t.http.get('/api/submissions/cases/closed').set('Authorization', clinician.authorization).expect(403);
      await t.http.post('/api/submissions/cases/create').set('Authorization', clinician.authorization).send({ selectedCases: [] }).expect(403);
      await t.http.get('/api/submissions/census/packages').set('Authorization', clinician.authorization).expect(403);
    });
  });

  describe('approval', () => {
    it('records and withdraws approval, audited per case', async () => {
      const { form } = await closedCase(t, admin);
      await post('/api/submissions/cases/approval').expect(404);
      await approve(t, admin, [form._id as string]);
      let item = ((await get('/api/submissions/cases/closed').expect(200)).body as ClosedCasesResponse).result.find((c) => c._id === form._id);
      expect(item?.approved).toBe(true);
      await approve(t, admin, [form._id as string], false);
      item = ((await get('/api/submissions/cases/closed').expect(200)).body as ClosedCasesResponse).result.find((c) => c._id === form._id);
      expect(item?.approved).toBe(false);
      const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'case'), eq(auditLog.entityId, form._id as string)));
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['approve', 'withdraw_approval']));
    });

    it('refuses to approve an open case, naming it', async () => {
      const patient = await createPatient(t, admin);
      const open = await createCase(t, admin, patient._id, closableObBody(nextCaseNum('OPEN')));
      const res = await t.http.put('/api/submissions/cases/approval').set('Authorization', admin.authorization)
        .send({ caseIds: [open._id], approved: true }).expect(409);
      expect((res.body as ErrorEnvelope).message).toBe(`Case ${open.caseNum} is not closed`);
    });
  });

  describe('create', () => {
    it("refuses an empty selection with 400 'No selected cases'", async () => {
      for (const body of [{ selectedCases: [] }, {}]) {
        const res = await post('/api/submissions/cases/create', body).expect(400);
        expect((res.body as ErrorEnvelope).message).toBe('No selected cases');
      }
    });

    it('refuses cases that are not approved, not closed, or unknown, by name', async () => {
      const { form } = await closedCase(t, admin);
      let res = await post('/api/submissions/cases/create', { selectedCases: [form._id] }).expect(409);
      expect((res.body as ErrorEnvelope).message).toBe(`Case ${form.caseNum} is not approved`);
      const patient = await createPatient(t, admin);
      const open = await createCase(t, admin, patient._id, closableObBody(nextCaseNum('OPEN')));
      res = await post('/api/submissions/cases/create', { selectedCases: [open._id] }).expect(409);
      expect((res.body as ErrorEnvelope).message).toBe(`Case ${open.caseNum} is not closed`);
      await post('/api/submissions/cases/create', { selectedCases: ['00000000-0000-4000-8000-000000000000'] }).expect(404);
      res = await post('/api/submissions/cases/create', { selectedCases: ['nope'] }).expect(400);
      expect((res.body as ErrorEnvelope).errors?.[0].field).toBe('selectedCases');
    });

    it('builds in the background (202, building, then pending at 100%), and the cases become Submitted', async () => {
      const a = await closedCase(t, admin);
      const b = await closedCase(t, admin, 'gyne');
      const ids = [a.form._id as string, b.form._id as string];
      await approve(t, admin, ids);
      const res = await post('/api/submissions/cases/create', { selectedCases: ids }).expect(202);
      const started = res.body as CensusPackage;
      expect(started).toMatchObject({ status: 'building', building: true, numOfCases: 2, version: 1, departmentId: 'DEPT-TEST' });
      const built = await untilBuilt(t, admin, started.submissionId);
      expect(built).toMatchObject({
        status: 'pending', progress: 100, building: false, version: 1, numOfCases: 2,
        fileName: `PNSS-DEPT-TEST-${started.submissionId}-v1.zip`, lastError: null,
      });
      expect(built.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(built.startDate <= built.endDate).toBe(true);

      // Submitted: out of the review list, refused reopen and edit.
      expect(await closedIds('/api/submissions/cases/closed')).not.toEqual(expect.arrayContaining([ids[0]]));
      const stored = (await get(`/api/patients/${a.patient._id}/cases/${a.form._id}`).expect(200)).body;
      expect(stored.submissionId).toBe(started.submissionId);
      await t.http.put(`/api/patients/${a.patient._id}/cases/${a.form._id}/reopen`).set('Authorization', admin.authorization).send({}).expect(409);
      await t.http.put(`/api/patients/${a.patient._id}/cases/${a.form._id}`).set('Authorization', admin.authorization)
        .send({ version: stored.version, room: 'B-12' }).expect(409);

      // A case already in a package is refused by name.
      const again = await post('/api/submissions/cases/create', { selectedCases: [ids[0]] }).expect(409);
      expect((again.body as ErrorEnvelope).message).toBe(`Case ${a.form.caseNum} is already in a census package`);

      const packaged = (await get(`/api/submissions/cases/packaged/${started.submissionId}`).expect(200)).body as PackagedCasesResponse;
      expect(packaged.count).toBe(2);
      expect(packaged.result.map((c) => c._id).sort()).toEqual([...ids].sort());
      expect(packaged.result[0]).toEqual({
        _id: expect.any(String), caseNum: expect.any(String), admissionDate: expect.any(String), dischargeDate: expect.any(String),
        patientid: expect.objectContaining({ _id: expect.any(String), firstName: expect.any(String), lastName: expect.any(String) }),
      });
      const list = (await get('/api/submissions/census/packages').expect(200)).body as CensusPackagesResponse;
      expect(list.items.map((p) => p.submissionId)).toContain(started.submissionId);
      const found = (await get(`/api/submissions/census/packages/search?search=${started.submissionId.slice(-6).toLowerCase()}`).expect(200)).body as CensusPackagesResponse;
      expect(found.items.map((p) => p.submissionId)).toEqual([started.submissionId]);

      const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'package'), eq(auditLog.entityId, started.submissionId)));
      expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['create', 'build']));
    });

    it("runs one build at a time: two creates at once give one 202 and one 409 'Still processing previous package'", async () => {
      const cases = [];
      for (let i = 0; i < 6; i++) cases.push((await closedCase(t, admin)).form._id as string);
      await approve(t, admin, cases);
      const [first, second] = await Promise.all([
        post('/api/submissions/cases/create', { selectedCases: cases.slice(0, 3) }),
        post('/api/submissions/cases/create', { selectedCases: cases.slice(3) }),
      ]);
      expect([first.status, second.status].sort()).toEqual([202, 409]);
      const refused = first.status === 409 ? first : second;
      expect((refused.body as ErrorEnvelope).message).toBe('Still processing previous package');
      const accepted = (first.status === 202 ? first : second).body as CensusPackage;
      await untilBuilt(t, admin, accepted.submissionId);
      // The refused build left its cases where they were: still in the review list, still approved.
      const refusedIds = first.status === 409 ? cases.slice(0, 3) : cases.slice(3);
      expect(await closedIds('/api/submissions/cases/closed')).toEqual(expect.arrayContaining(refusedIds));
    }, 60_000);
  });

  describe('the package file', () => {
    let pkg: CensusPackage;
    let patientId: string;
    let birthDate: string;
    let caseNum: string;
    let ageOnAdmission: number | null;

    beforeAll(async () => {
      const patient = await createPatient(t, admin, { firstName: 'Marisol', middleName: 'Evangelista', lastName: 'Quintanilla' });
      patientId = patient._id;
      birthDate = patient.birthDate as string;
      const c1 = await createCase(t, admin, patient._id, closableObBody(nextCaseNum('ZIP')));
      caseNum = c1.caseNum;
      ageOnAdmission = c1.age;
      await t.http.put(`/api/patients/${patient._id}/cases/${c1._id}/close`).set('Authorization', admin.authorization).send({}).expect(200);
      const other = await closedCase(t, admin, 'gyne');
      pkg = await packageOf(t, admin, [c1._id as string, other.form._id as string]);
    }, 60_000);

    it('is a ZIP with manifest.json, cases.json and one CSV per case type, every SHA-256 in the manifest right', async () => {
      const bytes = await downloadPackage(t, admin, pkg.submissionId);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(pkg.sha256);
      const files = unzipSync(new Uint8Array(bytes));
      expect(Object.keys(files)).toEqual(['manifest.json', 'cases.json', 'maternalfetalcase.csv', 'gynecase.csv', 'maternalmortalitycase.csv', 'gtdcase.csv']);
      const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as PackageManifest;
      // The department keeps the exact period; the manifest widens it to whole months of discharge.
      expect(manifest).toMatchObject({
        submissionId: pkg.submissionId, departmentId: 'DEPT-TEST', numOfCases: 2, version: 1,
        dataDictionaryVersion: DATA_DICTIONARY_VERSION, createdAt: pkg.builtAt,
      });
      expect(manifest.startDate).toMatch(/^\d{4}-\d{2}-01$/);
      expect(manifest.startDate <= pkg.endDate && manifest.endDate >= pkg.endDate).toBe(true);
      for (const entry of manifest.files) {
        expect(createHash('sha256').update(files[entry.name]).digest('hex')).toBe(entry.sha256);
        expect(files[entry.name].byteLength).toBe(entry.size);
      }
      const csv = new TextDecoder().decode(files['maternalfetalcase.csv']);
      expect(csv.split('\r\n')[0]).toContain('Pregnancy Type,Pregnancy Type (label)');
      expect(csv).toContain('Singleton');
    });

    it('carries no patient name, birth date or raw patient id in any file, and a keyed hash instead', async () => {
      const files = unzipSync(new Uint8Array(await downloadPackage(t, admin, pkg.submissionId)));
      for (const [name, data] of Object.entries(files)) {
        const text = new TextDecoder().decode(data);
        for (const forbidden of ['Marisol', 'Evangelista', 'Quintanilla', birthDate, patientId, caseNum]) {
          expect({ name, found: text.includes(forbidden) }).toEqual({ name, found: false });
        }
      }
      const cases = JSON.parse(new TextDecoder().decode(files['cases.json'])) as PackagedCase[];
      const key = createHmac('sha256', SECRET).update(patientId).digest('hex');
      expect(cases.map((c) => c.patientKey)).toContain(key);
      expect(cases.find((c) => c.patientKey === key)?.ageAtAdmission).toBe(ageOnAdmission);
      expect(ageOnAdmission).toEqual(expect.any(Number));
    });

    it('a download link works once, and every download is audited', async () => {
      const ticket = (await post(`/api/submissions/download/${pkg.submissionId}`).expect(200)).body as { url: string };
      await t.http.get(ticket.url).expect(200).expect('content-type', 'application/zip');
      const again = await t.http.get(ticket.url).expect(403);
      expect((again.body as ErrorEnvelope).message).toMatch(/already used/);
      await t.http.get(`/api/submissions/download/${pkg.fileName}`).expect(400);
      await t.http.get(`/api/submissions/download/${pkg.fileName}?ticket=forged`).expect(403);
      const audit = await t.database.db.select().from(auditLog)
        .where(and(eq(auditLog.entity, 'package'), eq(auditLog.entityId, pkg.submissionId), eq(auditLog.action, 'download')));
      expect(audit.length).toBeGreaterThanOrEqual(3);
      expect(audit[0].actorUsername).toBe('admin');
    });

    it('rebuilding an unchanged package gives the same bytes and version; a changed case makes the next version', async () => {
      const before = await downloadPackage(t, admin, pkg.submissionId);
      const res = await post('/api/submissions/census/packages/rebuild', { submissionid: pkg.submissionId, filename: pkg.fileName }).expect(202);
      let rebuilt = await untilBuilt(t, admin, (res.body as CensusPackage).submissionId);
      expect(rebuilt).toMatchObject({ version: 1, sha256: pkg.sha256, fileName: pkg.fileName, status: 'pending' });
      // Issue 25 item 11: the answer says when the rebuild finished and that nothing changed.
      expect(rebuilt.lastBuild).toEqual({ outcome: 'unchanged', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), version: 1, previousVersion: 1, caseNums: [] });
      expect(Date.parse(rebuilt.lastBuild?.at as string)).toBeGreaterThanOrEqual(Date.parse(rebuilt.builtAt as string));
      const after = await downloadPackage(t, admin, pkg.submissionId);
      expect(Buffer.compare(before, after)).toBe(0);

      await post('/api/submissions/census/packages/rebuild', { submissionid: pkg.submissionId, filename: 'other.zip' }).expect(400);

      // A correction made by the department's database administrator after packaging.
      const [row] = await t.database.db.select().from(censusPackageCases).where(eq(censusPackageCases.packageId, pkg._id));
      await t.database.db.update(patientCases).set({ form: sql`${patientCases.form} || '{"weight": 71}'::jsonb` }).where(eq(patientCases.id, row.caseId));
      await post('/api/submissions/census/packages/rebuild', { submissionid: pkg.submissionId, filename: pkg.fileName }).expect(202);
      rebuilt = await untilBuilt(t, admin, pkg.submissionId);
      expect(rebuilt.version).toBe(2);
      expect(rebuilt.fileName).toBe(`PNSS-DEPT-TEST-${pkg.submissionId}-v2.zip`);
      expect(rebuilt.sha256).not.toBe(pkg.sha256);
    });

    it('Submit says in words that no society is configured', async () => {
      const res = await post('/api/submissions/census/packages/submit', { submissionid: pkg.submissionId }).expect(409);
      expect((res.body as ErrorEnvelope).message).toMatch(/No society endpoint is configured/);
    });
  });

  describe('what leaves the department (issue 25 item 8)', () => {
    const NAMES = ['Evangelina', 'Macaraeg', 'Buenaventura'];
    const FREE = 'Evangelina Macaraeg bed 12, husband Rodolfo';
    let pkg: CensusPackage;
    let exact: { admission: string; discharge: string; delivery: string; birth: string; caseNum: string; room: string };

    beforeAll(async () => {
      const patient = await createPatient(t, admin, { firstName: NAMES[0], middleName: NAMES[2], lastName: NAMES[1], birthDate: yearsAgo(34) });
      const caseNum = nextCaseNum('LEAK');
      const body = closableObBody(caseNum, {
        room: 'Ward 3 bed 12', deliveryIndication: [101, 999999], deliveryIndicationOthers: FREE,
        neonatal: [healthyInfant({ anomalies: true, anomalyOthers: FREE })], morbidities: [{ conditionId: 999999, categoryId: 15, others: FREE }],
        obProcedure: [{ conditionId: 999999, categoryId: 8, others: FREE }],
      });
      const created = await createCase(t, admin, patient._id, body);
      await t.http.put(`/api/patients/${patient._id}/cases/${created._id}/close`).set('Authorization', admin.authorization).send({}).expect(200);
      exact = {
        admission: created.admissionDate as string, discharge: created.dischargeDate as string, delivery: created.deliveryDate as string,
        birth: patient.birthDate as string, caseNum, room: 'Ward 3 bed 12',
      };
      const gyne = await closedCase(t, admin, 'gyne', { firstName: 'Perpetua', lastName: 'Ilagan' });
      pkg = await packageOf(t, admin, [created._id as string, gyne.form._id as string]);
    }, 60_000);

    /** Every value of a JSON document, with its path. */
    const leaves = (value: unknown, path = ''): Array<[string, unknown]> =>
      value !== null && typeof value === 'object'
        ? Object.entries(value as Record<string, unknown>).flatMap(([key, v]) => leaves(v, `${path}.${key}`))
        : [[path, value]];

    const openPackage = async () => {
      const files = unzipSync(new Uint8Array(await downloadPackage(t, admin, pkg.submissionId)));
      const text = (name: string) => new TextDecoder().decode(files[name]);
      const cells = Object.keys(files).filter((n) => n.endsWith('.csv')).flatMap((name) =>
        text(name).split('\r\n').flatMap((line, row) => line.split(',').map((cell, col): [string, string] => [`${name}:${row}:${col}`, cell])));
      return { files, text, cases: JSON.parse(text('cases.json')) as PackagedCase[], manifest: JSON.parse(text('manifest.json')) as PackageManifest, cells };
    };

    it('carries no exact date, name, case number, room or typed text in any field of cases.json or any CSV cell', async () => {
      const { cases, cells, manifest } = await openPackage();
      const values: Array<[string, unknown]> = [...leaves(cases, 'cases'), ...cells];
      const identifying = [...NAMES, 'Perpetua', 'Ilagan', 'Rodolfo', exact.caseNum, exact.room, 'bed 12'];
      for (const [path, value] of values) {
        const v = String(value);
        expect({ path, date: /\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4}/.test(v) ? v : null }).toEqual({ path, date: null });
        expect({ path, word: identifying.find((word) => v.toLowerCase().includes(word.toLowerCase())) ?? null }).toEqual({ path, word: null });
      }
      // The manifest's dates are the period, in whole months, and the build time.
      const manifestDates = leaves(manifest, 'manifest').filter(([, v]) => /\d{4}-\d{2}-\d{2}/.test(String(v)));
      expect(manifestDates.map(([p]) => p).sort()).toEqual(['manifest.createdAt', 'manifest.endDate', 'manifest.startDate']);
      expect(manifest.startDate.endsWith('-01')).toBe(true);
      for (const date of [exact.admission, exact.delivery, exact.birth]) expect(JSON.stringify(manifest)).not.toContain(date);
    });

    it('says when the case was, as the discharge month and the intervals the reports need', async () => {
      const { cases, text } = await openPackage();
      const leaked = cases.find((c) => c.caseTypes.includes('maternalfetalcase') && c.neonatal.length === 1) as PackagedCase;
      const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
      expect(leaked).toMatchObject({
        dischargeMonth: exact.discharge.slice(0, 7),
        lengthOfStayDays: day(exact.discharge) - day(exact.admission),
        admissionToDeliveryDays: day(exact.delivery) - day(exact.admission),
        deliveryToDischargeDays: day(exact.discharge) - day(exact.delivery),
      });
      const [header] = text('maternalfetalcase.csv').split('\r\n');
      expect(header).toContain('Discharge Month,Length of Stay (days)');
      expect(header).not.toContain('Date');
    });

    it('lets the free text leave only when the department sets PACKAGE_FREE_TEXT, as a new version; the same setting rebuilds the same bytes', async () => {
      const census = t.config.census as { packageFreeText: boolean };
      try {
        census.packageFreeText = true;
        await post('/api/submissions/census/packages/rebuild', { submissionid: pkg.submissionId, filename: pkg.fileName }).expect(202);
        const withText = await untilBuilt(t, admin, pkg.submissionId);
        expect(withText.version).toBe(pkg.version + 1);
        pkg = withText;
        const { cases } = await openPackage();
        const leaked = cases.find((c) => c.deliveryIndicationOthers) as PackagedCase;
        expect(leaked).toMatchObject({ deliveryIndicationOthers: FREE, neonatal: [{ anomalyOthers: FREE }], morbidities: [{ others: FREE }] });
        await post('/api/submissions/census/packages/rebuild', { submissionid: pkg.submissionId, filename: pkg.fileName }).expect(202);
        expect(await untilBuilt(t, admin, pkg.submissionId)).toMatchObject({ version: withText.version, sha256: withText.sha256 });
      } finally {
        census.packageFreeText = false;
      }
    });
  });

  describe('a corrected date of birth (issue 25 item 7)', () => {
    /** A birth date `years` years and two months before the day `days` days ago: whole years at that day, whatever today is. */
    const bornBefore = (years: number, days: number) => {
      const at = new Date(Date.now() - days * 86_400_000);
      return new Date(Date.UTC(at.getUTCFullYear() - years, at.getUTCMonth() - 2, 1)).toISOString().slice(0, 10);
    };
    const caseOf = async (patientId: string, caseId: string) => (await get(`/api/patients/${patientId}/cases/${caseId}`).expect(200)).body as CaseForm;

    it("re-derives the stored age of her closed and packaged cases, says so in Submissions, and a rebuild makes the next version carrying it", async () => {
      const patient = await createPatient(t, admin, { birthDate: bornBefore(40, 11) });
      const packagedCase = await createCase(t, admin, patient._id, closableObBody(nextCaseNum('DOB')));
      const closedOnly = await createCase(t, admin, patient._id, closableObBody(nextCaseNum('DOB2')));
      for (const c of [packagedCase, closedOnly]) {
        await t.http.put(`/api/patients/${patient._id}/cases/${c._id}/close`).set('Authorization', admin.authorization).send({}).expect(200);
      }
      expect([packagedCase.age, closedOnly.age]).toEqual([40, 40]);
      await approve(t, admin, [closedOnly._id as string]);
      const pkg = await packageOf(t, admin, [packagedCase._id as string]);
      expect(pkg).toMatchObject({ changedCases: 0, rebuildNotice: null, lastBuild: { outcome: 'built', version: 1, previousVersion: null, caseNums: [] } });
      const before = await caseOf(patient._id, packagedCase._id as string);

      // The birth date was a year off: she was 41 on admission.
      await t.http.put(`/api/patients/${patient._id}`).set('Authorization', admin.authorization)
        .send({ version: patient.version, birthDate: bornBefore(41, 11) }).expect(200);

      const after = await caseOf(patient._id, packagedCase._id as string);
      expect(after).toMatchObject({ age: 41, version: before.version + 1, isClose: true, submissionId: pkg.submissionId });
      expect((await caseOf(patient._id, closedOnly._id as string)).age).toBe(41);
      const audit = await t.database.db.select().from(auditLog)
        .where(and(eq(auditLog.entity, 'case'), eq(auditLog.entityId, packagedCase._id as string), eq(auditLog.action, 'patient_correction')));
      expect(audit.map((a) => a.changes)).toEqual([[{ field: 'age', old: 40, new: 41 }]]);

      const flagged = (await get(`/api/submissions/census/packages/${pkg.submissionId}`).expect(200)).body as CensusPackage;
      expect(flagged).toMatchObject({
        version: 1, changedCases: 1,
        rebuildNotice: `Needs a rebuild. Case ${packagedCase.caseNum} (Age on Admission 40 → 41, the patient's record was corrected) changed after version 1 was built. Rebuild to make version 2, then submit it.`,
      });
      const review = ((await get('/api/submissions/cases/closed').expect(200)).body as ClosedCasesResponse<ClosedCaseListItem>).result;
      expect(review.find((c) => c._id === closedOnly._id)).toMatchObject({
        approved: false,
        correction: "Changed after it was closed, because the patient's record was corrected: Age on Admission 40 → 41. Review it before approving.",
      });

      await post('/api/submissions/census/packages/rebuild', { submissionid: pkg.submissionId, filename: pkg.fileName }).expect(202);
      const rebuilt = await untilBuilt(t, admin, pkg.submissionId);
      expect(rebuilt).toMatchObject({ version: 2, changedCases: 0, rebuildNotice: null, status: 'pending' });
      // Issue 25 item 11: the rebuild's answer names the new version and the case that changed.
      expect(rebuilt.lastBuild).toMatchObject({ outcome: 'built', version: 2, previousVersion: 1, caseNums: [packagedCase.caseNum] });
      const cases = JSON.parse(new TextDecoder().decode(unzipSync(new Uint8Array(await downloadPackage(t, admin, pkg.submissionId)))['cases.json'])) as PackagedCase[];
      expect(cases.map((c) => [c.ageAtAdmission, c.caseVersion])).toEqual([[41, after.version]]);
      await post('/api/submissions/census/packages/rebuild', { submissionid: pkg.submissionId, filename: rebuilt.fileName }).expect(202);
      const again = await untilBuilt(t, admin, pkg.submissionId);
      expect(again).toMatchObject({ version: 2, sha256: rebuilt.sha256 });
      expect(again.lastBuild).toMatchObject({ outcome: 'unchanged', version: 2, previousVersion: 2, caseNums: [] });
      expect(Date.parse(again.lastBuild?.at as string)).toBeGreaterThan(Date.parse(rebuilt.lastBuild?.at as string));
    });

    it('re-derives through the case-information screen too, and leaves a case whose age does not change as it was', async () => {
      const patient = await createPatient(t, admin, { birthDate: bornBefore(30, 11) });
      const open = await createCase(t, admin, patient._id, closableObBody(nextCaseNum('INFO')));
      const other = await createCase(t, admin, patient._id, closableObBody(nextCaseNum('INFO2')));
      // A day's correction changes no whole year.
      const sameAge = new Date(Date.parse(`${patient.birthDate as string}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      await put(`/api/patientcases/${open._id}`, { version: open.version, birthDate: sameAge }).expect(200);
      expect(await caseOf(patient._id, other._id as string)).toMatchObject({ age: 30, version: other.version });
      const info = (await get(`/api/patientcases/${open._id}`).expect(200)).body as { version: number };
      await put(`/api/patientcases/${open._id}`, { version: info.version, birthDate: bornBefore(31, 11) }).expect(200);
      expect(await caseOf(patient._id, open._id as string)).toMatchObject({ age: 31 });
      expect(await caseOf(patient._id, other._id as string)).toMatchObject({ age: 31, version: other.version + 1 });
    });
  });

  describe('a molar pregnancy is a GTD case (issue 25 item 6)', () => {
    it('shows its GTD Diagnosis and Complication in the GTD review list, and its package carries them in the GTD CSV', async () => {
      const molar = await closedCase(t, admin, 'molar');
      const gtd = ((await get('/api/submissions/gtdcase').expect(200)).body as ClosedCasesResponse<ClosedCaseListItem>).result;
      expect(gtd.find((c) => c._id === molar.form._id)).toMatchObject({ gtdDiagnosis: 2, gtdComplication: 1, caseTypes: ['maternalfetalcase', 'gtdcase'] });
      const pkg = await packageOf(t, admin, [molar.form._id as string]);
      const files = unzipSync(new Uint8Array(await downloadPackage(t, admin, pkg.submissionId)));
      const [header, row] = new TextDecoder().decode(files['gtdcase.csv']).split('\r\n');
      const at = (label: string) => row.split(',')[header.split(',').indexOf(label)];
      expect([at('GTD Diagnosis'), at('GTD Diagnosis (label)'), at('GTD Complication (label)')]).toEqual(['2', 'Complete Hydatidiform Mole', 'Hemorrhage']);
    });
  });
});

describe('a server stopped during a build or a submit', () => {
  it('takes a build a stop cut off up again from the job queue, and sends again a package a stop left Sending (issue 29: resumed or retried, not left Failed)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pnss-census-restart-'));
    const options = { config: { census: CENSUS, dataDir: folder }, database: { kind: 'pglite' as const, dataDir: join(folder, 'pglite') } };
    try {
      let t = await createTestApp(options);
      let admin = await t.signInAsAdmin();
      const { form } = await closedCase(t, admin);
      const sent = await closedCase(t, admin);
      const sending = await packageOf(t, admin, [sent.form._id as string]);
      // What a process killed in the middle leaves behind: a build in progress holding a case, a package in Sending.
      const [cut] = await t.database.db.insert(censusPackages).values({
        submissionId: 'S-CUT-OFF', departmentId: 'DEPT-TEST', startDate: '2026-01-01', endDate: '2026-01-02', numOfCases: 1,
        status: 'building', building: true, progress: 40, heartbeatAt: new Date(),
      }).returning();
      await t.database.db.insert(censusPackageCases).values({ packageId: cut.id, caseId: form._id as string });
      await t.database.db.update(censusPackages).set({ status: 'Sending' }).where(eq(censusPackages.id, sending._id));
      await t.close();

      t = await createTestApp(options);
      admin = await t.signInAsAdmin();
      // The build is taken up again and finishes: its case is packaged, nothing is half-marked.
      expect(await untilBuilt(t, admin, 'S-CUT-OFF', 60_000)).toMatchObject({ status: 'pending', building: false, lastError: null, version: 1, numOfCases: 1 });
      const closed = ((await t.http.get('/api/submissions/cases/closed').set('Authorization', admin.authorization).expect(200)).body as ClosedCasesResponse).result;
      expect(closed.map((c) => c._id)).not.toContain(form._id);
      // The package left Sending is sent again; this department has no society, so it fails saying so rather than staying Sending.
      const deadline = Date.now() + 60_000;
      let again: CensusPackage | undefined;
      do {
        await new Promise((resolve) => setTimeout(resolve, 200));
        again = ((await t.http.get('/api/submissions/census/packages').set('Authorization', admin.authorization).expect(200)).body as CensusPackagesResponse).items
          .find((p) => p.submissionId === sending.submissionId);
      } while (again?.status === 'Sending' && Date.now() < deadline);
      expect(again).toMatchObject({ status: 'Failed', lastError: 'No society endpoint is configured' });
      await t.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 240_000);
});
