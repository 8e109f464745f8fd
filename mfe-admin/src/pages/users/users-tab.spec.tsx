import { screen, waitFor, within } from '@testing-library/react';
import type { Paged, User } from '@pnss/libs/api';
import { ALL_PERMISSIONS, PERMISSIONS } from '@pnss/libs/permissions';
import { renderAdmin, requestBody, searchParams } from '../../testing/render-admin.test-helpers.js';
import { USERS_SEARCH_LABEL } from './index.js';

const ROLE_NAMES = [
  { _id: 'r1', name: 'admin', label: 'Administrator' },
  { _id: 'r2', name: 'clinician', label: 'Clinician' },
];

const user = (overrides: Partial<User>): User => ({
  _id: 'u1',
  firstname: 'Maria',
  lastname: 'Santos',
  username: 'msantos',
  role: 'clinician',
  hasPhoto: false,
  active: true,
  ...overrides,
});

const MARIA = user({});
const JOSE = user({ _id: 'u2', firstname: 'Jose', lastname: 'Rizal', username: 'jrizal', role: 'admin', active: false });

function page(items: User[], count = items.length, offset = 0): Paged<User> {
  return { items, count, offset };
}

describe('the Users tab', () => {
  it('lists Firstname, Lastname, Username and the role label, marks a deactivated user, and offers New User', async () => {
    renderAdmin('/admin/users', ALL_PERMISSIONS, {
      'GET /api/accounts': { body: page([MARIA, JOSE]) },
      'GET /api/roles/names': { body: ROLE_NAMES },
    });
    const table = await screen.findByRole('table');
    for (const header of ['Firstname', 'Lastname', 'Username', 'Role']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const maria = (await within(table).findByText('msantos')).closest('tr') as HTMLElement;
    expect(await within(maria).findByText('Clinician')).toBeInTheDocument();
    expect(within(maria).queryByText('Deactivated')).not.toBeInTheDocument();
    const jose = within(table).getByText('jrizal').closest('tr') as HTMLElement;
    expect(within(jose).getByText('Administrator')).toBeInTheDocument();
    expect(within(jose).getByText('Deactivated')).toBeInTheDocument();
    expect(within(jose).getByRole('button', { name: 'Activate jrizal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /New User/ })).toBeInTheDocument();
    expect(screen.getByText('2 users')).toBeInTheDocument();
  });

  it('searches by name or user name, waiting for typing to stop', async () => {
    const { user: actor, server } = renderAdmin('/admin/users', ALL_PERMISSIONS, {
      'GET /api/accounts': (request) => {
        const search = new URL(request.url).searchParams.get('search');
        return { body: search ? page([MARIA]) : page([MARIA, JOSE]) };
      },
      'GET /api/roles/names': { body: ROLE_NAMES },
    });
    await screen.findByText('jrizal');
    await actor.click(screen.getByRole('searchbox', { name: USERS_SEARCH_LABEL }));
    await actor.paste('santos');
    await waitFor(() => expect(screen.queryByText('jrizal')).not.toBeInTheDocument());
    expect(searchParams(server, 'GET /api/accounts').map((params) => params.get('search'))).toEqual([null, 'santos']);
  });

  it('pages 100 users a page once there are more than a page', async () => {
    const many = Array.from({ length: 100 }, (_, i) => user({ _id: `u${i}`, username: `user${i}` }));
    const { user: actor, server } = renderAdmin('/admin/users', ALL_PERMISSIONS, {
      'GET /api/accounts': (request) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        return { body: offset === 0 ? page(many, 130) : page([JOSE], 130, 1) };
      },
      'GET /api/roles/names': { body: ROLE_NAMES },
    });
    await screen.findByText('user0');
    expect(screen.getByText('130 users')).toBeInTheDocument();
    await actor.click(screen.getByTitle('2'));
    expect(await screen.findByText('jrizal')).toBeInTheDocument();
    expect(searchParams(server, 'GET /api/accounts').map((params) => params.get('offset'))).toEqual(['0', '1']);
  });

  it('deactivates a user after a confirmation', async () => {
    let users = [MARIA, JOSE];
    const { user: actor, server } = renderAdmin('/admin/users', ALL_PERMISSIONS, {
      'GET /api/accounts': () => ({ body: page(users) }),
      'GET /api/roles/names': { body: ROLE_NAMES },
      'PUT /api/accounts/u1': () => {
        users = [{ ...MARIA, active: false }, JOSE];
        return { body: users[0] };
      },
    });
    await actor.click(await screen.findByRole('button', { name: 'Deactivate msantos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Maria Santos?' });
    expect(within(dialog).getByText(/will not be able to sign in/)).toBeInTheDocument();
    await actor.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Maria Santos has been deactivated.')).toBeInTheDocument();
    expect(await requestBody(server, 'PUT /api/accounts/u1')).toEqual({ userid: 'u1', active: false });
    const row = (await screen.findByText('msantos')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('Deactivated')).toBeInTheDocument();
  });

  it("does not offer Deactivate on the signed-in administrator's own row (issue 14 item 11), only on others'", async () => {
    const me = user({ _id: 'me', firstname: 'Ada', lastname: 'Admin', username: 'admin', role: 'admin' });
    renderAdmin('/admin/users', ALL_PERMISSIONS, {
      'GET /api/accounts': { body: page([me, MARIA]) },
      'GET /api/roles/names': { body: ROLE_NAMES },
    });
    const own = (await screen.findByText('admin', { selector: 'td' })).closest('tr') as HTMLElement;
    expect(within(own).getByRole('button', { name: 'Edit admin' })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Deactivate admin' })).not.toBeInTheDocument();
    const other = screen.getByText('msantos').closest('tr') as HTMLElement;
    expect(within(other).getByRole('button', { name: 'Deactivate msantos' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a deactivation, and changes nothing", async () => {
    const message = 'At least one active user must keep administrator access: this change would leave nobody able to manage users and roles';
    const { user: actor } = renderAdmin('/admin/users', ALL_PERMISSIONS, {
      'GET /api/accounts': { body: page([MARIA]) },
      'GET /api/roles/names': { body: ROLE_NAMES },
      'PUT /api/accounts/u1': { status: 409, body: { statusCode: 409, message } },
    });
    await actor.click(await screen.findByRole('button', { name: 'Deactivate msantos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Maria Santos?' });
    await actor.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    const row = screen.getByText('msantos').closest('tr') as HTMLElement;
    expect(within(row).queryByText('Deactivated')).not.toBeInTheDocument();
  });

  it('New User opens Add User over the list; Close returns to it', async () => {
    const { user: actor } = renderAdmin('/admin/users', ALL_PERMISSIONS, {
      'GET /api/accounts': { body: page([MARIA]) },
      'GET /api/roles/names': { body: ROLE_NAMES },
    });
    await actor.click(await screen.findByRole('button', { name: /New User/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users/new');
    await actor.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/users$/));
  });

  it('Edit opens Edit User with the stored user; Save closes back to the list with a toast', async () => {
    const { user: actor } = renderAdmin('/admin/users', ALL_PERMISSIONS, {
      'GET /api/accounts': { body: page([MARIA]) },
      'GET /api/accounts/u1': { body: { ...MARIA, photo: null } },
      'PUT /api/accounts/u1': { body: MARIA },
      'GET /api/roles/names': { body: ROLE_NAMES },
    });
    await actor.click(await screen.findByRole('button', { name: 'Edit msantos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(await within(dialog).findByLabelText('Username')).toHaveValue('msantos');
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated user information!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/users$/));
  });

  it('a role that may only list users gets the list and no call it would be refused', async () => {
    const { server } = renderAdmin('/admin/users', [PERMISSIONS.ACCESS_ADMIN, PERMISSIONS.GET_ALL_USERS], {
      'GET /api/accounts': { body: page([user({ hasPhoto: true })]) },
    });
    const row = (await screen.findByText('msantos')).closest('tr') as HTMLElement;
    expect(within(row).getByText('clinician')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Edit msantos' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Deactivate msantos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New User/ })).not.toBeInTheDocument();
    expect(server.calls()).toEqual(['GET /api/accounts']);
  });

  it('without the right to list users the tab says so and asks the server nothing', async () => {
    const { server } = renderAdmin('/admin/users', [PERMISSIONS.ACCESS_ADMIN], {});
    expect(await screen.findByText('You do not have permission to see the users list.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New User/ })).not.toBeInTheDocument();
    expect(server.calls()).toEqual([]);
  });
});
