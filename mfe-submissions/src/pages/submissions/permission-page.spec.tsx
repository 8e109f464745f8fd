import { screen } from '@testing-library/react';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { NOT_PERMITTED_TITLE } from './index.js';
import { renderSubmissions } from './render-submissions.test-helpers.js';

const page = (items: unknown[]) => ({ body: { result: items, items, count: items.length, offset: 0 } });

describe('a user whose role opens no part of Submissions sees one permission page (issue 25 item 14)', () => {
  it('a clinician opening #/submissions by its address: one page saying why, no tabs, no filters, no Retry, and nothing asked of the server', async () => {
    const { server } = renderSubmissions('/submissions/cases', [PERMISSIONS.GET_PATIENTS, PERMISSIONS.GET_ALL_CASE], {});
    expect(await screen.findByText(NOT_PERMITTED_TITLE)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Case type' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(server.calls()).toEqual([]);
  });

  it('the same page on the Census Packages address', async () => {
    renderSubmissions('/submissions/census', [PERMISSIONS.GET_PATIENTS], {});
    expect(await screen.findByText(NOT_PERMITTED_TITLE)).toBeInTheDocument();
  });

  it('a role that may read the packages but not the closed cases sees only Census Packages, and the Cases address leads there', async () => {
    renderSubmissions('/submissions/cases', [PERMISSIONS.GET_PACKAGES], { 'GET /api/submissions/census/packages': page([]) });
    expect(await screen.findByRole('tab', { name: 'Census Packages' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Cases' })).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/submissions/census');
    expect(screen.queryByText(NOT_PERMITTED_TITLE)).toBeNull();
  });
});
