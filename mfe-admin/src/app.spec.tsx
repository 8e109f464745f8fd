import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { api, makeStore } from '@pnss/web';
import { bootstrap, mount, unmount } from './app.js';

async function mountAt(hash: string, permissions: string[]) {
  window.location.hash = hash;
  // jsdom announces the hash change in a later task; let it pass before React listens.
  await new Promise((resolve) => setTimeout(resolve, 10));
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  const props = { name: 'mfe_admin', store: makeStore({ session: { signedIn: true, user: null, permissions } }), api, domElement, singleSpa: {}, mountParcel: jest.fn() };
  await bootstrap(props);
  // Mount resolves once React has committed, so the render is flushed by a synchronous act.
  let mounted: Promise<unknown> = Promise.resolve();
  act(() => {
    mounted = mount(props);
  });
  await mounted;
  return props;
}

async function unmountModule(props: Awaited<ReturnType<typeof mountAt>>) {
  let unmounted: Promise<unknown> = Promise.resolve();
  act(() => {
    unmounted = unmount(props);
  });
  await unmounted;
}

describe('the admin module', () => {
  it('shows the Users and Roles tabs to a holder of the admin permission', async () => {
    const props = await mountAt('#/admin', [PERMISSIONS.ACCESS_ADMIN]);
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/admin/users');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    expect(window.location.hash).toBe('#/admin/roles');
    await unmountModule(props);
  });

  it('a role without the admin permission opening #/admin sees no admin screens', async () => {
    const props = await mountAt('#/admin/users', [PERMISSIONS.GET_PATIENTS]);
    expect(await screen.findByText('Your role does not include access to Admin.')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Users' })).not.toBeInTheDocument();
    await unmountModule(props);
  });
});
