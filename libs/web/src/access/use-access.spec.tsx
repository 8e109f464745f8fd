import { screen } from '@testing-library/react';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { useAccess } from './use-access.js';
import { renderWithProviders } from '../testing/render-with-providers.js';
import { sessionStarted } from '../session/session.slice.js';
import { act } from 'react';

function AdminLink() {
  const { canAdmin } = useAccess();
  return canAdmin ? <a href="#/admin">Admin</a> : <span>no admin</span>;
}

describe('useAccess', () => {
  it('shows what the held permissions allow and follows a change of role', () => {
    const { store } = renderWithProviders(<AdminLink />, {
      preloadedState: { session: { signedIn: true, user: null, permissions: [PERMISSIONS.GET_PATIENTS] } },
    });
    expect(screen.getByText('no admin')).toBeInTheDocument();
    act(() => {
      store.dispatch(
        sessionStarted({ _id: 'u', firstname: 'a', lastname: 'b', username: 'ab', role: 'admin', permissions: [PERMISSIONS.ACCESS_ADMIN] }),
      );
    });
    expect(screen.getByRole('link', { name: 'Admin' })).toBeInTheDocument();
  });
});
