import { screen, within } from '@testing-library/react';
import type { AuditEntry, Paged } from '@pnss/libs/api';
import { ALL_PERMISSIONS, PERMISSIONS } from '@pnss/libs/permissions';
import { renderAdmin } from '../../testing/render-admin.test-helpers.js';

const MARIA = { _id: 'u1', firstname: 'Maria', lastname: 'Santos', username: 'msantos', role: 'clinician', hasPhoto: false, active: true };
const HISTORY: Paged<AuditEntry> = {
  items: [
    {
      _id: '2', at: '2026-03-02T09:00:00.000Z', actorId: 'a', actorUsername: 'admin', entity: 'user', entityId: 'u1', action: 'update',
      changes: [{ field: 'role', old: 'clinician', new: 'admin' }, { field: 'password', old: null, new: '[changed]' }],
    },
    {
      _id: '1', at: '2026-03-01T09:00:00.000Z', actorId: 'a', actorUsername: 'admin', entity: 'user', entityId: 'u1', action: 'deactivate',
      changes: [{ field: 'active', old: true, new: false }],
    },
  ],
  count: 2,
  offset: 0,
};

const routes = {
  'GET /api/accounts': { body: { items: [MARIA], count: 1, offset: 0 } },
  'GET /api/accounts/u1': { body: { ...MARIA, photo: null } },
  'GET /api/accounts/u1/history': { body: HISTORY },
  'GET /api/roles/names': { body: [{ _id: 'r1', name: 'admin', label: 'Administrator' }, { _id: 'r2', name: 'clinician', label: 'Clinician' }] },
};

describe("a user's history", () => {
  it('lists when, who, the action and each field old → new, never a password', async () => {
    const { user } = renderAdmin('/admin/users', ALL_PERMISSIONS, routes);
    await user.click(await screen.findByRole('button', { name: 'History of msantos' }));
    const drawer = await screen.findByRole('dialog', { name: 'History of Maria Santos (msantos)' });
    const rows = await within(drawer).findAllByRole('row');
    const update = rows.find((row) => within(row).queryByText('Updated')) as HTMLElement;
    expect(within(update).getByText('admin')).toBeInTheDocument();
    expect(update).toHaveTextContent('Role: Clinician → Administrator');
    expect(update).toHaveTextContent('Password: reset');
    expect(drawer).toHaveTextContent('Status: Active → Deactivated');
    expect(drawer).not.toHaveTextContent('[changed]');
  });

  it('has no History button without view_audit', async () => {
    renderAdmin('/admin/users', ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.VIEW_AUDIT), routes);
    await screen.findByText('msantos');
    expect(screen.queryByRole('button', { name: 'History of msantos' })).not.toBeInTheDocument();
  });
});
