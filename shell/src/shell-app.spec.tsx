import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { getLoginNotice, takeReturnTo } from '@pnss/web';
import { ADMINISTRATOR, CLINICIAN, goTo, renderShell, signedInRoutes } from './shell-app.test-helpers.js';

describe('guards (SPEC.md §2)', () => {
  it('an unauthenticated user is sent to login from any deep link, which is remembered for after sign-in', async () => {
    await renderShell('#/reports/obreport/summary/', null);
    await waitFor(() => expect(window.location.hash).toBe('#/account/login'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(takeReturnTo()).toBe('#/reports/obreport/summary/');
  });

  it('after signing in, the user lands on the deep link they first opened', async () => {
    const { user } = await renderShell('#/reports/obreport/table', null, {
      'POST /api/accounts/login': { body: { token: 'jwt', message: 'Welcome', user: ADMINISTRATOR } },
      ...signedInRoutes(ADMINISTRATOR),
    });
    await waitFor(() => expect(window.location.hash).toBe('#/account/login'));
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(window.location.hash).toBe('#/reports/obreport/table'));
  });

  it('an authenticated user opening login goes to patients', async () => {
    await renderShell('#/account/login', CLINICIAN);
    await waitFor(() => expect(window.location.hash).toBe('#/patients'));
  });

  it('/ and any unknown path redirect to the cases root', async () => {
    await renderShell('#/', CLINICIAN);
    await waitFor(() => expect(window.location.hash).toBe('#/cases'));
    await act(() => goTo('#/no-such-screen'));
    await waitFor(() => expect(window.location.hash).toBe('#/cases'));
  });

  it('the session is checked on each navigation', async () => {
    const { server } = await renderShell('#/patients', CLINICIAN);
    await waitFor(() => expect(server.calls()).toContain('POST /api/accounts/auth'));
    const checks = () => server.calls().filter((call) => call === 'POST /api/accounts/auth').length;
    const before = checks();
    await act(() => goTo('#/cases'));
    await waitFor(() => expect(checks()).toBe(before + 1));
    expect(server.requests.at(-1)?.headers.get('authorization')).toBe('Bearer t0k3n');
  });

  it('a 401 from the session check clears the token and goes to login, saying the session ended', async () => {
    await renderShell('#/cases', CLINICIAN, {
      'POST /api/accounts/auth': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } },
    });
    await waitFor(() => expect(window.location.hash).toBe('#/account/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(getLoginNotice()).toBe('Your session has ended. Please sign in again.');
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
  });

  it("a 504 from the session check only logs 'waiting for connection'", async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      await renderShell('#/cases', CLINICIAN, { 'POST /api/accounts/auth': { status: 504, body: { statusCode: 504, message: 'Gateway Timeout' } } });
      await waitFor(() => expect(info).toHaveBeenCalledWith('waiting for connection'));
      expect(window.location.hash).toBe('#/cases');
      expect(localStorage.getItem('token')).toBe('Bearer t0k3n');
    } finally {
      info.mockRestore();
    }
  });
});

