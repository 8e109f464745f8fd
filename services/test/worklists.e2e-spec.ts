import type { CaseForm, FieldQuery, Paged, WorklistCounts, WorklistEntry, WorklistKey } from '@pnss/libs/api';
import { PERMISSIONS as P } from '@pnss/libs/permissions';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/database/schema.js';
import { approve, closedCase, packageOf } from './support/census.js';
import { closableObBody, createCase, createPatient, nextCaseNum } from './support/patient-cases.js';
import type { SignedIn, TestUser } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';
import { AuditRepository } from '../src/modules/audit/audit.repository.js';

/**
 * The worklists (issue 31) with two clinicians and a reviewer: each list holds what waits for the
 * caller, and never another user's case, an archived or submitted case, a case that passes the
 * close rules where the list is of failing ones, or a case whose queries are closed.
 */
describe('worklists: what waits for each user (issue 31)', () => {
  const { t, admin, get, post, put } = useTestApp({ timeout: 180_000 });
  let ana: TestUser;
  let ben: TestUser;
  let reviewer: TestUser;
  let reader: TestUser;

  const listOf = async (list: WorklistKey, as: SignedIn, query = '') =>
    (await get(`/api/worklists/${list}${query}`, as).expect(200)).body as Paged<WorklistEntry>;
  const idsOf = async (list: WorklistKey, as: SignedIn) => (await listOf(list, as)).items.map((item) => item._id);
  const countsOf = async (as: SignedIn) => (await get('/api/worklists', as).expect(200)).body as WorklistCounts;
  const countOf = (counts: WorklistCounts, list: WorklistKey) => counts.lists.find((entry) => entry.key === list)?.count;

  /** An open case of `as`, passing the close rules unless `failing`. */
  const openCase = async (as: SignedIn, failing = false): Promise<CaseForm> => {
    const patient = await createPatient(t, as);
    const body = closableObBody(nextCaseNum('W'));
    return createCase(t, as, patient._id, failing ? { ...body, dischargeDate: null, motherCondition: null } : body);
  };
  const raise = async (caseId: string, field = 'weight') =>
    (await post('/api/queries', { caseId, field, question: 'Is this right?' }, reviewer).expect(201)).body as FieldQuery;

  let anaOpen: CaseForm;
  let anaFailing: CaseForm;
  let anaArchived: CaseForm;
  let benOpen: CaseForm;
  let benFailing: CaseForm;

  beforeAll(async () => {
    ana = await t.createUserWithRole('clinician');
    ben = await t.createUserWithRole('clinician');
    reviewer = await t.createUserWithRole('census_officer');
    reader = await t.createUserWithRole([P.GET_ALL_CASE]);
    anaOpen = await openCase(ana);
    anaFailing = await openCase(ana, true);
    anaArchived = await openCase(ana, true);
    await put(`/api/patients/${anaArchived.patientid}/cases/${anaArchived._id}/archive`, {}, ana).expect(200);
    benOpen = await openCase(ben);
    benFailing = await openCase(ben, true);
  }, 120_000);

  it("'My open cases' holds the open cases I created, with how long each has been open, and not another user's nor an archived one", async () => {
    const mine = await listOf('my-open', ana);
    const ids = mine.items.map((item) => item._id);
    expect(ids).toEqual(expect.arrayContaining([anaOpen._id, anaFailing._id]));
    expect(ids).not.toContain(anaArchived._id);
    expect(ids).not.toContain(benOpen._id);
    expect(mine.count).toBe(ids.length);
    // The Cases list's order, newest first, and each row with when the case was opened.
    expect(ids.indexOf(anaFailing._id as string)).toBeLessThan(ids.indexOf(anaOpen._id as string));
    const row = mine.items.find((item) => item._id === anaOpen._id);
    expect(row).toMatchObject({ caseNum: anaOpen.caseNum, patientid: anaOpen.patientid, isClose: false });
    expect(Date.now() - Date.parse(row?.openedAt ?? '')).toBeLessThan(10 * 60_000);
    expect(await idsOf('my-open', ben)).toEqual(expect.arrayContaining([benOpen._id, benFailing._id]));
    expect(await idsOf('my-open', ben)).not.toContain(anaOpen._id);
  });

  it("'Failing the close rules' holds my open cases the close rules refuse, not one that passes them, nor another user's", async () => {
    const ids = await idsOf('failing-close', ana);
    expect(ids).toContain(anaFailing._id);
    expect(ids).not.toContain(anaOpen._id);
    expect(ids).not.toContain(anaArchived._id);
    expect(ids).not.toContain(benFailing._id);
  });

  it('a worklist is searched by case number and paged like the Cases list', async () => {
    const found = await listOf('my-open', ana, `?search=${encodeURIComponent(anaOpen.caseNum)}`);
    expect(found.items.map((item) => item._id)).toEqual([anaOpen._id]);
    expect(found).toMatchObject({ count: 1, offset: 0 });
    const second = await listOf('my-open', ana, '?page=1');
    expect(second).toMatchObject({ items: [], offset: 1 });
  });

  it("'Queries for me to answer' and 'My queries answered' follow the query: open for its author, answered for its reviewer, gone once closed", async () => {
    const { form } = await closedCase(t, ana);
    const caseId = form._id as string;
    const query = await raise(caseId);
    expect(await idsOf('queries-for-me', ana)).toContain(caseId);
    expect(await idsOf('queries-for-me', ben)).not.toContain(caseId);
    expect(await idsOf('queries-answered', reviewer)).not.toContain(caseId);

    await post(`/api/queries/${query._id}/answer`, { text: 'Yes, checked' }, ana).expect(200);
    expect(await idsOf('queries-for-me', ana)).not.toContain(caseId);
    expect(await idsOf('queries-answered', reviewer)).toContain(caseId);

    await post(`/api/queries/${query._id}/close`, {}, reviewer).expect(200);
    expect(await idsOf('queries-answered', reviewer)).not.toContain(caseId);
    expect(await idsOf('queries-for-me', ana)).not.toContain(caseId);
  });

  it("'Ready to approve' holds closed cases not yet approved with no query left open, not a submitted, approved, archived or open one", async () => {
    const ready = (await closedCase(t, ana)).form;
    const queried = (await closedCase(t, ben)).form;
    const query = await raise(queried._id as string);
    const approved = (await closedCase(t, ana)).form;
    await approve(t, reviewer, [approved._id as string]);
    const submitted = (await closedCase(t, ana)).form;
    await packageOf(t, reviewer, [submitted._id as string]);

    const ids = await idsOf('ready-to-approve', reviewer);
    expect(ids).toContain(ready._id);
    for (const absent of [queried, approved, submitted, anaOpen, anaArchived]) expect(ids).not.toContain(absent._id);

    await post(`/api/queries/${query._id}/close`, {}, reviewer).expect(200);
    expect(await idsOf('ready-to-approve', reviewer)).toContain(queried._id);
  });

  it("'Ready to approve' is refused to whoever may not approve, and left out of their counts", async () => {
    await get('/api/worklists/ready-to-approve', ana).expect(403);
    expect((await countsOf(ana)).lists.map((entry) => entry.key)).toEqual(['my-open', 'failing-close', 'queries-for-me']);
    expect((await countsOf(reviewer)).lists.map((entry) => entry.key)).toContain('ready-to-approve');
  });

  it("the counts are each list's count, their sum the total, and a closed case leaves 'My open cases'", async () => {
    const before = await countsOf(ana);
    for (const list of ['my-open', 'failing-close', 'queries-for-me'] as const) expect(countOf(before, list)).toBe((await listOf(list, ana)).count);
    expect(before.total).toBe(before.lists.reduce((sum, entry) => sum + entry.count, 0));

    const extra = await openCase(ana);
    expect(countOf(await countsOf(ana), 'my-open')).toBe((countOf(before, 'my-open') ?? 0) + 1);
    await put(`/api/patients/${extra.patientid}/cases/${extra._id}/close`, {}, ana).expect(200);
    expect(countOf(await countsOf(ana), 'my-open')).toBe(countOf(before, 'my-open'));
  });

  it('refuses an unknown list naming the field, a caller without the Cases list, and no token', async () => {
    const bad = await get('/api/worklists/everything', ana).expect(400);
    expect((bad.body as { errors?: Array<{ field: string }> }).errors?.[0]?.field).toBe('list');
    const noCases = await t.createUserWithRole([P.GET_CATEGORIES]);
    await get('/api/worklists', noCases).expect(403);
    await get('/api/worklists/my-open', noCases).expect(403);
    await t.http.get('/api/worklists').expect(401);
    expect((await countsOf(reader)).total).toBe(0);
  });

  it('a worklist page is an audited read of patient data, naming its list', async () => {
    await listOf('my-open', ana);
    // A read's row is stored in audit_pending and chained into audit_log soon after (migration 0031).
    await new AuditRepository(t.database).chainPending();
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'case_read'), eq(auditLog.actorId, ana.user._id)));
    expect(rows.some((row) => JSON.stringify(row).includes('my-open'))).toBe(true);
    void admin;
  });
});
