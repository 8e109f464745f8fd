import { fireEvent, screen, waitFor } from '@testing-library/react';
import { currentOfflineStore, eraseOfflineSession, getToken } from '@pnss/web';
import { keptOfflineKey } from '@pnss/web/testing';
import { ADMINISTRATOR, renderShell } from '../../shell-app.test-helpers.js';

/** The user whose key the slot of `pnss-offline-session` holds, read as a reload would (null when none). */
async function keptKeyUser(): Promise<string | null> {
  return (await keptOfflineKey())?.userId ?? null;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the login page (SPEC.md §2 Login)', () => {
  it('shows the census title, labelled Username and Password fields and a Login button, and no navigation', async () => {
    await renderShell('#/account/login', null);
    expect(screen.getByRole('heading', { name: 'PNSS Nationwide Census' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it("a failed sign-in shows the server's message and stays on login", async () => {
    const { user } = await renderShell('#/account/login', null, {
      'POST /api/accounts/login': { status: 401, body: { statusCode: 401, message: 'Invalid username or password' } },
    });
    fill('Username', 'admin');
    fill('Password', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/account/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("a network failure says 'Error communicating with server: {error}'", async () => {
    const { user } = await renderShell('#/account/login', null, {
      'POST /api/accounts/login': { networkError: 'Failed to fetch' },
    });
    fill('Username', 'admin');
    fill('Password', 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Error communicating with server: TypeError: Failed to fetch')).toBeInTheDocument();
  });

  it("Enter submits; success stores 'Bearer ' + token and the permissions, then opens patients", async () => {
    const { user, server } = await renderShell('#/account/login', null, {
      'POST /api/accounts/login': { body: { token: 'jwt-value', message: 'Welcome', user: ADMINISTRATOR } },
      'POST /api/accounts/auth': { body: ADMINISTRATOR },
      'GET /api/checkupdate': { body: { currVersion: '1.0.0', siteVersion: '1.0.0' } },
      'GET /api/categories': { body: [] },
    });
    fill('Username', ' admin ');
    fill('Password', 'right');
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    await waitFor(() => expect(window.location.hash).toBe('#/patients'));
    expect(localStorage.getItem('token')).toBe('Bearer jwt-value');
    expect(JSON.parse(localStorage.getItem('permissions') ?? '[]')).toEqual(ADMINISTRATOR.permissions);
    const login = server.requests.find((request) => request.url.endsWith('/api/accounts/login'));
    expect(await login?.clone().json()).toEqual({ username: 'admin', password: 'right' });
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('the app opens only once the offline key is kept (issue 32): a reload at any moment after sign-in reopens the queue', async () => {
    const { user } = await renderShell('#/account/login', null, {
      'POST /api/accounts/login': { body: { token: 'jwt-value', message: 'Welcome', user: ADMINISTRATOR } },
      'POST /api/accounts/auth': { body: ADMINISTRATOR },
      'GET /api/checkupdate': { body: { currVersion: '1.0.0', siteVersion: '1.0.0' } },
      'GET /api/categories': { body: [] },
    });
    // What the page holds at the moment it leaves login: a reload then starts from exactly this.
    const atLeaving: Array<{ token: string | null; store: string | null }> = [];
    const leaving = () => atLeaving.push({ token: getToken(), store: currentOfflineStore()?.userId ?? null });
    window.addEventListener('hashchange', leaving);
    try {
      fill('Username', 'admin');
      fill('Password', 'right');
      await user.click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(window.location.hash).toBe('#/patients'), { timeout: 10_000 });
      expect(atLeaving[0]).toEqual({ token: 'Bearer jwt-value', store: ADMINISTRATOR._id });
      expect(await keptKeyUser()).toBe(ADMINISTRATOR._id);
    } finally {
      window.removeEventListener('hashchange', leaving);
      await eraseOfflineSession(ADMINISTRATOR._id);
    }
  }, 20_000);
});
