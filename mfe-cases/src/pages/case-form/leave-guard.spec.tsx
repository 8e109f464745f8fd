import { act, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { mockApi, renderWithProviders } from '@pnss/web/testing';
import { makeStore } from '@pnss/web';
import { ALL_PERMISSIONS } from '@pnss/libs/permissions';
import { aCase, aPatient, currentPath, renderModuleAt } from '../../testing/render-module.js';
import { CasesRoutes } from '../../routes.js';

// Each test renders the whole form on real antd: generous on a busy two-core machine.
jest.setTimeout(60_000);

const CASE_URL = '/patients/p1/case/c1';

function serve() {
  return mockApi({
    'GET /api/patients/p1': { body: aPatient() },
    'GET /api/patients/p1/cases/c1': { body: aCase({ weight: 60 }) },
    'GET /api/patients/p1/cases': { body: [aCase()] },
    'GET /api/patientcases': { body: { items: [], count: 0, offset: 0 } },
  });
}

async function openForm(path = CASE_URL) {
  const rendered = renderModuleAt(path);
  await screen.findByRole('toolbar', { name: 'Case actions' });
  return rendered;
}

/** What single-spa fires before any module is unmounted: the shell's side navigation, the back button. */
function shellNavigation(newHash: string) {
  const cancelNavigation = jest.fn();
  act(() => {
    window.dispatchEvent(
      new CustomEvent('single-spa:before-routing-event', {
        detail: { oldUrl: `http://localhost/#${CASE_URL}`, newUrl: `http://localhost/#${newHash}`, cancelNavigation },
      }),
    );
  });
  return cancelNavigation;
}

describe('leaving the case form with unsaved changes is held before it happens (issue 14)', () => {
  it('× asks first: the form stays on screen behind the question, and Stay gives back the typed value and the caret', async () => {
    serve();
    const { user } = await openForm();
    const room = screen.getByLabelText('Room');
    await user.type(room, '5C');
    await user.click(screen.getByRole('button', { name: 'Back to the patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toBeInTheDocument();
    // Nothing has moved yet: the address and the form, with what was typed.
    expect(currentPath()).toBe(CASE_URL);
    expect(screen.getByLabelText('Room')).toHaveValue('5C');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.getByLabelText('Room')).toHaveFocus());
    expect(screen.getByLabelText('Room')).toHaveValue('5C');
    expect((screen.getByLabelText('Room') as HTMLInputElement).selectionStart).toBe(2);
    expect(currentPath()).toBe(CASE_URL);
  });

  it('Leave goes on at the first answer', async () => {
    serve();
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Room'), '5C');
    await user.click(screen.getByRole('button', { name: 'Back to the patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(currentPath()).toBe('/patients/p1'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });

  it('a move the module does not make (side navigation, back button, module switch) is cancelled at once, then asked', async () => {
    serve();
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Room'), '5C');
    const cancel = shellNavigation('/submissions');
    // Cancelled synchronously with `true`, not with a promise of the answer: single-spa puts the
    // address back before it unmounts this module or any router hears of the move.
    expect(cancel).toHaveBeenCalledWith(true);
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    // The second event of the same click (hashchange after popstate) asks no second question.
    shellNavigation('/submissions');
    expect(screen.getAllByRole('dialog', { name: 'Leave without saving?' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.getByLabelText('Room')).toHaveValue('5C');
    expect(currentPath()).toBe(CASE_URL);
  });

  it('without unsaved changes nothing is asked', async () => {
    serve();
    const { user } = await openForm();
    const cancel = shellNavigation('/submissions');
    expect(cancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Back to the patient' }));
    await waitFor(() => expect(currentPath()).toBe('/patients/p1'));
  });

  it("in a data router, the router's blocker holds any move of the router until the answer", async () => {
    serve();
    const store = makeStore({ session: { signedIn: true, user: null, permissions: [...ALL_PERMISSIONS] } });
    const router = createMemoryRouter([{ path: '*', element: <CasesRoutes /> }], { initialEntries: [CASE_URL] });
    const { user } = renderWithProviders(<RouterProvider router={router} />, { store });
    await screen.findByRole('toolbar', { name: 'Case actions' });
    await user.type(screen.getByLabelText('Room'), '5C');
    await act(async () => {
      void router.navigate('/cases');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(router.state.location.pathname).toBe(CASE_URL);
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(CASE_URL);
    expect(screen.getByLabelText('Room')).toHaveValue('5C');
    await act(async () => {
      void router.navigate('/cases');
    });
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cases'));
  });
});

describe('the right patient, always in view (issue 14)', () => {
  it("shows the patient's full name in the case form header and in the title bar", async () => {
    serve();
    await openForm();
    const toolbar = screen.getByRole('toolbar', { name: 'Case actions' });
    expect(within(toolbar).getByText('Maria Santos Dela Cruz')).toBeInTheDocument();
    expect(screen.getByText('Patient').nextSibling).toHaveTextContent('Maria Santos Dela Cruz');
  });

  it('a case opened from the Cases list returns to the Cases list on ×', async () => {
    serve();
    const store = makeStore({ session: { signedIn: true, user: null, permissions: [...ALL_PERMISSIONS] } });
    const { user } = renderWithProviders(
      <MemoryRouter initialEntries={[{ pathname: CASE_URL, state: { from: 'cases' } }]}>
        <CasesRoutes />
      </MemoryRouter>,
      { store },
    );
    await user.click(await screen.findByRole('button', { name: 'Back to Cases' }));
    expect(await screen.findByRole('heading', { name: /^Cases/ })).toBeInTheDocument();
  });
});
