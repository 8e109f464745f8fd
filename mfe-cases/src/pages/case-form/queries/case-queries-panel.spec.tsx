import { screen, waitFor } from '@testing-library/react';
import type { FieldQuery } from '@pnss/libs/api';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { mockApi, renderWithProviders } from '@pnss/web/testing';
import '../../../api/queries.api.js';
import { CaseQueriesPanel } from './case-queries-panel.js';

const P = PERMISSIONS;
jest.setTimeout(60_000);

const QUERY: FieldQuery = {
  _id: 'q1', caseId: 'c1', caseNum: 'C-1', patientid: 'p1', field: 'neonatal[0].pediatricWeight', label: 'Infant 1: Birth Weight (g)',
  status: 'open', raisedBy: 'cora', raisedAt: '2026-11-25T10:00:00.000Z', updatedAt: '2026-11-25T10:00:00.000Z',
  messages: [{ kind: 'question', text: 'Is 1200 g right?', by: 'cora', at: '2026-11-25T10:00:00.000Z' }],
};

function renderPanel(permissions: string[], query: FieldQuery = QUERY) {
  const server = mockApi({
    'POST /api/queries/q1/answer': { body: { ...query, status: 'answered' } },
    'POST /api/queries/q1/close': { body: { ...query, status: 'closed' } },
    'POST /api/queries': { body: query },
    'GET /api/queries/case/c1': { body: { result: [query], count: 1 } },
  });
  const view = renderWithProviders(<CaseQueriesPanel caseId="c1" queries={[query]} />, {
    preloadedState: { session: { signedIn: true, user: { _id: 'me', firstname: 'A', lastname: 'B', username: 'me', role: 'x', permissions: [] }, permissions } },
  });
  return { ...view, server };
}

describe("the case form's queries (issue 31)", () => {
  it('shows an open query with its question, and lets whoever may edit the case answer it', async () => {
    const { user, server } = renderPanel([P.FIND_PATIENT_CASE, P.UPDATE_PATIENT_CASE]);
    expect(screen.getByText('Waiting for an answer')).toBeInTheDocument();
    expect(screen.getByText(/Is 1200 g right\?/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close query' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Raise query' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Answer the query on Infant 1: Birth Weight (g)' }), 'Corrected to 3200 g');
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    await waitFor(() => expect(server.calls()).toContain('POST /api/queries/q1/answer'));
    const request = server.requests.find((r) => new URL(r.url).pathname === '/api/queries/q1/answer');
    expect(await request?.clone().json()).toEqual({ text: 'Corrected to 3200 g' });
  });

  it('lets the reviewer close the query and raise another, and not answer it', async () => {
    const { user, server } = renderPanel([P.FIND_PATIENT_CASE, P.RAISE_QUERY]);
    expect(screen.queryByRole('button', { name: 'Answer' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Raise query' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Close query' }));
    await waitFor(() => expect(server.calls()).toContain('POST /api/queries/q1/close'));
  });

  it('keeps the list in view once the last open query is closed, the query shown as Closed', async () => {
    const { rerender } = renderPanel([P.FIND_PATIENT_CASE, P.RAISE_QUERY]);
    expect(screen.getByText('Waiting for an answer')).toBeInTheDocument();
    rerender(<CaseQueriesPanel caseId="c1" queries={[{ ...QUERY, status: 'closed' }]} />);
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Queries (0 open of 1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide' })).toBeInTheDocument();
  });
});
