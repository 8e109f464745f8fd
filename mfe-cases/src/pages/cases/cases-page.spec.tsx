import { act, screen, waitFor, within } from '@testing-library/react';
import { notifyOfflineQueueSent } from '@pnss/web';
import { ALL_PERMISSIONS, PERMISSIONS } from '@pnss/libs/permissions';
import { mockApi } from '@pnss/web/testing';
import { aCaseListEntry, currentPath, page, renderModuleAt } from '../../testing/render-module.js';
import { toCaseArgs } from './index.js';
import { initialListState } from '../../state/list-state.slice.js';

function casesRoute(items = [aCaseListEntry()], count = items.length) {
  const seen: URLSearchParams[] = [];
  const route = (request: Request) => {
    seen.push(new URL(request.url).searchParams);
    return page(items, count);
  };
  return { route, seen };
}

describe('Cases list', () => {
  it('shows the title Cases with the count, and each case with its number, an Archived pill and the age', async () => {
    const { route } = casesRoute([
      aCaseListEntry(),
      aCaseListEntry({ _id: 'c2', caseNum: 'PCRN-002', isArchived: true, age: null, birthDate: '2000-01-01', admissionDate: null }),
    ], 2);
    mockApi({ 'GET /api/patientcases': route });
    renderModuleAt('/cases');
    expect(screen.getByRole('heading', { name: 'Cases' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Cases' });
    expect(screen.getByLabelText('2 cases')).toHaveTextContent('2');
    const first = within(list).getByRole('link', { name: /Case # PCRN-001/ });
    expect(first).toHaveTextContent('Age 35');
    expect(first).toHaveTextContent('Admitted 01/10/2026');
    expect(within(first).queryByText('Archived')).not.toBeInTheDocument();
    const archived = within(list).getByRole('link', { name: /Case # PCRN-002/ });
    expect(within(archived).getByText('Archived')).toBeInTheDocument();
    // Without an admission date, the age is the patient's age today.
    expect(archived).toHaveTextContent(/Age \d+/);
  });

  it('links each case to its case form, so a click or Enter opens it', async () => {
    mockApi({ 'GET /api/patientcases': casesRoute().route });
    renderModuleAt('/cases');
    const link = await screen.findByRole('link', { name: /Case # PCRN-001/ });
    expect(link).toHaveAttribute('href', '/patients/p1/case/c1');
  });

  it("starts on Open Case, and 'Archived Cases' asks for the archived cases of every state", async () => {
    const { route, seen } = casesRoute();
    mockApi({ 'GET /api/patientcases': route });
    const { user } = renderModuleAt('/cases');
    await screen.findByRole('list', { name: 'Cases' });
    expect(seen.at(-1)?.get('tag')).toBe('openCase');
    expect(seen.at(-1)?.get('cases')).toBe('all');
    await user.click(screen.getByRole('combobox', { name: 'Case type' }));
    await user.click(await screen.findByTitle('Archived Cases'));
    await waitFor(() => expect(seen.at(-1)?.get('cases')).toBe('archived'));
    expect(seen.at(-1)?.get('tag')).toBe('all');
  });

  it("finds a case by number through 'Search Case Number'", async () => {
    const { route, seen } = casesRoute();
    mockApi({ 'GET /api/patientcases': route });
    const { user } = renderModuleAt('/cases');
    await screen.findByRole('list', { name: 'Cases' });
    await user.type(screen.getByRole('searchbox', { name: 'Search Case Number' }), 'PCRN-001');
    await waitFor(() => expect(seen.at(-1)?.get('search')).toBe('PCRN-001'), { timeout: 2000 });
  });

  it('Add goes to the New Case screen, for a user who may add both the case and its patient', async () => {
    mockApi({ 'GET /api/patientcases': page([]) });
    const { user } = renderModuleAt('/cases');
    expect(await screen.findByText('No open cases. Choose All to see closed cases too.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add case' }));
    expect(currentPath()).toBe('/newpatientcase');
    expect(await screen.findByRole('heading', { name: 'New Case' })).toBeInTheDocument();
  });

  it('hides Add from a user who may not create cases', async () => {
    mockApi({ 'GET /api/patientcases': page([aCaseListEntry()]) });
    renderModuleAt('/cases', { permissions: ALL_PERMISSIONS.filter((name) => name !== PERMISSIONS.CREATE_NEW_CASE) });
    await screen.findByRole('list', { name: 'Cases' });
    expect(screen.queryByRole('button', { name: 'Add case' })).not.toBeInTheDocument();
  });

  it('the archived list never asks for open cases only, which would always be empty', () => {
    expect(toCaseArgs({ ...initialListState.cases, cases: 'archived', tag: 'openCase' }).tag).toBe('all');
    expect(toCaseArgs({ ...initialListState.cases, cases: 'ob', tag: 'openCase' }).tag).toBe('openCase');
  });

  it('reads the list again once the offline queue reached the server (issue 32): a case made on the device shows as the server row without a reload', async () => {
    let items = [aCaseListEntry()];
    mockApi({ 'GET /api/patientcases': () => page(items, items.length) });
    renderModuleAt('/cases');
    const list = await screen.findByRole('list', { name: 'Cases' });
    expect(within(list).queryByRole('link', { name: /Case # OFF-1/ })).toBeNull();
    items = [aCaseListEntry(), aCaseListEntry({ _id: 'c9', caseNum: 'OFF-1' })];
    act(() => notifyOfflineQueueSent());
    expect(await within(list).findByRole('link', { name: /Case # OFF-1/ })).toBeInTheDocument();
  });
});
