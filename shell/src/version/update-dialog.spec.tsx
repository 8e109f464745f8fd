import { act, screen, waitFor, within } from '@testing-library/react';
import { CLINICIAN, renderShell } from '../shell-app.test-helpers.js';
import { UPDATE_DIALOG_SEEN_KEY } from './update-dialog.js';

const UPDATE = { currVersion: '1.9.0', siteVersion: '1.10.0', updateUrl: 'https://updates.pnss.test/download' };

describe('Update Available (SPEC.md §1)', () => {
  it('with currVersion lower than siteVersion, shows the nav item linking out and the dialog with Download', async () => {
    await renderShell('#/patients', CLINICIAN, { 'GET /api/checkupdate': { body: UPDATE } });
    const dialog = await screen.findByRole('dialog', { name: 'Update Available' });
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute('href', UPDATE.updateUrl);
    const item = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Update Available' });
    expect(item).toHaveAttribute('href', UPDATE.updateUrl);
    expect(item).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Version 1.9.0')).toBeInTheDocument();
  });

  it('shows the dialog only once per browser', async () => {
    localStorage.setItem(UPDATE_DIALOG_SEEN_KEY, UPDATE.siteVersion);
    await renderShell('#/patients', CLINICIAN, { 'GET /api/checkupdate': { body: UPDATE } });
    expect(await within(await screen.findByRole('navigation', { name: 'Main' })).findByText('Update Available')).toBeInTheDocument();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog', { name: 'Update Available' })).not.toBeInTheDocument();
  });

  it('remembers that the dialog was shown', async () => {
    const { user } = await renderShell('#/patients', CLINICIAN, { 'GET /api/checkupdate': { body: UPDATE } });
    const dialog = await screen.findByRole('dialog', { name: 'Update Available' });
    expect(localStorage.getItem(UPDATE_DIALOG_SEEN_KEY)).toBe('1.10.0');
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update Available' })).not.toBeInTheDocument());
  });

  it('compares numerically: 1.10.0 is not older than 1.9.0, so nothing is flagged', async () => {
    await renderShell('#/patients', CLINICIAN, { 'GET /api/checkupdate': { body: { currVersion: '1.10.0', siteVersion: '1.9.0' } } });
    expect(await screen.findByText('Version 1.10.0')).toBeInTheDocument();
    expect(screen.queryByText('Update Available')).not.toBeInTheDocument();
  });
});
