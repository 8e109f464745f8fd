import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS, ALL_PERMISSIONS } from '@pnss/libs/permissions';
import { notifyOfflineQueueSent } from '@pnss/web';
import { mockApi } from '@pnss/web/testing';
import { aPatient, aPatientListItem, currentPath, page, renderModuleAt } from '../../testing/render-module.js';
import { selectPatientsList } from '../../state/list-state.slice.js';

function patientsRoute(items = [aPatientListItem()], count = items.length) {
  const seen: URLSearchParams[] = [];
  const route = (request: Request) => {
    const params = new URL(request.url).searchParams;
    seen.push(params);
    return page(items, count, Number(params.get('page') ?? 0));
  };
  return { route, seen };
}

describe('Patients list', () => {
  it('shows the title Patients with the count, and each patient with full name, date of birth and age', async () => {
    const { route } = patientsRoute([aPatientListItem(), aPatientListItem({ _id: 'p2', firstName: '', middleName: null, lastName: '', birthDate: null })], 42);
    mockApi({ 'GET /api/patients': route });
    renderModuleAt('/patients');
    expect(screen.getByRole('heading', { name: 'Patients' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Patients' });
    expect(screen.getByLabelText('42 patients')).toHaveTextContent('42');
    const first = within(list).getByRole('link', { name: /Maria Santos Dela Cruz/ });
    expect(first).toHaveTextContent('DOB 03/15/1990');
    expect(first).toHaveTextContent(/Age \d+/);
    expect(first).toHaveAttribute('href', '/patients/p1');
    expect(within(list).getByRole('link', { name: /Unnamed patient/ })).toHaveTextContent('No date of birth');
  });

  it('says "More than 1,000" when a search matches more patients than the server counts, and asks for the page after a full one', async () => {
    const items = Array.from({ length: 100 }, (_, i) => aPatientListItem({ _id: `p${i}`, firstName: `Ma${i}` }));
    const seen: string[] = [];
    mockApi({
      'GET /api/patients': (request: Request) => {
        const at = Number(new URL(request.url).searchParams.get('page') ?? 0);
        seen.push(String(at));
        return { body: { items: at === 0 ? items : [], count: 1000, offset: at, countCapped: true } };
      },
    });
    renderModuleAt('/patients');
    expect(await screen.findByLabelText('More than 1,000 patients')).toHaveTextContent('More than 1,000');
    await screen.findByRole('list', { name: 'Patients' });
    const { nextPage } = await import('../../api/patients.api.js');
    expect(nextPage({ items, count: 1000, offset: 9, countCapped: true }, 9)).toBe(10);
    expect(nextPage({ items: [], count: 1000, offset: 10, countCapped: true }, 10)).toBeUndefined();
    expect(seen[0]).toBe('0');
  });

  it('opens the preview of a patient on click, and closing it returns to #/patients', async () => {
    mockApi({
      'GET /api/patients': patientsRoute().route,
      'GET /api/patients/p1': { body: aPatient() },
      'GET /api/patients/p1/cases': { body: [] },
    });
    const { user } = renderModuleAt('/patients');
    await user.click(await screen.findByRole('link', { name: /Maria Santos Dela Cruz/ }));
    expect(currentPath()).toBe('/patients/p1');
    expect(await screen.findByRole('heading', { name: 'Maria Santos Dela Cruz' })).toBeInTheDocument();
    // The list stays under the preview.
    expect(screen.getByRole('list', { name: 'Patients' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close preview' }));
    expect(currentPath()).toBe('/patients');
  });

  it("searches 'Search Patients' 500 ms after typing stops, once per term", async () => {
    const { route, seen } = patientsRoute();
    mockApi({ 'GET /api/patients': route });
    const { user } = renderModuleAt('/patients');
    await screen.findByRole('list', { name: 'Patients' });
    const before = seen.length;
    await user.type(screen.getByRole('searchbox', { name: 'Search Patients' }), 'Dela');
    // Nothing is sent while the user is still typing.
    expect(seen.length).toBe(before);
    await waitFor(() => expect(seen.at(-1)?.get('search')).toBe('Dela'), { timeout: 2000 });
    expect(seen.filter((params) => params.get('search') === 'Dela')).toHaveLength(1);
    expect(seen.filter((params) => params.get('search') === 'D')).toHaveLength(0);
  });

  it('sends the view (allPatients, openCase, admitted), the case type and the date range as filters', async () => {
    const { route, seen } = patientsRoute();
    mockApi({ 'GET /api/patients': route });
    const { user } = renderModuleAt('/patients');
    await screen.findByRole('list', { name: 'Patients' });
    expect(seen.at(-1)?.get('tag')).toBe('allPatients');

    await user.click(screen.getByText('Admitted', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(seen.at(-1)?.get('tag')).toBe('admitted'));

    await user.click(screen.getByRole('combobox', { name: 'Case type' }));
    await user.click(await screen.findByTitle('OB Cases'));
    await waitFor(() => expect(seen.at(-1)?.get('cases')).toBe('ob'));

    const from = screen.getByRole('textbox', { name: 'Admitted from' });
    fireEvent.mouseDown(from);
    fireEvent.change(from, { target: { value: 'Mar 5 2024' } });
    fireEvent.keyDown(from, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(seen.at(-1)?.get('fromdate')).toBe('2024-03-05'));
  });

  it('loads the next page of 100 when asked, and says how many are shown', async () => {
    const firstPage = Array.from({ length: 100 }, (_, index) => aPatientListItem({ _id: `p${index}`, lastName: `Patient ${index}` }));
    const secondPage = [aPatientListItem({ _id: 'p100', lastName: 'Patient 100' })];
    mockApi({
      'GET /api/patients': (request) => {
        const pageIndex = Number(new URL(request.url).searchParams.get('page'));
        return page(pageIndex === 0 ? firstPage : secondPage, 101, pageIndex);
      },
    });
    const { user } = renderModuleAt('/patients');
    expect(await screen.findByText('Showing 100 of 101 patients')).toBeInTheDocument();
    // Text queries: role queries over a hundred rows are too slow for jsdom.
    await user.click(screen.getByText('Load more'));
    expect(await screen.findByText('All 101 patients shown')).toBeInTheDocument();
    expect(screen.getByText('Maria Santos Patient 100')).toBeInTheDocument();
    expect(document.querySelectorAll('ul.pnss-cases-list > li')).toHaveLength(101);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps its filters when the user comes back from another screen', async () => {
    const { route, seen } = patientsRoute();
    mockApi({ 'GET /api/patients': route });
    const { user } = renderModuleAt('/patients');
    await screen.findByRole('list', { name: 'Patients' });
    await user.click(screen.getByText('Open Case', { selector: '.ant-segmented-item-label' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search Patients' }), 'Cruz');
    await waitFor(() => expect(seen.at(-1)?.get('search')).toBe('Cruz'), { timeout: 2000 });

    await user.click(screen.getByRole('button', { name: 'Add patient' }));
    expect(currentPath()).toBe('/newpatient');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(currentPath()).toBe('/patients');
    expect(await screen.findByRole('searchbox', { name: 'Search Patients' })).toHaveValue('Cruz');
    expect(seen.at(-1)?.get('tag')).toBe('openCase');
    expect(seen.at(-1)?.get('search')).toBe('Cruz');
  });

  it('says there are no patients yet, and what to do, when the list is empty', async () => {
    mockApi({ 'GET /api/patients': page([]) });
    renderModuleAt('/patients');
    expect(await screen.findByText('No patients yet.')).toBeInTheDocument();
    expect(screen.getByText('Click Add to register the first patient.')).toBeInTheDocument();
  });

  it('shows why the list failed and loads it again on Retry', async () => {
    let fail = true;
    mockApi({
      'GET /api/patients': () => (fail ? { status: 500, body: { statusCode: 500, message: 'Internal server error' } } : page([aPatientListItem()])),
    });
    const { user } = renderModuleAt('/patients');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The patients could not be loaded.');
    expect(alert).toHaveTextContent('Internal server error');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Maria Santos Dela Cruz/ })).toBeInTheDocument();
  });

  it('hides Add from a user who may not save patients', async () => {
    mockApi({ 'GET /api/patients': page([aPatientListItem()]) });
    renderModuleAt('/patients', { permissions: ALL_PERMISSIONS.filter((name) => name !== PERMISSIONS.SAVE_PATIENT) });
    await screen.findByRole('list', { name: 'Patients' });
    expect(screen.queryByRole('button', { name: 'Add patient' })).not.toBeInTheDocument();
  });

  it('opens a patient from the keyboard with Enter', async () => {
    mockApi({
      'GET /api/patients': page([aPatientListItem()]),
      'GET /api/patients/p1': { body: aPatient() },
      'GET /api/patients/p1/cases': { body: [] },
    });
    const { user } = renderModuleAt('/patients');
    const link = await screen.findByRole('link', { name: /Maria Santos Dela Cruz/ });
    act(() => link.focus());
    await user.keyboard('{Enter}');
    expect(currentPath()).toBe('/patients/p1');
  });
});

describe('Patients list scroll position', () => {
  it('comes back to where the user had scrolled after a screen that replaced the list', async () => {
    mockApi({ 'GET /api/patients': patientsRoute().route });
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user, store } = renderModuleAt('/patients');
    await screen.findByRole('list', { name: 'Patients' });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await user.click(screen.getByRole('button', { name: 'Add patient' }));
    expect(selectPatientsList(store.getState()).scrollY).toBe(640);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('list', { name: 'Patients' });
    expect(scrollTo).toHaveBeenCalledWith(0, 640);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    scrollTo.mockRestore();
  });

  it('reads the list again once the offline queue reached the server (issue 32): a patient made on the device shows as the server row without a reload', async () => {
    let items = [aPatientListItem()];
    mockApi({ 'GET /api/patients': () => page(items, items.length, 0) });
    renderModuleAt('/patients');
    const list = await screen.findByRole('list', { name: 'Patients' });
    expect(within(list).queryByRole('link', { name: /Luzviminda/ })).toBeNull();
    items = [aPatientListItem(), aPatientListItem({ _id: 'p9', firstName: 'Luzviminda', middleName: null, lastName: 'Offline' })];
    act(() => notifyOfflineQueueSent());
    expect(await within(list).findByRole('link', { name: /Luzviminda Offline/ })).toBeInTheDocument();
  });
});
