import { screen, waitFor, within } from '@testing-library/react';
import { indexedDbText, mockApi } from '@pnss/web/testing';
import { eraseOfflineSession, forgetOfflineSession, offlineDatabaseName, startOfflineSession } from '@pnss/web';
import type { CaseForm } from '@pnss/libs/api';
import { aCase, aPatient, changeAddress, renderModuleAt } from '../../testing/render-module.js';
import { DRAFTS_NOT_KEPT_MESSAGE, drafts, draftAnswersOf, type CaseDraft, type DraftKey } from './drafts/drafts.js';

// Issue 25 items 1 and 2: the case on screen is the one the address names, and a draft belongs to
// exactly one case and one user. Each test renders the whole form with the real antd controls.
jest.setTimeout(90_000);

const A_KEY: DraftKey = { userId: 'u1', patientId: 'p1', caseId: 'c1' };
const B_KEY: DraftKey = { userId: 'u1', patientId: 'p2', caseId: 'c2' };

const caseA = aCase({ _id: 'c1', patientid: 'p1', caseNum: 'OPEN-A', room: 'ROOM-A', weight: 61, version: 2 });
const caseB = aCase({ _id: 'c2', patientid: 'p2', caseNum: 'OPEN-B', room: 'ROOM-B', weight: 72, version: 2 });

const later = <T,>(value: T, ms = 150) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/** Two patients, each with one case; the second patient's answers come a moment later, as over a network. */
function serveTwoPatients(a: CaseForm = caseA, b: CaseForm = caseB, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/patients/p1': { body: aPatient() },
    'GET /api/patients/p2': async () => later({ body: aPatient({ _id: 'p2', patientid: 'p2', firstName: 'Bea', middleName: null, lastName: 'Reyes', birthDate: '1985-07-01' }) }),
    'GET /api/patients/p1/cases/c1': { body: a },
    'GET /api/patients/p2/cases/c2': async () => later({ body: b }),
    ...extra,
  });
}

function draftOf(key: DraftKey, form: CaseForm, baseVersion = form.version): CaseDraft {
  return { ...key, baseVersion, answers: draftAnswersOf(form), savedAt: '2026-11-20T08:00:00.000Z' };
}

