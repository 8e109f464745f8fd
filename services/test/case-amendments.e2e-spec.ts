import type { AddressInfo } from 'node:net';
import type { AuditEntry, CaseForm, CaseStateAnswer, CensusPackage, ErrorEnvelope, HubPackagesResponse, IssuedHubKey } from '@pnss/libs/api';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { AMENDMENT_REASON_MESSAGE, caseStatus, describeCaseHistoryEntry } from '@pnss/libs/rules';
import type { PackagedCase } from '@pnss/libs/submissions';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { hubPackageCases, hubPackages } from '../src/database/submissions.schema.js';
import { storedCasesOf } from '../src/common/packages/stored-cases.js';
import { PackageStore } from '../src/modules/submissions/package-store.js';
import { SubmissionsRepository } from '../src/modules/submissions/submissions.repository.js';
import { closedCase, packageOf, untilBuilt } from './support/census.js';
import { type SignedIn, type TestApp, createTestApp } from './support/test-app.js';

const census = (overrides: object) => ({
  departmentId: 'DEPT-AM', societyUrl: null, societyApiKey: null, societyTimeoutMs: 3000, hubEnabled: false, packageFreeText: false,
  packageSecret: 'the department secret of the amendment tests, long enough', ...overrides,
});
const REASON = 'wrong weight on admission recorded';

