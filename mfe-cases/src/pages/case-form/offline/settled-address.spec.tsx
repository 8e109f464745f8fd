import { act, screen, waitFor } from '@testing-library/react';
import { currentOfflineStore, eraseOfflineSession, notifyOfflineQueue, startOfflineSession, syncQueue } from '@pnss/web';
import { mockApi, type MockRoutes } from '@pnss/web/testing';
import { aCase, aPatient, currentPath, renderModuleAt } from '../../../testing/render-module.js';

// Issue 32: a case made on this device and still open in the form when the queue reaches the server
// follows the remap: the address names the server's ids, the form keeps the user's unsaved edits,
// and a further save goes to the server's record on the version the replay produced.
jest.setTimeout(90_000);

const FEW_ROUNDS = { iterations: 1_000 };

const bodyOf = async (request: Request) => (await request.clone().json()) as Record<string, unknown>;

beforeEach(async () => {
  localStorage.clear();
  await startOfflineSession('u1', 'u1 password', FEW_ROUNDS);
});
afterEach(async () => {
  await eraseOfflineSession('u1');
});

describe('a case made offline, open in the form when the queue is sent (issue 32)', () => {
  it("follows the server's id and version: the address changes, unsaved edits stay, and the next save is no conflict with the user's own replayed save", async () => {
    let online = false;
    const puts: Array<Record<string, unknown>> = [];
    const server = aCase({ _id: 'c7', patientid: 'p1', caseNum: 'OFF-7', room: 'Ward 2', version: 2 });
    const routes: MockRoutes = {
      'GET /api/patients/p1': { body: aPatient() },
      // No connection until the test brings it back.
      'POST /api/patients/p1/cases': async (request) => (online ? { status: 201, body: { ...(await bodyOf(request)), _id: 'c7', version: 1 } } : { networkError: 'Failed to fetch' }),
      'PUT /api/patients/p1/cases/c7': async (request) => {
        const body = await bodyOf(request);
        puts.push(body);
        // The server refuses a save made on a version it no longer has, as the API does.
        if (body.version !== puts.length) return { status: 409, body: { statusCode: 409, message: 'changed', current: server } };
        return { body: { ...server, ...body, version: puts.length + 1 } };
      },
      'GET /api/patients/p1/cases/c7': () => ({ body: { ...server, version: puts.length + 1 } }),
      'GET /api/queries/case/c7': { body: { result: [], count: 0 } },
    };
    mockApi(routes);
    const { user } = renderModuleAt('/patients/p1/newcase');
    await screen.findByRole('toolbar', { name: 'Case actions' });
    await user.type(screen.getByLabelText('Case #'), 'OFF-7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toMatch(/^\/patients\/p1\/case\/local-[0-9a-f-]+$/));
    // Saved on the device, then edited again and left unsaved.
    const room = await screen.findByLabelText('Room');
    await user.type(room, 'Ward 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await currentOfflineStore()!.count()).toBe(2));
    await user.type(screen.getByLabelText('Room'), ' bed 4');

    // The connection returns and the shell sends the queue: the create, then the save (version 1 → 2).
    online = true;
    const sent = await syncQueue(currentOfflineStore()!, { token: () => 'Bearer t' });
    expect(sent).toEqual({ sent: 2, refused: 0, stopped: null });
    act(() => notifyOfflineQueue());

    await waitFor(() => expect(currentPath()).toBe('/patients/p1/case/c7'));
    expect(screen.getByLabelText('Room')).toHaveValue('Ward 2 bed 4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated patient case information!')).toBeInTheDocument();
    expect(puts.map((put) => put.version)).toEqual([1, 2]);
    expect(puts[1]!.room).toBe('Ward 2 bed 4');
    expect(screen.queryByText('This case was changed by someone else')).toBeNull();
  });
});