function toolbarButtons(): string[] {
  return within(screen.getByRole('toolbar', { name: 'Case actions' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent ?? '')
    .filter((name) => !name.startsWith('Back to'));
}

/** Few PBKDF2 rounds: these tests check where drafts go, not the cost of guessing a password. */
const FEW_ROUNDS = { iterations: 1_000 };

/** Signs u1 in as the shell does: the encrypted offline store, where drafts live (issue 32), opens. */
async function signIn(userId = 'u1'): Promise<void> {
  await startOfflineSession(userId, `${userId} password`, FEW_ROUNDS);
}

/** Every value IndexedDB holds for a user's store, strings and bytes alike, as text to search. */
const storedText = (userId: string) => indexedDbText(offlineDatabaseName(userId));

beforeEach(async () => {
  localStorage.clear();
  await signIn();
});
afterEach(async () => {
  await eraseOfflineSession('u1');
  await eraseOfflineSession('u2');
});

describe('the case form follows the address (issue 25 item 1)', () => {
  it("changing the address from patient A's case to patient B's shows B's case, and none of A's values or unsaved edits", async () => {
    serveTwoPatients();
    const { user } = renderModuleAt('/patients/p1/case/c1');
    await screen.findByRole('heading', { name: 'Case # OPEN-A' });
    await user.type(screen.getByLabelText('Room'), '-EDITED');
    await waitFor(async () => expect((await drafts.load(A_KEY))?.answers.room).toBe('ROOM-A-EDITED'), { timeout: 3000 });

    changeAddress('/patients/p2/case/c2');

    expect(await screen.findByRole('heading', { name: 'Case # OPEN-B' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'PCRN # OPEN-B' })).toBeInTheDocument();
    expect(screen.getByText('07/01/1985')).toBeInTheDocument();
    expect(screen.getByLabelText('Case #')).toHaveValue('OPEN-B');
    expect(screen.getByLabelText('Room')).toHaveValue('ROOM-B');
    expect(screen.getByLabelText('Weight (kg)')).toHaveValue('72');
    expect(screen.queryByDisplayValue(/ROOM-A/)).toBeNull();
    expect(screen.queryByDisplayValue('OPEN-A')).toBeNull();
    expect(screen.queryByDisplayValue('61')).toBeNull();
    expect(screen.queryByText(/Unsaved changes to this case were kept/)).toBeNull();
    // A's edits stay A's: kept under A's key, nothing kept for B.
    expect((await drafts.load(A_KEY))?.answers.room).toBe('ROOM-A-EDITED');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await drafts.load(B_KEY)).toBeNull();
  });

  it('while the next case loads, the previous case is not shown under the new address', async () => {
    serveTwoPatients();
    renderModuleAt('/patients/p1/case/c1');
    await screen.findByRole('heading', { name: 'Case # OPEN-A' });
    changeAddress('/patients/p2/case/c2');
    expect(screen.queryByRole('heading', { name: 'Case # OPEN-A' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading case');
    expect(await screen.findByRole('heading', { name: 'Case # OPEN-B' })).toBeInTheDocument();
  });

  it("a refused save shows the server's words, not only 'Unable to save case'", async () => {
    serveTwoPatients(caseA, caseB, {
      'PUT /api/patients/p1/cases/c1': {
        status: 400,
        body: { statusCode: 400, message: 'patientid does not match the patient of the address', errors: [{ field: 'patientid', message: 'patientid does not match the patient of the address' }] },
      },
    });
    const { user } = renderModuleAt('/patients/p1/case/c1');
    await screen.findByRole('heading', { name: 'Case # OPEN-A' });
    await user.type(screen.getByLabelText('Room'), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unable to save case')).toBeInTheDocument();
    expect(await screen.findByText('patientid does not match the patient of the address')).toBeInTheDocument();
  });
});

describe('a draft belongs to exactly one case and one user (issue 25 item 2)', () => {
  it("a draft of case A is never offered on case B, even when it was kept under B's key", async () => {
    serveTwoPatients();
    await drafts.save(A_KEY, draftOf(A_KEY, { ...caseA, room: 'A-DRAFT' }));
    await drafts.save(B_KEY, draftOf(A_KEY, { ...caseA, room: 'A-DRAFT' }));
    renderModuleAt('/patients/p2/case/c2');
    await screen.findByRole('heading', { name: 'Case # OPEN-B' });
    expect(await screen.findByText('Unsaved changes kept in this browser belonged to another case and were discarded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore my changes' })).toBeNull();
    expect(screen.getByLabelText('Room')).toHaveValue('ROOM-B');
    expect(await drafts.load(B_KEY)).toBeNull();
    // A's own draft is A's to restore.
    expect((await drafts.load(A_KEY))?.answers.room).toBe('A-DRAFT');
  });

  it("another user's draft of the same case is not offered", async () => {
    serveTwoPatients();
    await signIn('u2');
    await drafts.save({ ...A_KEY, userId: 'u2' }, draftOf({ ...A_KEY, userId: 'u2' }, { ...caseA, room: 'THEIRS' }));
    await signIn('u1');
    renderModuleAt('/patients/p1/case/c1');
    await screen.findByRole('heading', { name: 'Case # OPEN-A' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(/Unsaved changes to this case were kept/)).toBeNull();
    expect(screen.getByLabelText('Room')).toHaveValue('ROOM-A');
  });

  it('a draft made on an older version of the case is discarded, and the user is told so', async () => {
    serveTwoPatients({ ...caseA, version: 4 });
    await drafts.save(A_KEY, draftOf(A_KEY, { ...caseA, room: 'OLD-DRAFT' }, 2));
    renderModuleAt('/patients/p1/case/c1');
    await screen.findByRole('heading', { name: 'Case # OPEN-A' });
    expect(await screen.findByText(/were made on an older version of this case.*they were discarded/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore my changes' })).toBeNull();
    expect(screen.getByLabelText('Room')).toHaveValue('ROOM-A');
    expect(await drafts.load(A_KEY)).toBeNull();
  });

  it("a restore brings back field answers only: the case archived meanwhile stays archived, with the server's version", async () => {
    let stored: CaseForm = caseA;
    const api = serveTwoPatients(caseA, caseB, {
      'GET /api/patients/p1/cases/c1': () => ({ body: stored }),
      'PUT /api/patients/p1/cases/c1/archive': () => {
        stored = { ...caseA, isArchived: true, version: 3 };
        return { body: { _id: 'c1', patientid: 'p1', isClose: false, isArchived: true, submissionId: null, version: 3 } };
      },
      'PUT /api/patients/p1/cases/c1': async (request) => ({ body: { ...((await request.clone().json()) as CaseForm), _id: 'c1', patientid: 'p1', isArchived: true, version: 4 } }),
    });
    // The draft says open, not archived, and carries a status of its own: none of it may come back.
    const stale = { ...draftOf(A_KEY, { ...caseA, room: 'RESTORED' }), answers: { ...draftAnswersOf({ ...caseA, room: 'RESTORED' }), isArchived: false, isClose: false } };
    await drafts.save(A_KEY, stale);
    const { user } = renderModuleAt('/patients/p1/case/c1');
    await screen.findByRole('button', { name: 'Restore my changes' });
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Case archived successfully')).toBeInTheDocument();
    await waitFor(() => expect(toolbarButtons()).toEqual(['Unarchive', 'Save']));
    await user.click(screen.getByRole('button', { name: 'Restore my changes' }));
    expect(screen.getByLabelText('Room')).toHaveValue('RESTORED');
    expect(toolbarButtons()).toEqual(['Unarchive', 'Save']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated patient case information!')).toBeInTheDocument();
    const put = api.requests.filter((r) => r.method === 'PUT' && r.url.endsWith('/cases/c1'))[0];
    const body = (await put.clone().json()) as Record<string, unknown>;
    expect(body.version).toBe(3);
    expect(body.room).toBe('RESTORED');
    expect(body).not.toHaveProperty('isArchived');
    expect(body).not.toHaveProperty('isClose');
  });
});

describe('drafts kept on the device are encrypted (issue 32)', () => {
  /** Everything this browser holds in plain storage, as text to search. */
  const plainStorage = () => [localStorage, sessionStorage].map((area) => Object.keys(area).map((k) => `${k}=${area.getItem(k)}`).join('\n')).join('\n');

  it('the stored bytes of a draft hold no patient text, and the draft opens again with the key', async () => {
    serveTwoPatients();
    const { user } = renderModuleAt('/patients/p1/case/c1');
    await screen.findByRole('heading', { name: 'Case # OPEN-A' });
    await user.type(screen.getByLabelText('Room'), '-Marisol-Delivery');
    await waitFor(async () => expect((await drafts.load(A_KEY))?.answers.room).toBe('ROOM-A-Marisol-Delivery'), { timeout: 3000 });
    const text = await storedText('u1');
    // The search sees what is stored in the clear: the kind of queue row, a key's name.
    expect(text).toContain('case-draft:case:c1');
    for (const secret of ['Marisol', 'ROOM-A', 'OPEN-A', 'Delivery']) expect(text).not.toContain(secret);
    expect(plainStorage()).not.toContain('Marisol');
  });

  it('without a signed-in key nothing is kept, and the form says so', async () => {
    await forgetOfflineSession();
    serveTwoPatients();
    const { user } = renderModuleAt('/patients/p1/case/c1');
    await screen.findByRole('heading', { name: 'Case # OPEN-A' });
    expect(screen.getByText(DRAFTS_NOT_KEPT_MESSAGE)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Room'), '-UNKEPT');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(plainStorage()).not.toContain('UNKEPT');
    await signIn();
    expect(await drafts.load(A_KEY)).toBeNull();
    expect(await storedText('u1')).not.toContain('UNKEPT');
  });

  it('a draft is offered once the store opens, even when the form was on screen first (a reload)', async () => {
    serveTwoPatients();
    await drafts.save(A_KEY, draftOf(A_KEY, { ...caseA, room: 'AFTER-RELOAD' }));
    await forgetOfflineSession();
    renderModuleAt('/patients/p1/case/c1');
    await screen.findByRole('heading', { name: 'Case # OPEN-A' });
    expect(screen.getByText(DRAFTS_NOT_KEPT_MESSAGE)).toBeInTheDocument();
    await signIn();
    expect(await screen.findByRole('button', { name: 'Restore my changes' })).toBeInTheDocument();
    expect(screen.queryByText(DRAFTS_NOT_KEPT_MESSAGE)).toBeNull();
  });

  it('the form does not warn while the signed-in user\'s store is open', async () => {
    serveTwoPatients();
    renderModuleAt('/patients/p1/case/c1');
    await screen.findByRole('heading', { name: 'Case # OPEN-A' });
    expect(screen.queryByText(DRAFTS_NOT_KEPT_MESSAGE)).toBeNull();
  });

  it('plain-text drafts left in localStorage by earlier builds are deleted unread, never offered', async () => {
    serveTwoPatients();
    const plain = JSON.stringify(draftOf(A_KEY, { ...caseA, room: 'PLAIN-DRAFT' }));
    localStorage.setItem('pnss.case-draft.c1', plain);
    localStorage.setItem(`pnss.case-draft.v2.u1.${encodeURIComponent('case:c1')}`, plain);
    localStorage.setItem('pnss.unrelated', 'kept');
    renderModuleAt('/patients/p1/case/c1');
    await screen.findByRole('heading', { name: 'Case # OPEN-A' });
    await waitFor(() => expect(Object.keys(localStorage).filter((k) => k.startsWith('pnss.case-draft.'))).toEqual([]));
    expect(localStorage.getItem('pnss.unrelated')).toBe('kept');
    expect(screen.queryByRole('button', { name: 'Restore my changes' })).toBeNull();
    expect(screen.getByLabelText('Room')).toHaveValue('ROOM-A');
  });
});

describe('the case form shows the status the server has (issue 25 item 3)', () => {
  it("a closed case packaged while its form is open shows 'Submitted' without Reopen (only amend or withdraw) once the user comes back", async () => {
    let stored: CaseForm = { ...caseA, isClose: true, version: 5 };
    serveTwoPatients(caseA, caseB, { 'GET /api/patients/p1/cases/c1': () => ({ body: stored }) });
    renderModuleAt('/patients/p1/case/c1');
    await screen.findByRole('heading', { name: 'Case # OPEN-A' });
    expect(toolbarButtons()).toEqual(['Reopen case']);
    stored = { ...stored, submissionId: 's-2026-01' };
    window.dispatchEvent(new Event('focus'));
    // A submitted case is no longer reopened: only reopened for amendment or withdrawn (issue 30), by a user who may.
    await waitFor(() => expect(toolbarButtons()).toEqual(['Reopen case # OPEN-A for amendment', 'Withdraw case # OPEN-A from its package']));
    expect(screen.getByText('Submitted')).toBeInTheDocument();
  });
});
