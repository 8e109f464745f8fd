import { screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '@pnss/web/testing';
import { currentOfflineStore, eraseOfflineSession, startOfflineSession, syncQueue } from '@pnss/web';
import type { CaseForm } from '@pnss/libs/api';
import { aCase, aPatient, renderModuleAt } from '../../../testing/render-module.js';
import { toPayload } from '../hooks/use-case-actions.js';

// Issue 32: a save made offline that the server refuses when it is sent, because someone saved a
// newer version, is settled in the case form's field-by-field conflict dialog when the case is opened.
jest.setTimeout(60_000);

const CASE_PATH = '/api/patients/p1/cases/c1';

/** The user saved room 5C on version 2 while offline; the sync loop sent it and met `answer`. */
async function refusedOfflineSave(answer: { status: number; body: unknown }): Promise<void> {
  const store = await startOfflineSession('u1', 'u1 password', { iterations: 1_000 });
  const mine = aCase({ version: 2, room: '5C', weight: 61 });
  await store.enqueue({
    kind: 'saveCase', method: 'PUT', path: '/patients/p1/cases/c1', label: 'Case PCRN-001',
    body: { ...toPayload(mine), version: 2 }, recordId: 'c1', version: 2,
  });
  const fetch = (async () => new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } })) as typeof globalThis.fetch;
  expect(await syncQueue(store, { token: () => 'Bearer t', fetch })).toEqual({ sent: 0, refused: 1, stopped: null });
}

function serve(stored: CaseForm) {
  return mockApi({
    'GET /api/patients/p1': { body: aPatient() },
    [`GET ${CASE_PATH}`]: { body: stored },
    'GET /api/queries/case/c1': { body: { result: [], count: 0 } },
    [`PUT ${CASE_PATH}`]: async (request) => ({ body: { ...((await request.clone().json()) as CaseForm), _id: 'c1', patientid: 'p1', version: stored.version + 1 } }),
  });
}

const theirs = aCase({ version: 9, room: 'ICU-2', weight: 70 });

afterEach(() => eraseOfflineSession('u1'));

describe('a queued save refused for a newer version opens the conflict dialog (issue 32)', () => {
  it("opening the case shows the user's queued values beside the newer ones; the choice is saved on the newer version and leaves the queue", async () => {
    await refusedOfflineSave({ status: 409, body: { statusCode: 409, message: 'changed', current: theirs } });
    const api = serve(theirs);
    const { user } = renderModuleAt('/patients/p1/case/c1');
    const dialog = await screen.findByRole('dialog', { name: 'This case was changed by someone else' });
    const room = within(dialog).getByRole('radiogroup', { name: 'Which value of Room to keep' });
    expect(within(room).getByLabelText('5C')).toBeChecked();
    expect(within(room).getByLabelText('ICU-2')).toBeInTheDocument();
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'Which value of Weight (kg) to keep' })).getByLabelText('70'));
    await user.click(within(dialog).getByRole('button', { name: 'Apply and save' }));
    expect(await screen.findByText('Successfully updated patient case information!')).toBeInTheDocument();
    const put = (await api.requests.filter((r) => r.method === 'PUT')[0]!.clone().json()) as Record<string, unknown>;
    expect([put.version, put.room, put.weight]).toEqual([9, '5C', 70]);
    await waitFor(async () => expect(await currentOfflineStore()!.count()).toBe(0));
  });

  it('"Decide later" keeps the refused change queued, and a Save then meets the newer version again instead of overwriting it', async () => {
    await refusedOfflineSave({ status: 409, body: { statusCode: 409, message: 'changed', current: theirs } });
    const api = mockApi({
      'GET /api/patients/p1': { body: aPatient() },
      [`GET ${CASE_PATH}`]: { body: theirs },
      'GET /api/queries/case/c1': { body: { result: [], count: 0 } },
      [`PUT ${CASE_PATH}`]: { status: 409, body: { statusCode: 409, message: 'changed', current: theirs } },
    });
    const { user } = renderModuleAt('/patients/p1/case/c1');
    const dialog = await screen.findByRole('dialog', { name: 'This case was changed by someone else' });
    await user.click(within(dialog).getByRole('button', { name: 'Decide later' }));
    expect(screen.getByLabelText('Room')).toHaveValue('5C');
    expect(await currentOfflineStore()!.count()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'This case was changed by someone else' })).toBeInTheDocument();
    const put = (await api.requests.filter((r) => r.method === 'PUT')[0]!.clone().json()) as Record<string, unknown>;
    expect(put.version).toBe(2);
  });

  it('a queued save refused for another reason (a closed case) opens no dialog and leaves the form as the server has it', async () => {
    await refusedOfflineSave({ status: 409, body: { statusCode: 409, message: 'This case is closed and can no longer be edited. Reopen it to make changes.' } });
    serve(aCase({ version: 9, room: 'ICU-2' }));
    renderModuleAt('/patients/p1/case/c1');
    await screen.findByRole('toolbar', { name: 'Case actions' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('dialog', { name: 'This case was changed by someone else' })).toBeNull();
    expect(screen.getByLabelText('Room')).toHaveValue('ICU-2');
    expect(await currentOfflineStore()!.count()).toBe(1);
  });
  it('a refused queued save whose answers all reached the server in a later save leaves the queue; one with an answer the server lacks stays', async () => {
    await refusedOfflineSave({ status: 409, body: { statusCode: 409, message: 'This case is closed and can no longer be edited. Reopen it to make changes.' } });
    serve(aCase({ version: 9, room: 'ICU-2', weight: 61 }));
    const { user } = renderModuleAt('/patients/p1/case/c1');
    await screen.findByRole('toolbar', { name: 'Case actions' });
    await user.clear(screen.getByLabelText('Room'));
    await user.type(screen.getByLabelText('Room'), '5D');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated patient case information!')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await currentOfflineStore()!.count()).toBe(1);
    await user.clear(screen.getByLabelText('Room'));
    await user.type(screen.getByLabelText('Room'), '5C');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await currentOfflineStore()!.count()).toBe(0));
  });
});
