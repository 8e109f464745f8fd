import { screen, waitFor, within } from '@testing-library/react';
import { ALL_PERMISSIONS, PERMISSIONS } from '@pnss/libs/permissions';
import { WORKLISTS } from '@pnss/libs/quality';
import type { WorklistCounts, WorklistEntry } from '@pnss/libs/api';
import { axeViolations, mockApi } from '@pnss/web/testing';
import { backTarget } from '../case-form/case-form-screen.js';
import { aCaseListEntry, currentPath, page, renderModuleAt } from '../../testing/render-module.js';

const DAY_MS = 86_400_000;
const anEntry = (overrides: Partial<WorklistEntry> = {}): WorklistEntry => ({
  ...aCaseListEntry(),
  openedAt: new Date(Date.now() - 3 * DAY_MS).toISOString(),
  ...overrides,
});

const COUNTS: WorklistCounts = {
  lists: [
    { key: 'my-open', count: 2, capped: false },
    { key: 'failing-close', count: 1, capped: false },
    { key: 'queries-for-me', count: 0, capped: false },
    { key: 'queries-answered', count: 0, capped: false },
    { key: 'ready-to-approve', count: 1000, capped: true },
  ],
  total: 1003,
};

function worklistRoutes(items: WorklistEntry[] = [anEntry(), anEntry({ _id: 'c2', caseNum: 'PCRN-002', openedAt: new Date().toISOString() })]) {
  const seen: URL[] = [];
  const route = (request: Request) => {
    seen.push(new URL(request.url));
    return page(items);
  };
  return {
    seen,
    routes: {
      'GET /api/worklists': { body: COUNTS },
      'GET /api/worklists/my-open': route,
      'GET /api/worklists/failing-close': route,
      'GET /api/worklists/ready-to-approve': route,
    },
  };
}

describe('worklists (issue 31): the cases waiting for the user, each a saved filter of the Cases list', () => {
  it("'My open cases' is titled, says its definition in words, and shows each case with how long it has been open", async () => {
    const { routes, seen } = worklistRoutes();
    mockApi(routes);
    renderModuleAt('/cases/worklists/my-open');
    expect(screen.getByRole('heading', { name: 'My open cases' })).toBeInTheDocument();
    const definition = WORKLISTS.find((list) => list.key === 'my-open')?.definition ?? '';
    expect(screen.getByText(definition)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'My open cases' });
    expect(within(list).getByRole('link', { name: /Case # PCRN-001/ })).toHaveTextContent('Open 3 days');
    expect(within(list).getByRole('link', { name: /Case # PCRN-002/ })).toHaveTextContent('Opened today');
    expect(screen.getByLabelText('2 cases')).toHaveTextContent('2');
    expect(seen.at(-1)?.pathname).toBe('/api/worklists/my-open');
  });

  it('lists the worklists with their counts, read as cases waiting, the current one marked', async () => {
    mockApi(worklistRoutes().routes);
    const { user } = renderModuleAt('/cases/worklists/my-open');
    const tabs = screen.getByRole('navigation', { name: 'Worklists' });
    const current = await within(tabs).findByRole('link', { name: /^My open cases\s*, 2 cases waiting$/ });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: /^Failing the close rules\s*, 1 case waiting$/ })).toBeInTheDocument();
    // A count stopped at its cap says so.
    const ready = within(tabs).getByRole('link', { name: /^Ready to approve\s*, more than 1,000 cases waiting$/ });
    expect(within(ready).getByText('1000+')).toBeInTheDocument();
    await user.click(within(tabs).getByRole('link', { name: /^Failing the close rules/ }));
    expect(currentPath()).toBe('/cases/worklists/failing-close');
    expect(await screen.findByRole('heading', { name: 'Failing the close rules' })).toBeInTheDocument();
  });

  it("searches by case number like the Cases list ('Search Case Number')", async () => {
    const { routes, seen } = worklistRoutes();
    mockApi(routes);
    const { user } = renderModuleAt('/cases/worklists/my-open');
    await screen.findByRole('list', { name: 'My open cases' });
    await user.type(screen.getByRole('searchbox', { name: 'Search Case Number' }), 'PCRN-002');
    await waitFor(() => expect(seen.at(-1)?.searchParams.get('search')).toBe('PCRN-002'), { timeout: 2000 });
  });

  it('opens a case from the list, and × on its form comes back to the worklist', async () => {
    mockApi(worklistRoutes().routes);
    renderModuleAt('/cases/worklists/my-open');
    const link = await screen.findByRole('link', { name: /Case # PCRN-001/ });
    expect(link).toHaveAttribute('href', '/patients/p1/case/c1');
    expect(backTarget({ from: 'worklist', back: '/cases/worklists/my-open' }, 'p1')).toEqual({ to: '/cases/worklists/my-open', label: 'Back to the worklist' });
    // Only a worklist's own path is followed; anything else goes back to the patient.
    expect(backTarget({ from: 'worklist', back: 'https://elsewhere.example' }, 'p1').to).toBe('/patients/p1');
  });

  it("does not offer 'Ready to approve' to whoever may not approve, and refuses its address", async () => {
    mockApi(worklistRoutes().routes);
    const permissions = ALL_PERMISSIONS.filter((name) => name !== PERMISSIONS.APPROVE_CASES);
    renderModuleAt('/cases/worklists/ready-to-approve', { permissions });
    expect(await screen.findByText('You do not have permission to open this worklist.')).toBeInTheDocument();
  });

  it('an unknown list goes to the first list offered', async () => {
    mockApi(worklistRoutes().routes);
    renderModuleAt('/cases/worklists/everything');
    expect(await screen.findByRole('heading', { name: 'My open cases' })).toBeInTheDocument();
    expect(currentPath()).toBe('/cases/worklists/my-open');
  });

  it('says what an empty list means, in its own words', async () => {
    mockApi({ ...worklistRoutes().routes, 'GET /api/worklists/failing-close': page([]) });
    renderModuleAt('/cases/worklists/failing-close');
    expect(await screen.findByText('None of your open cases fails the close rules.')).toBeInTheDocument();
  });

  it('has no serious or critical accessibility violation (axe, WCAG 2.1 AA)', async () => {
    mockApi(worklistRoutes().routes);
    const { container } = renderModuleAt('/cases/worklists/my-open');
    await screen.findByRole('list', { name: 'My open cases' });
    await within(screen.getByRole('navigation', { name: 'Worklists' })).findByRole('link', { name: /2 cases waiting/ });
    expect(await axeViolations(container)).toEqual([]);
  });
});