describe('corrections after submission: amending and withdrawing submitted cases (issue 30)', () => {
  let hub: TestApp;
  let hubAdmin: SignedIn;
  let dept: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    hub = await createTestApp({ config: { census: census({ departmentId: 'SOCIETY', hubEnabled: true }) } });
    await hub.app.listen({ port: 0, host: '127.0.0.1' });
    const hubUrl = `http://127.0.0.1:${(hub.app.getHttpServer().address() as AddressInfo).port}`;
    hubAdmin = await hub.signInAsAdmin();
    const key = (await hub.http.post('/api/hub/keys').set('Authorization', hubAdmin.authorization).send({ departmentId: 'DEPT-AM', label: 'A' }).expect(201))
      .body as IssuedHubKey;
    dept = await createTestApp({ config: { census: census({ societyUrl: hubUrl, societyApiKey: key.key }) } });
    admin = await dept.signInAsAdmin();
  }, 180_000);
  afterAll(async () => {
    await dept?.close();
    await hub?.close();
  });

  const as = (who: SignedIn) => ({
    get: (path: string) => dept.http.get(path).set('Authorization', who.authorization),
    put: (path: string, body: object = {}) => dept.http.put(path).set('Authorization', who.authorization).send(body),
    post: (path: string, body: object = {}) => dept.http.post(path).set('Authorization', who.authorization).send(body),
  });
  const api = () => as(admin);
  const caseUrl = (form: CaseForm) => `/api/patients/${form.patientid}/cases/${form._id}`;
  const reread = async (form: CaseForm) => (await api().get(caseUrl(form)).expect(200)).body as CaseForm;
  const pkgOf = async (submissionId: string) => (await api().get(`/api/submissions/census/packages/${submissionId}`).expect(200)).body as CensusPackage;
  const rebuild = (pkg: CensusPackage) => api().post('/api/submissions/census/packages/rebuild', { submissionid: pkg.submissionId, filename: pkg.fileName });
  const submit = (pkg: CensusPackage) => api().post('/api/submissions/census/packages/submit', { submissionid: pkg.submissionId });
  const download = async (submissionId: string, version?: number): Promise<PackagedCase[]> => {
    const ticket = await api().post(`/api/submissions/download/${submissionId}${version ? `?version=${version}` : ''}`).expect(200);
    const file = await dept.http
      .get((ticket.body as { url: string }).url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const entries = unzipSync(new Uint8Array(file.body as Buffer));
    return JSON.parse(new TextDecoder().decode(entries['cases.json'])) as PackagedCase[];
  };
  const hubVersions = async (submissionId: string) =>
    ((await hub.http.get('/api/hub/packages?departmentId=DEPT-AM').set('Authorization', hubAdmin.authorization).expect(200)).body as HubPackagesResponse)
      .items.filter((p) => p.submissionId === submissionId).sort((a, b) => a.version - b.version);
  const hubCaseIds = async (submissionId: string) => {
    const rows = await hub.database.db
      .select({ caseId: hubPackageCases.caseId })
      .from(hubPackageCases)
      .innerJoin(hubPackages, eq(hubPackages.id, hubPackageCases.hubPackageId))
      .where(and(eq(hubPackages.departmentId, 'DEPT-AM'), eq(hubPackages.submissionId, submissionId)));
    return rows.map((r) => r.caseId).sort();
  };

  let first: CaseForm;
  let second: CaseForm;
  let third: CaseForm;
  let pkg: CensusPackage;

  it('a submitted package of three cases reaches the hub as version 1', async () => {
    first = (await closedCase(dept, admin)).form;
    second = (await closedCase(dept, admin)).form;
    third = (await closedCase(dept, admin, 'gyne')).form;
    pkg = await packageOf(dept, admin, [first._id, second._id, third._id] as string[]);
    await submit(pkg).expect(200);
    expect((await reread(first)).submissionId).toBe(pkg.submissionId);
    expect(await hubCaseIds(pkg.submissionId)).toEqual([first._id, second._id, third._id].sort());
  }, 60_000);

  it('reopening a submitted case for amendment needs the permission amend_submitted_case (403 without it)', async () => {
    const clinician = await dept.createUserWithRole('clinician');
    await as(clinician).put(`${caseUrl(first)}/amend`, { reason: REASON }).expect(403);
    const officer = await dept.createUserWithRole([PERMISSIONS.AMEND_SUBMITTED_CASE, PERMISSIONS.FIND_PATIENT_CASE]);
    await as(officer).put(`${caseUrl(first)}/amend`, { reason: 'no' }).expect(400);
  });

  it('refuses a missing or too short reason with a 400 naming the field reason and the rule', async () => {
    for (const body of [{}, { reason: '' }, { reason: 'wrong' }, { reason: 'wrong weight' }]) {
      const res = await api().put(`${caseUrl(first)}/amend`, body).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'reason', message: AMENDMENT_REASON_MESSAGE }]);
    }
    expect(caseStatus(await reread(first))).toBe('Submitted');
  });

  it('the plain reopen of a submitted case is refused, naming the rule', async () => {
    const res = await api().put(`${caseUrl(first)}/reopen`).expect(409);
    expect((res.body as ErrorEnvelope).message).toMatch(/submitted in a census package/);
  });

  it('with the permission and a reason the case becomes Amending: open, still in its package', async () => {
    const res = await api().put(`${caseUrl(first)}/amend`, { reason: REASON }).expect(200);
    expect(res.body as CaseStateAnswer).toMatchObject({ isClose: false, submissionId: pkg.submissionId });
    const form = await reread(first);
    expect(caseStatus(form)).toBe('Amending');
    // Every action the rule does not allow is refused in its words.
    expect(((await api().put(`${caseUrl(first)}/amend`, { reason: REASON }).expect(409)).body as ErrorEnvelope).message).toBe(
      'This case is already being amended: close it again.',
    );
    expect(((await api().put(`${caseUrl(first)}/archive`).expect(409)).body as ErrorEnvelope).message).toMatch(/being amended belongs to its census package/);
    expect(((await api().put(`${caseUrl(first)}/withdraw`, { reason: REASON }).expect(409)).body as ErrorEnvelope).message).toMatch(/already being amended/);
  });

  it('while the amended case is open the package is neither rebuilt nor submitted, and the Census tab says why', async () => {
    const words = `Case ${first.caseNum} is being amended: close it again, then rebuild and submit this package.`;
    expect(((await submit(pkg).expect(409)).body as ErrorEnvelope).message).toBe(words);
    expect(((await rebuild(pkg).expect(409)).body as ErrorEnvelope).message).toBe(words);
    expect(await pkgOf(pkg.submissionId)).toMatchObject({ amendingCases: [first.caseNum], amendmentRefusal: words });
  });

  it('the amended case is edited and closed again; its package needs resubmission and says which case changed and why', async () => {
    const form = await reread(first);
    await api().put(caseUrl(first), { version: form.version, weight: (form.weight ?? 60) + 2 }).expect(200);
    await api().put(`${caseUrl(first)}/close`).expect(200);
    expect(caseStatus(await reread(first))).toBe('Submitted');
    const now = await pkgOf(pkg.submissionId);
    expect(now).toMatchObject({ needsResubmission: true, amendingCases: [], amendmentRefusal: null });
    expect(now.amendments).toEqual([expect.objectContaining({ caseNum: first.caseNum, kind: 'amend', reason: REASON, inVersion: null })]);
    expect(now.rebuildNotice).toContain(`Changed since the last submission: ${first.caseNum} amended (${REASON}).`);
  });

  it('submitting again before a rebuild does not send the correction: the package still needs resubmission and asks for the rebuild', async () => {
    // Version 1 goes again (the hub answers it as a duplicate) without the amended case: the
    // correction is not at the society, whatever that Submit answered.
    const res = await submit(pkg);
    expect([200, 201, 202, 409]).toContain(res.status);
    let now = await pkgOf(pkg.submissionId);
    for (let tries = 0; now.status === 'Sending' && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      now = await pkgOf(pkg.submissionId);
    }
    expect(now).toMatchObject({ version: 1, status: 'Sent', needsResubmission: true });
    expect(now.rebuildNotice).toContain('Rebuild to make version 2, then submit it.');
  });

  it("the case's history holds the reopen for amendment and the re-close, with who, the reason and the fields changed since submission", async () => {
    const history = ((await api().get(`${caseUrl(first)}/history`).expect(200)).body as { items: AuditEntry[] }).items;
    const amend = history.find((e) => e.action === 'amend');
    const closed = history.find((e) => e.action === 'amend_close');
    expect(amend?.changes).toEqual(expect.arrayContaining([{ field: 'reason', old: null, new: REASON }, { field: 'status', old: 'Submitted', new: 'Amending' }]));
    expect(closed?.changes).toEqual(expect.arrayContaining([{ field: 'reason', old: null, new: REASON }, expect.objectContaining({ field: 'weight' })]));
    expect(amend?.actorUsername).toBe(admin.user.username);
  });

  it('Rebuild gives version 2 of the same submission with only that case changed; version 1 stays downloadable and superseded', async () => {
    const before = await download(pkg.submissionId);
    await rebuild(pkg).expect(202);
    const v2 = await untilBuilt(dept, admin, pkg.submissionId);
    expect(v2).toMatchObject({ submissionId: pkg.submissionId, version: 2, status: 'pending' });
    expect(v2.versions.map((v) => [v.version, v.supersededAt === null])).toEqual([[2, true], [1, false]]);
    expect(v2.versions[0].changes).toEqual({ added: [], amended: [first.caseNum], withdrawn: [] });
    const after = await download(pkg.submissionId);
    const changed = after.filter((c) => JSON.stringify(c) !== JSON.stringify(before.find((b) => b.caseId === c.caseId)));
    expect(changed.map((c) => c.caseId)).toEqual([first._id]);
    expect(after.map((c) => c.caseId).sort()).toEqual(before.map((c) => c.caseId).sort());
    // The package store keeps an earlier version's file: it is owned, never an orphan.
    await dept.app.get(PackageStore).removeUnowned(await dept.app.get(SubmissionsRepository).ownedFileNames(), 0);
    expect(await download(pkg.submissionId, 1)).toEqual(before);
    pkg = v2;
  }, 60_000);

  it("submitting version 2 replaces version 1's cases at the hub: the figures change by exactly that case", async () => {
    await submit(pkg).expect(200);
    expect(await pkgOf(pkg.submissionId)).toMatchObject({ needsResubmission: false, amendments: [] });
    const versions = await hubVersions(pkg.submissionId);
    expect(versions.map((v) => [v.version, v.supersededAt !== null])).toEqual([[1, true], [2, false]]);
    expect(versions[1].changes).toEqual({ added: [], amended: [first._id], withdrawn: [] });
    expect(await hubCaseIds(pkg.submissionId)).toEqual([first._id, second._id, third._id].sort());
    // The case as the hub holds it now: its row, and its values in the file of the version that holds it.
    const [held] = await hub.database.db
      .select({ content: hubPackages.content })
      .from(hubPackageCases)
      .innerJoin(hubPackages, eq(hubPackages.id, hubPackageCases.hubPackageId))
      .where(eq(hubPackageCases.caseId, first._id as string));
    const stored = (await storedCasesOf(held.content)).find((c) => c.caseId === first._id);
    expect(stored?.weight).toBe(((await reread(first)).weight));
  }, 60_000);

  it("the case's history says each version sent to the society that carries it and the society's answer, in words", async () => {
    const history = ((await api().get(`${caseUrl(first)}/history`).expect(200)).body as { items: AuditEntry[] }).items;
    const sent = history.filter((e) => e.entity === 'package' && ['submit', 'resubmit', 'sent'].includes(e.action));
    const { uploadId } = await pkgOf(pkg.submissionId);
    const titles = sent.map((e) => describeCaseHistoryEntry(e).title);
    // Version 1 was sent and accepted (and sent again before the rebuild, which the hub answers as the same upload).
    expect(titles.slice(0, 2)).toEqual([
      `Submitted to the society in census package ${pkg.submissionId}, version 1`,
      expect.stringMatching(new RegExp(`^Accepted by the society: census package ${pkg.submissionId}, version 1, upload \\S+$`)),
    ]);
    expect(titles.slice(-2)).toEqual([
      `Resubmitted to the society in census package ${pkg.submissionId}, version 2`,
      `Accepted by the society: census package ${pkg.submissionId}, version 2, upload ${uploadId}`,
    ]);
    // Only the version and the upload id: nothing of the other cases the package carries.
    expect(sent.flatMap((e) => e.changes.map((c) => c.field)).every((field) => field === 'version' || field === 'uploadId')).toBe(true);
  });

  it('a withdrawn case is Closed again (not Submitted), gone from the next version and from the hub', async () => {
    await api().put(`${caseUrl(second)}/withdraw`, {}).expect(400);
    await api().put(`${caseUrl(second)}/withdraw`, { reason: 'duplicate of another case' }).expect(200);
    const form = await reread(second);
    expect([caseStatus(form), form.isArchived]).toEqual(['Closed', false]);
    await rebuild(pkg).expect(202);
    const v3 = await untilBuilt(dept, admin, pkg.submissionId);
    expect(v3).toMatchObject({ version: 3, numOfCases: 2 });
    expect(v3.versions[0].changes).toEqual({ added: [], amended: [], withdrawn: [second.caseNum] });
    expect((await download(pkg.submissionId)).map((c) => c.caseId).sort()).toEqual([first._id, third._id].sort());
    await submit(v3).expect(200);
    expect((await hubVersions(pkg.submissionId)).at(-1)?.changes).toEqual({ added: [], amended: [], withdrawn: [second._id] });
    expect(await hubCaseIds(pkg.submissionId)).toEqual([first._id, third._id].sort());
    pkg = v3;
  }, 60_000);

  it('a case withdrawn with archive chosen is archived (by a census officer, whose role holds the permission)', async () => {
    const officer = await dept.createUserWithRole('census_officer');
    const res = await as(officer).put(`${caseUrl(third)}/withdraw`, { reason: 'the wrong patient was recorded', archive: true, version: (await reread(third)).version });
    expect([res.status, res.body]).toEqual([200, expect.objectContaining({ isClose: true, isArchived: true, submissionId: null })]);
    const form = await reread(third);
    expect([caseStatus(form), form.isArchived]).toEqual(['Closed', true]);
    expect((await pkgOf(pkg.submissionId)).amendments).toEqual([expect.objectContaining({ caseNum: third.caseNum, kind: 'withdraw' })]);
  });
});