describe('the side navigation', () => {
  it('shows the spec entries, the Version label and Sign out; the login page hides it', async () => {
    await renderShell('#/patients', ADMINISTRATOR);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const label of ['Patients', 'Cases', 'Census Questions', 'Technical Support', 'Admin', 'Sign out']) {
      expect(within(nav).getByText(label)).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Census Questions' })).toHaveAttribute('href', '#/contact-pogs-pnss');
    expect(within(nav).getByRole('link', { name: 'Technical Support' })).toHaveAttribute('href', '#/contact-pogs-pnss-support');
    expect(within(nav).getByRole('link', { name: 'Patients' })).toHaveAttribute('aria-current', 'page');
    expect(await within(nav).findByText('Version 1.4.2')).toBeInTheDocument();
  });

  it('hides Admin, and entries the user has no permission for', async () => {
    await renderShell('#/patients', CLINICIAN);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByText('Admin')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Reports')).not.toBeInTheDocument();
    expect(within(nav).getByText('Cases')).toBeInTheDocument();
  });

  it("shows a module's count beside its item (remotes.json badge), in words for screen readers, read again on each navigation and on focus", async () => {
    let total = 3;
    const { server } = await renderShell('#/patients', CLINICIAN, { 'GET /api/worklists': () => ({ body: { lists: [], total } }) });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const item = await within(nav).findByRole('link', { name: /^Worklists\s*, 3 cases waiting$/ });
    expect(item).toHaveAttribute('href', '#/cases/worklists');
    expect(within(item).getByText('3')).toHaveAttribute('aria-hidden', 'true');
    total = 1;
    await act(() => goTo('#/cases'));
    expect(await within(nav).findByRole('link', { name: /^Worklists\s*, 1 case waiting$/ })).toBeInTheDocument();
    total = 0;
    const asked = server.calls().filter((call) => call === 'GET /api/worklists').length;
    fireEvent.focus(window);
    await waitFor(() => expect(server.calls().filter((call) => call === 'GET /api/worklists').length).toBeGreaterThan(asked));
    // Nothing waiting: no badge, the item's name is its label.
    expect(await within(nav).findByRole('link', { name: 'Worklists' })).toBeInTheDocument();
  });

  it('a role change shows at the next navigation: Admin appears', async () => {
    let current = CLINICIAN;
    await renderShell('#/patients', CLINICIAN, { 'POST /api/accounts/auth': () => ({ body: current }) });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByText('Admin')).not.toBeInTheDocument();
    current = { ...CLINICIAN, permissions: [...CLINICIAN.permissions, PERMISSIONS.ACCESS_ADMIN] };
    await act(() => goTo('#/cases'));
    expect(await within(nav).findByText('Admin')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('permissions') ?? '[]')).toContain(PERMISSIONS.ACCESS_ADMIN);
  });

  it("sign-out asks 'Are you sure you want to sign out?', revokes the token, removes it and goes to login", async () => {
    const { user, server } = await renderShell('#/patients', CLINICIAN);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to sign out?' });
    expect(screen.getAllByText('Are you sure you want to sign out?')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(window.location.hash).toBe('#/account/login'));
    const logout = server.requests.find((request) => request.url.endsWith('/api/accounts/logout'));
    expect(logout?.headers.get('authorization')).toBe('Bearer t0k3n');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('permissions')).toBeNull();
    expect(getLoginNotice()).toBeNull();
  });

  it('cancelling the sign-out question keeps the session', async () => {
    const { user, server } = await renderShell('#/patients', CLINICIAN);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(localStorage.getItem('token')).toBe('Bearer t0k3n');
    expect(window.location.hash).toBe('#/patients');
    expect(server.calls()).not.toContain('POST /api/accounts/logout');
  });

  it('sign-out clears the session even when the server cannot be reached', async () => {
    const { user } = await renderShell('#/patients', CLINICIAN, { 'POST /api/accounts/logout': { networkError: 'Failed to fetch' } });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(window.location.hash).toBe('#/account/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('the workspace', () => {
  it("says 'I'm preparing your workspace. Hang tight!' while the reference data loads after sign-in", async () => {
    let release: () => void = () => undefined;
    const categories = new Promise<void>((resolve) => {
      release = resolve;
    });
    await renderShell('#/patients', CLINICIAN, {
      'GET /api/categories': async () => {
        await categories;
        return { body: [] };
      },
    });
    expect(await screen.findByText("I'm preparing your workspace. Hang tight!")).toBeInTheDocument();
    await act(async () => release());
    await waitFor(() => expect(screen.queryByText("I'm preparing your workspace. Hang tight!")).not.toBeInTheDocument());
  });

  it('the contact pages are shell pages with the society contact details, clearly labelled', async () => {
    await renderShell('#/contact-pogs-pnss-support', CLINICIAN);
    expect(await screen.findByRole('heading', { name: 'Technical Support' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://www.pogsinc.org' })).toHaveAttribute('target', '_blank');
  });
});
