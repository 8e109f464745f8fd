import type { AuditEntryView, CaseForm, CensusPackage, FieldQuery, Paged } from '@pnss/libs/api';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { describeCaseHistoryEntry } from '@pnss/libs/rules';
import { closedCase, packageOf, untilBuilt } from './support/census.js';
import { closableObBody, createCase, createPatient, nextCaseNum } from './support/patient-cases.js';
import { useTestApp } from './support/use-test-app.js';

const AMEND_REASON = 'weight on admission was entered in pounds';
const WITHDRAW_REASON = 'duplicate of a case entered twice';

describe("a case's history (issues 30 and 31): every change, query and correction of the case, in the order they happened", () => {
  const { t, admin, get, post, put } = useTestApp({ timeout: 120_000 });

  const caseUrl = (form: CaseForm) => `/api/patients/${form.patientid}/cases/${form._id}`;
  const reread = async (form: CaseForm) => (await get(caseUrl(form)).expect(200)).body as CaseForm;
  const historyOf = async (form: CaseForm, offset?: number) =>
    (await get(`${caseUrl(form)}/history${offset === undefined ? '' : `?offset=${offset}`}`).expect(200)).body as Paged<AuditEntryView>;
  const titles = (page: Paged<AuditEntryView>) => page.items.map((entry) => describeCaseHistoryEntry(entry).title);

  let walked: CaseForm;
  let neighbour: CaseForm;
  let pkg: CensusPackage;

  it('walks a case through save, close, a query, packaging, amendment with a reason, re-close, rebuild and withdrawal, and lists each in order', async () => {
    const patient = await createPatient(t, admin, { firstName: 'Leonora', lastName: 'Dimaculangan' });
    const created = await createCase(t, admin, patient._id, closableObBody(nextCaseNum('H')));
    await put(caseUrl(created), { version: created.version, room: 'Ward 3' }).expect(200);
    await put(`${caseUrl(created)}/close`).expect(200);
    const raised = (await post('/api/queries', { caseId: created._id, field: 'weight', question: 'Is this weight in kg?' }).expect(201)).body as FieldQuery;
    await post(`/api/queries/${raised._id}/answer`, { text: 'It was in pounds, will correct' }).expect(200);
    await post(`/api/queries/${raised._id}/close`, {}).expect(200);

    neighbour = (await closedCase(t, admin)).form;
    pkg = await packageOf(t, admin, [created._id as string, neighbour._id as string]);
    await put(`${caseUrl(created)}/amend`, { reason: AMEND_REASON }).expect(200);
    const amending = await reread(created);
    await put(caseUrl(created), { version: amending.version, weight: 62.5 }).expect(200);
    await put(`${caseUrl(created)}/close`).expect(200);
    await post('/api/submissions/census/packages/rebuild', { submissionid: pkg.submissionId, filename: pkg.fileName }).expect(202);
    pkg = await untilBuilt(t, admin, pkg.submissionId);
    expect(pkg.version).toBe(2);
    await put(`${caseUrl(created)}/withdraw`, { reason: WITHDRAW_REASON }).expect(200);
    walked = await reread(created);

    const history = await historyOf(walked);
    expect(titles(history)).toEqual([
      'Created',
      'Saved',
      'Closed',
      'Query on Weight (kg) raised',
      'Query on Weight (kg) answered',
      'Query on Weight (kg) closed',
      'Approved for a census package',
      `Included in census package ${pkg.submissionId}`,
      'Reopened for amendment',
      'Saved',
      'Closed',
      'Amendment closed: changed since the submitted version',
      `Rebuilt into version 2 of census package ${pkg.submissionId}`,
      'Withdrawn from its package',
    ]);
    expect(history.count).toBe(14);
    const times = history.items.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(history.items.every((entry) => entry.actorUsername === admin.user.username)).toBe(true);
  }, 120_000);

  it('says who, the reason and the fields changed: the save old → new, the amendment against the submitted version, the withdrawal', async () => {
    const events = (await historyOf(walked)).items.map((entry) => describeCaseHistoryEntry(entry));
    const saved = events[1];
    expect(saved.changes).toEqual([{ field: 'room', label: 'Room', old: null, new: 'Ward 3' }]);
    const amend = events.find((event) => event.title === 'Reopened for amendment');
    expect(amend?.reason).toBe(AMEND_REASON);
    expect(amend?.changes).toEqual(expect.arrayContaining([{ field: 'status', label: 'Status', old: 'Submitted', new: 'Amending' }]));
    const reclosed = events.find((event) => event.title === 'Amendment closed: changed since the submitted version');
    expect(reclosed?.reason).toBe(AMEND_REASON);
    expect(reclosed?.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'weight', label: 'Weight (kg)', new: 62.5 })]));
    const withdrawn = events.find((event) => event.title === 'Withdrawn from its package');
    expect(withdrawn?.reason).toBe(WITHDRAW_REASON);
    expect(withdrawn?.changes).toEqual(expect.arrayContaining([{ field: 'status', label: 'Status', old: 'Submitted', new: 'Closed' }]));
    const query = events.filter((event) => event.title.startsWith('Query on Weight'));
    expect(query.map((event) => event.message)).toEqual(['Is this weight in kg?', 'It was in pounds, will correct', null]);
  });

  it("never shows another case's data: the package's rows are trimmed to the version, and the rebuild that did not change a case is not in its history", async () => {
    const history = await historyOf(walked);
    const text = JSON.stringify(history);
    expect(text).not.toContain(neighbour.caseNum);
    expect(text).not.toContain(neighbour._id);
    const rebuild = history.items.find((entry) => entry.entity === 'package' && entry.action === 'build');
    expect(rebuild).toMatchObject({ entityId: pkg.submissionId, changes: [{ field: 'version', old: 1, new: 2 }], ip: null });
    expect(history.items.every((entry) => entry.ip === null)).toBe(true);

    const neighbours = titles(await historyOf(neighbour));
    expect(neighbours).toEqual(['Created', 'Closed', 'Approved for a census package', `Included in census package ${pkg.submissionId}`]);
  });

  it("never carries the patient's name", async () => {
    expect(JSON.stringify(await historyOf(walked))).not.toMatch(/Leonora|Dimaculangan/);
  });

  it('is read with find_patient_case, and the read is audited as a read of the case, apart from its history', async () => {
    const noCases = await t.createUserWithRole([PERMISSIONS.GET_PATIENTS]);
    await get(`${caseUrl(walked)}/history`, noCases).expect(403);
    const reader = await t.createUserWithRole([PERMISSIONS.FIND_PATIENT_CASE]);
    await get(`${caseUrl(walked)}/history`, reader).expect(200);
    const reads = (await get(`/api/audit?entity=case_read&entityId=${walked._id}`).expect(200)).body as Paged<AuditEntryView>;
    expect(reads.items.some((row) => row.actorUsername === reader.username
      && row.changes.some((change) => change.field === 'route' && change.new === 'GET /api/patients/:patientid/cases/:caseid/history'))).toBe(true);
    expect(titles(await historyOf(walked))).not.toContain('Read');
  });

  it('pages 100 rows at a time, oldest first', async () => {
    const patient = await createPatient(t, admin);
    let form = await createCase(t, admin, patient._id, closableObBody(nextCaseNum('P')));
    for (let i = 0; i < 100; i += 1) {
      form = (await put(caseUrl(form), { version: form.version, room: `R${i}` }).expect(200)).body as CaseForm;
    }
    const first = await historyOf(form);
    const second = await historyOf(form, 1);
    expect(first).toMatchObject({ count: 101, offset: 0 });
    expect(first.items).toHaveLength(100);
    expect(first.items[0].action).toBe('create');
    expect(second.items.map((entry) => entry.changes)).toEqual([[{ field: 'room', old: 'R98', new: 'R99' }]]);
  }, 120_000);
});
