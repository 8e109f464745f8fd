import { screen, waitFor, within } from '@testing-library/react';
import { currentOfflineStore, eraseOfflineSession, OfflineStore, queueOfflineChange, startOfflineSession } from '@pnss/web';
import { CLINICIAN, renderShell } from '../shell-app.test-helpers.js';
import { REMOVE_REFUSED_QUESTION } from './connection-status.js';

const FEW_ROUNDS = { iterations: 1_000 };

async function queueTwoChanges() {
  await startOfflineSession(CLINICIAN._id, 'clinician password', FEW_ROUNDS);
  for (const firstName of ['Ana', 'Bea']) {
    await queueOfflineChange({ kind: 'createPatient', method: 'POST', path: '/patients', label: 'New patient', body: { firstName } });
  }
}

describe('the connection state in the header (issue 32)', () => {
  let online: jest.SpyInstance<boolean, []>;
  beforeEach(() => {
    online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  });
  afterEach(async () => {
    online.mockRestore();
    // Each test starts with no queue on the device.
    await eraseOfflineSession(CLINICIAN._id);
  });

  it("says 'Online' in words, as a status a screen reader announces", async () => {
    await renderShell('#/patients', CLINICIAN);
    const status = await screen.findByTestId('connection-status');
    expect(status).toHaveTextContent('Online');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveAttribute('aria-live', 'polite');
  });

  it("says 'Offline' when the network goes, with how many changes wait", async () => {
    await queueTwoChanges();
    await renderShell('#/patients', CLINICIAN);
    online.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await waitFor(() => expect(screen.getByTestId('connection-status')).toHaveTextContent('Offline · 2 changes waiting'), { timeout: 10_000 });
  });

  it('signing out with changes waiting says how many, and signing out erases them from the device', async () => {
    online.mockReturnValue(false);
    await queueTwoChanges();
    const { user } = await renderShell('#/patients', CLINICIAN);
    await waitFor(() => expect(screen.getByTestId('connection-status')).toHaveTextContent('Offline · 2 changes waiting'), { timeout: 10_000 });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to sign out?' });
    expect(within(dialog).getByText('2 changes made offline have not been sent yet. Signing out deletes them from this device.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(window.location.hash).toBe('#/account/login'));
    expect(currentOfflineStore()).toBeNull();
    const reopened = await OfflineStore.unlock(CLINICIAN._id, 'clinician password', FEW_ROUNDS);
    expect(await reopened.count()).toBe(0);
    reopened.close();
  });
  it('a case save made offline that met a newer version links to its case, whose form opens the conflict dialog', async () => {
    online.mockReturnValue(false);
    const store = await startOfflineSession(CLINICIAN._id, 'clinician password', FEW_ROUNDS);
    const queued = await store.enqueue({ kind: 'saveCase', method: 'PUT', path: '/patients/p1/cases/c1', label: 'Case 2026-118', body: { room: '5C' }, recordId: 'c1', version: 2 });
    await store.enqueue({ kind: 'saveCase', method: 'PUT', path: '/patients/p1/cases/c2', label: 'Case 2026-119', body: { room: '6D' }, recordId: 'c2', version: 1 });
    await store.refuse(queued.seq, 'changed', true);
    await renderShell('#/patients', CLINICIAN);
    const link = await screen.findByRole('link', { name: 'Case 2026-118 was changed by someone else: open it to choose' }, { timeout: 10_000 });
    expect(link).toHaveAttribute('href', '#/patients/p1/case/c1');
    expect(screen.queryByRole('link', { name: /Case 2026-119/ })).toBeNull();
  });

  it("a change the server refused by its rules says so in the server's words, stays on the device, and leaves only when the user removes it", async () => {
    online.mockReturnValue(false);
    const store = await startOfflineSession(CLINICIAN._id, 'clinician password', FEW_ROUNDS);
    const words = 'The case cannot be closed: Discharge date is required.';
    const queued = await store.enqueue({ kind: 'closeCase', method: 'PUT', path: '/patients/p1/cases/c1/close', label: 'Close case G-77', body: {}, recordId: 'c1', version: 2 });
    await store.refuse(queued.seq, words);
    const { user } = await renderShell('#/patients', CLINICIAN);
    const link = await screen.findByRole('link', { name: `Close case G-77 was refused by the server: ${words}` }, { timeout: 10_000 });
    expect(link).toHaveAttribute('href', '#/patients/p1/case/c1');
    expect(screen.getByTestId('connection-status')).toHaveTextContent('Offline · 1 change waiting');
    const removeButton = screen.getByRole('button', { name: 'Remove' });
    await user.click(removeButton);
    const question = (await screen.findByText(REMOVE_REFUSED_QUESTION)).closest('.ant-popover') as HTMLElement;
    await user.click(within(question).getByRole('button', { name: 'Keep' }));
    expect(await store.count()).toBe(1);
    await user.click(removeButton);
    await user.click(within(question).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /was refused by the server/ })).toBeNull(), { timeout: 10_000 });
    expect(await store.count()).toBe(0);
  });

  it("warns in words when the browser's storage nears its quota", async () => {
    const storage = { estimate: jest.fn(async () => ({ usage: 900, quota: 1000 })) };
    Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
    try {
      await startOfflineSession(CLINICIAN._id, 'clinician password', FEW_ROUNDS);
      await renderShell('#/patients', CLINICIAN);
      expect(await screen.findByText(/^Storage on this device is 90% full\. Connect to send the waiting changes/, {}, { timeout: 10_000 })).toHaveAttribute('role', 'status');
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
  });
});
