import { screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@pnss/libs/api';
import { ALL_PERMISSIONS, FEATURES, PERMISSIONS } from '@pnss/libs/permissions';
import { renderAdmin, requestBody } from '../../testing/render-admin.test-helpers.js';
import { ROLES_SAVED_TOAST, changedRoles } from './index.js';

const P = PERMISSIONS;
const ROLES: Role[] = [
  { _id: 'r1', roleName: 'admin', label: 'Administrator', rolePermissions: [...ALL_PERMISSIONS] },
  { _id: 'r2', roleName: 'clinician', label: 'Clinician', rolePermissions: [P.GET_PATIENTS, P.CLOSE_PATIENT_CASE] },
];
const FEATURE_LIST = FEATURES.map(({ feature, label, group }) => ({ feature, label, group }));

const routes = {
  'GET /api/roles': { body: ROLES },
  'GET /api/roles/features': { body: FEATURE_LIST },
  'GET /api/roles/names': { body: ROLES.map((r) => ({ _id: r._id, name: r.roleName, label: r.label })) },
};

describe('the Roles tab', () => {
  it('shows roles as rows and features as columns, with a mark where the role holds the feature, and EDIT', async () => {
    renderAdmin('/admin/roles', ALL_PERMISSIONS, routes);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Close cases' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Patients and cases' })).toBeInTheDocument();
    expect(within(table).getByRole('img', { name: 'Clinician – Close cases: granted' })).toBeInTheDocument();
    expect(within(table).queryByRole('img', { name: 'Clinician – Reopen cases: granted' })).not.toBeInTheDocument();
    expect(within(table).getByText('Clinician – Reopen cases: not granted')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /EDIT/ })).toBeEnabled();
  });

  it('has no EDIT for a role without update_roles', async () => {
    renderAdmin('/admin/roles', [P.ACCESS_ADMIN, P.GET_ROLES], routes);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: /EDIT/ })).not.toBeInTheDocument();
  });
});

describe('Edit Roles', () => {
  it("labels each checkbox '<role> – <feature>' and ticks what the role holds", async () => {
    renderAdmin('/admin/roles/edit', ALL_PERMISSIONS, routes);
    expect(await screen.findByRole('heading', { name: 'Edit Roles' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Clinician – Close cases' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Clinician – Reopen cases' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Administrator – Open the Admin module' })).toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(ROLES.length * FEATURES.length);
  });

  it('saves with PUT /api/roles only the roles that changed, then returns to the grid with a toast', async () => {
    const { user, server } = renderAdmin('/admin/roles/edit', ALL_PERMISSIONS, {
      ...routes,
      'PUT /api/roles': { body: ROLES },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Clinician – Open the Admin module' }));
    await user.click(screen.getByRole('checkbox', { name: 'Clinician – Close cases' }));
    expect(screen.getByText('1 role changed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ROLES_SAVED_TOAST)).toBeInTheDocument();
    expect(await requestBody(server, 'PUT /api/roles')).toEqual([{ _id: 'r2', rolePermissions: [P.GET_PATIENTS, P.ACCESS_ADMIN] }]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/roles$/));
  });

  it("shows the server's refusal to leave no administrator, and stays on the grid", async () => {
    const message = 'At least one active user must keep administrator access: this change would leave nobody able to manage users and roles';
    const { user } = renderAdmin('/admin/roles/edit', ALL_PERMISSIONS, {
      ...routes,
      'PUT /api/roles': { status: 409, body: { statusCode: 409, message } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Administrator – Open the Admin module' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/roles/edit');
  });

  it('locks the roles holding features the editor lacks, and the features the editor lacks, as the server refuses them (issue 27)', async () => {
    const editorRole: Role = { _id: 'r3', roleName: 'admin', label: 'Role editor', rolePermissions: [P.ACCESS_ADMIN, P.GET_ROLES, P.UPDATE_ROLES, P.GET_PATIENTS, P.CLOSE_PATIENT_CASE] };
    const roles = [{ ...ROLES[0], roleName: 'administrator' }, ROLES[1], editorRole];
    renderAdmin('/admin/roles/edit', editorRole.rolePermissions, { ...routes, 'GET /api/roles': { body: roles } });
    expect(await screen.findByRole('heading', { name: 'Edit Roles' })).toBeInTheDocument();
    // The Administrator role holds features the editor lacks: every one of its boxes is locked.
    expect(screen.getByLabelText('Administrator – Open the Admin module')).toBeDisabled();
    expect(screen.getByLabelText('Administrator – Read the audit log')).toBeDisabled();
    expect(screen.getByRole('img', { name: /^Administrator is locked: You cannot change the role Administrator: it holds permissions you do not hold yourself/ })).toBeInTheDocument();
    expect(screen.getByText(/Locked: Administrator\.$/)).toBeInTheDocument();
    // The Clinician role is within the editor's: what the editor holds can be ticked and unticked, nothing more.
    expect(screen.getByLabelText('Clinician – Close cases')).toBeEnabled();
    expect(screen.getByLabelText('Clinician – Open the Admin module')).toBeEnabled();
    expect(screen.getByLabelText('Clinician – Read the audit log')).toBeDisabled();
    expect(screen.queryByRole('img', { name: /^Clinician is locked/ })).not.toBeInTheDocument();
  });

  it('changedRoles lists a role once its ticks differ from what is saved, in any order', () => {
    expect(changedRoles(ROLES, { r2: [P.CLOSE_PATIENT_CASE, P.GET_PATIENTS] })).toEqual([]);
    expect(changedRoles(ROLES, { r2: [P.GET_PATIENTS] })).toEqual([{ _id: 'r2', rolePermissions: [P.GET_PATIENTS] }]);
  });
});
