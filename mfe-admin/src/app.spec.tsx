import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS } from '@pnss/libs/permissions';
import { NOT_PERMITTED_TITLE } from './pages/admin/index.js';
import { makeStore, sessionStarted } from '@pnss/web';
import { mockApi, mountModuleAt, type MountedModule } from '@pnss/web/testing';
import * as lifecycles from './app.js';

const mountAt = (hash: string, permissions: string[]) =>
  mountModuleAt(lifecycles, hash, { name: 'mfe_admin', store: makeStore({ session: { signedIn: true, user: null, permissions } }) });
const unmountModule = (mounted: MountedModule) => mounted.unmount();

const EMPTY_ADMIN = {
  'GET /api/accounts': { body: { items: [], count: 0, offset: 0 } },
  'GET /api/roles/names': { body: [] },
  'GET /api/roles': { body: [] },
  'GET /api/roles/features': { body: [] },
};

describe('the admin module', () => {
  it('#/admin goes to #/admin/users and shows the Users and Roles tabs to a holder of the admin permission', async () => {
    mockApi(EMPTY_ADMIN);
    const props = await mountAt('#/admin', [...ALL_PERMISSIONS]);
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/admin/users');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    expect(window.location.hash).toBe('#/admin/roles');
    await unmountModule(props);
  });

  it.each(['#/admin', '#/admin/users', '#/admin/users/new', '#/admin/roles/edit'])(
    "a role without the admin permission opening %s gets the 'not permitted' page and no admin screen",
    async (hash) => {
      const server = mockApi({});
      const props = await mountAt(hash, [PERMISSIONS.GET_PATIENTS, PERMISSIONS.GET_ALL_USERS]);
      expect(await screen.findByText(NOT_PERMITTED_TITLE)).toBeInTheDocument();
      expect(screen.queryByRole('tab', { name: 'Users' })).not.toBeInTheDocument();
      expect(server.calls()).toEqual([]);
      await unmountModule(props);
    },
  );

  it('opens once the session check brings the admin permission, without remounting', async () => {
    mockApi(EMPTY_ADMIN);
    const mounted = await mountAt('#/admin/users', [PERMISSIONS.GET_PATIENTS]);
    expect(await screen.findByText(NOT_PERMITTED_TITLE)).toBeInTheDocument();
    act(() => {
      mounted.props.store.dispatch(
        sessionStarted({ _id: 'u', firstname: 'A', lastname: 'B', username: 'ab', role: 'clinician', permissions: [...ALL_PERMISSIONS] }),
      );
    });
    expect(await screen.findByRole('tab', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByText(NOT_PERMITTED_TITLE)).not.toBeInTheDocument();
    await unmountModule(mounted);
  });
});
