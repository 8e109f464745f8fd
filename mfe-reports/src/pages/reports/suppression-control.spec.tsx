import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { mockApi, renderWithProviders } from '@pnss/web/testing';
import { ReportsRoutes } from '../../routes.js';

function SearchProbe() {
  return <output data-testid="search">{useLocation().search}</output>;
}

const refused = { status: 500, body: { statusCode: 500, message: 'not in this test' } };

function renderReports(path: string) {
  const server = mockApi({
    'GET /api/reports/summary/obreport': refused,
    'GET /api/categories/reports': { body: [] },
    'POST /api/reports/table': refused,
    'GET /api/reports/robson': refused,
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <ReportsRoutes />
      <SearchProbe />
    </MemoryRouter>,
    {
      preloadedState: {
        session: {
          signedIn: true,
          user: { _id: 'me', firstname: 'Cora', lastname: 'Census', username: 'cora', role: 'census_officer', permissions: [] },
          permissions: [PERMISSIONS.VIEW_REPORTS, PERMISSIONS.EXPORT_REPORTS],
        },
      },
    },
  );
  return server;
}

const control = () => screen.getByRole('switch', { name: /Small-cell suppression/ });

describe('small-cell suppression is one control, on by default, that the exports follow and that survives switching tabs', () => {
  it('starts on, with no second checkbox for the exports', async () => {
    renderReports('/reports/obreport/table');
    expect(await screen.findByRole('switch', { name: /Small-cell suppression/ })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /suppress/i })).toBeNull();
    expect(screen.getAllByRole('switch', { name: /Small-cell suppression/ })).toHaveLength(1);
  });

  it('turned off on the Table, it stays off on the Summary and back', async () => {
    renderReports('/reports/obreport/table');
    await userEvent.click(await screen.findByRole('switch', { name: /Small-cell suppression/ }));
    expect(control()).not.toBeChecked();
    expect(screen.getByTestId('search')).toHaveTextContent('suppress=0');
    await userEvent.click(screen.getByRole('tab', { name: 'Summary' }));
    await waitFor(() => expect(control()).not.toBeChecked());
    await userEvent.click(screen.getByRole('tab', { name: 'Table' }));
    await waitFor(() => expect(control()).not.toBeChecked());
  });

  it('the CSV export asks for what the screen shows: suppressed while on, not once turned off', async () => {
    const server = renderReports('/reports/obreport/table');
    // The file is saved through a link's click, which jsdom cannot follow.
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    server.fetch.mockImplementationOnce(async () => new Response('a,b', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="r.csv"' } }));
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    await userEvent.click(await screen.findByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(server.fetch).toHaveBeenCalledWith(expect.stringContaining('suppress=true'), expect.anything()));
    await userEvent.click(control());
    server.fetch.mockImplementationOnce(async () => new Response('a,b', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="r.csv"' } }));
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(server.fetch).toHaveBeenCalledWith(expect.stringContaining('suppress=false'), expect.anything()));
  });
});
