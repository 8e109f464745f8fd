import { act, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '@pnss/web/testing';
import { eraseOfflineSession, startOfflineSession } from '@pnss/web';
import { PERMISSIONS } from '@pnss/libs/permissions';
import type { CaseForm } from '@pnss/libs/api';
import { aCase, aPatient, currentPath, renderModuleAt } from '../../testing/render-module.js';
import { closableCase, fieldOf } from './case-form.test-helpers.js';
import { drafts } from './drafts/drafts.js';

const CASE_PATH = '/api/patients/p1/cases/c1';

// Each test renders the whole form (every section, real antd controls) and walks a dialog flow:
// on a busy two-core machine that can take several times the default budget.
jest.setTimeout(60_000);

function serve(form: CaseForm, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/patients/p1': { body: aPatient() },
    [`GET ${CASE_PATH}`]: { body: form },
    // Issue 31: the case's queries (none), listed under the form.
    'GET /api/queries/case/c1': { body: { result: [], count: 0 } },
    ...extra,
  });
}

async function openForm(path = '/patients/p1/case/c1', permissions?: Parameters<typeof renderModuleAt>[1]) {
  const rendered = renderModuleAt(path, permissions);
  await screen.findByRole('toolbar', { name: 'Case actions' });
  return rendered;
}

function toolbarButtons(): string[] {
  return within(screen.getByRole('toolbar', { name: 'Case actions' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent ?? '')
    .filter((name) => !name.startsWith('Back to'));
}

async function requestBody(request: Request): Promise<Record<string, unknown>> {
  return (await request.clone().json()) as Record<string, unknown>;
}

describe('case form page: header and title bar (SPEC.md §2)', () => {
  it("shows the patient's date of birth and age, 'PCRN # {id}', and 'Case # {number}'", async () => {
    serve(aCase());
    await openForm();
    expect(screen.getByRole('heading', { name: 'PCRN # PCRN-001' })).toBeInTheDocument();
    expect(screen.getByText('03/15/1990')).toBeInTheDocument();
    expect(screen.getByText(/^\d+ years$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Case # PCRN-001' })).toBeInTheDocument();
  });

  it.each([
    ['an open case: Archive, Save, Close case', aCase(), ['Archive', 'Save', 'Close case']],
    ['a closed case: Reopen case only, Save hidden', aCase({ isClose: true }), ['Reopen case']],
    ['an archived case: Unarchive and Save', aCase({ isArchived: true }), ['Unarchive', 'Save']],
  ])('the title bar of %s', async (_name, form, buttons) => {
    serve(form);
    await openForm();
    expect(toolbarButtons()).toEqual(buttons);
  });

  it("a new case reads 'New Case' and offers Save alone", async () => {
    serve(aCase());
    await openForm('/patients/p1/newcase');
    expect(screen.getByRole('heading', { name: 'New Case' })).toBeInTheDocument();
    expect(toolbarButtons()).toEqual(['Save']);
  });

  it('a user without the close permission is not offered Close', async () => {
    serve(aCase());
    await openForm(undefined, { permissions: [PERMISSIONS.FIND_PATIENT, PERMISSIONS.FIND_PATIENT_CASE, PERMISSIONS.UPDATE_PATIENT_CASE] });
    expect(toolbarButtons()).toEqual(['Save']);
  });

  it('a closed case is a read-only view: every answer as text, no input at all, nothing to change', async () => {
    serve(closableCase({ isClose: true }));
    const { container } = await openForm();
    const form = container.ownerDocument.querySelector('form.cf-form')!;
    const controls = form.querySelectorAll('input, button, textarea, [role="combobox"], [role="radio"], [role="checkbox"]');
    expect(Array.from(controls).map((e) => e.id || e.getAttribute('aria-label'))).toEqual([]);
    // The answers read as text beside their labels, in the normal text colour of .cf-value.
    expect(screen.getByLabelText('Weight (kg)')).toHaveTextContent('65 kg');
    expect(screen.getByLabelText('Weight (kg)')).toHaveClass('cf-value');
  });
});

describe('case form page: save, close, reopen, archive (SPEC.md §4, §8)', () => {
  it('Save sends the whole form with the version opened and toasts the update', async () => {
    const api = serve(aCase({ version: 7 }), {
      [`PUT ${CASE_PATH}`]: async (request) => ({ body: { ...(await requestBody(request)), _id: 'c1', version: 8 } }),
    });
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Room'), '5C');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated patient case information!')).toBeInTheDocument();
    const put = api.requests.find((r) => r.method === 'PUT')!;
    const body = await requestBody(put);
    expect(body.version).toBe(7);
    expect(body.room).toBe('5C');
    expect(body).not.toHaveProperty('isClose');
  });

  it("Save with no case number says 'Please enter the Case #' on the field and sends nothing", async () => {
    const api = serve(aCase());
    const { user, container } = await openForm();
    await user.clear(screen.getByLabelText('Case #'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(fieldOf(container, 'caseNum')!).findByText('Please enter the Case #')).toBeInTheDocument();
    expect(await screen.findByText('Unable to save case')).toBeInTheDocument();
    expect(api.calls().filter((c) => c.startsWith('PUT'))).toEqual([]);
  });

  it("Close saves first and toasts 'Unable to save case' when the save fails", async () => {
    const api = serve(closableCase(), { [`PUT ${CASE_PATH}`]: { status: 500, body: { statusCode: 500, message: 'Database unavailable' } } });
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Close case' }));
    expect(await screen.findByText('Unable to save case')).toBeInTheDocument();
    expect(api.calls()).not.toContain(`PUT ${CASE_PATH}/close`);
  });

  it('Close on an incomplete case lists the failing fields under the spec alert; a link puts the focus on the field', async () => {
    serve(closableCase({ weight: null, MIGSSurgeon: null }), {
      [`PUT ${CASE_PATH}`]: async (request) => ({ body: { ...(await requestBody(request)), version: 4 } }),
    });
    const { user, container } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Close case' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please fill out the following required fields correctly before closing the case :')).toBeInTheDocument();
    const links = within(dialog).getAllByRole('button').filter((b) => b.hasAttribute('data-error-field'));
    // BMI derives from the weight: the libs check reports the weight alone.
    expect(links.map((l) => l.textContent)).toEqual(['Weight (kg)', 'MIGS Surgeon']);
    await user.click(links[0]);
    await waitFor(() => expect(document.activeElement).toBe(within(fieldOf(container, 'weight')!).getByRole('textbox')));
    expect(document.activeElement).toHaveAttribute('aria-invalid', 'true');
  });

  it('Close on a complete case confirms, closes, toasts, and then disables the form', async () => {
    const api = serve(closableCase(), {
      [`PUT ${CASE_PATH}`]: async (request) => ({ body: { ...(await requestBody(request)), version: 4 } }),
      [`PUT ${CASE_PATH}/close`]: { body: { _id: 'c1', patientid: 'p1', isClose: true, isArchived: false, submissionId: null, version: 5, message: 'Patient case has been successfully closed!' } },
    });
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Close case' }));
    expect((await screen.findAllByText('Are you sure you want to close the case ?')).length).toBeGreaterThan(0);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close case' }));
    expect(await screen.findByText('Patient case has been successfully closed!')).toBeInTheDocument();
    const close = api.requests.find((r) => r.url.endsWith('/close'))!;
    expect((await requestBody(close)).version).toBe(4);
    await waitFor(() => expect(toolbarButtons()).toEqual(['Reopen case']));
    expect(screen.getByLabelText('Weight (kg)').tagName).toBe('OUTPUT');
  });

  it("the server's 422 list is shown the same way", async () => {
    serve(closableCase(), {
      [`PUT ${CASE_PATH}`]: async (request) => ({ body: { ...(await requestBody(request)), version: 4 } }),
      [`PUT ${CASE_PATH}/close`]: {
        status: 422,
        body: { statusCode: 422, message: 'Please fill out the following required fields correctly before closing the case :', errors: [{ field: 'dischargeDate', label: 'Discharge Date', section: 'Discharge', message: 'Cannot be a future date' }] },
      },
    });
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Close case' }));
    await user.click(await screen.findByRole('button', { name: 'Close case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cannot close the case yet' });
    expect(within(dialog).getByRole('button', { name: 'Discharge Date' })).toBeInTheDocument();
    expect(within(dialog).getByText('Cannot be a future date')).toBeInTheDocument();
  });

  it("Reopen asks 'Are you sure you want to reopen patient case ?' and toasts the reopening", async () => {
    serve(closableCase({ isClose: true }), {
      [`PUT ${CASE_PATH}/reopen`]: { body: { _id: 'c1', patientid: 'p1', isClose: false, isArchived: false, submissionId: null, version: 5 } },
    });
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Reopen case' }));
    expect((await screen.findAllByText('Are you sure you want to reopen patient case ?')).length).toBeGreaterThan(0);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reopen case' }));
    expect(await screen.findByText('Patient case has been successfully Open!')).toBeInTheDocument();
    await waitFor(() => expect(toolbarButtons()).toEqual(['Archive', 'Save', 'Close case']));
  });

  it('a submitted case (closed with a submissionId) is not offered Reopen, only Reopen for amendment and Withdraw from package (issue 30)', async () => {
    serve(closableCase({ isClose: true, submissionId: 's1' }));
    await openForm();
    expect(toolbarButtons()).toEqual(['Reopen case # PCRN-001 for amendment', 'Withdraw case # PCRN-001 from its package']);
  });

  it('a submitted case withdrawn from its package from the title bar shows Closed, not Submitted (issue 30)', async () => {
    serve(closableCase({ isClose: true, submissionId: 's1' }), {
      [`PUT ${CASE_PATH}/withdraw`]: { body: { _id: 'c1', patientid: 'p1', isClose: true, isArchived: false, submissionId: null, version: 6 } },
    });
    const { user } = await openForm();
    const bar = screen.getByRole('toolbar', { name: 'Case actions' });
    expect(within(bar).getByText('Submitted')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Withdraw case # PCRN-001 from its package' }));
    const dialog = (await screen.findByText('Withdraw case # PCRN-001 from package s1', { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;
    await user.type(within(dialog).getByLabelText('Reason'), 'a duplicate admission');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(within(bar).getByText('Closed')).toBeInTheDocument());
    expect(within(bar).queryByText('Submitted')).not.toBeInTheDocument();
  });

  it("a refused reopen shows the server's message", async () => {
    serve(closableCase({ isClose: true }), {
      [`PUT ${CASE_PATH}/reopen`]: { status: 409, body: { statusCode: 409, message: 'This case has been submitted in a census package and can no longer be reopened.' } },
    });
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Reopen case' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reopen case' }));
    expect(await screen.findByText('This case has been submitted in a census package and can no longer be reopened.')).toBeInTheDocument();
  });

  it("Archive toasts 'Case archived successfully', and a failure 'Error archiving case: {message}'", async () => {
    serve(aCase(), {
      [`PUT ${CASE_PATH}/archive`]: { body: { _id: 'c1', patientid: 'p1', isClose: false, isArchived: true, submissionId: null, version: 3 } },
    });
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Case archived successfully')).toBeInTheDocument();
    await waitFor(() => expect(toolbarButtons()).toEqual(['Unarchive', 'Save']));
  });

  it("Unarchive failure reads 'Error unarchiving case: {message}'", async () => {
    serve(aCase({ isArchived: true }), {
      [`PUT ${CASE_PATH}/unarchive`]: { status: 409, body: { statusCode: 409, message: 'This case is not archived.' } },
    });
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Unarchive' }));
    expect(await screen.findByText('Error unarchiving case: This case is not archived.')).toBeInTheDocument();
  });
});

describe('case form page: nothing typed is lost', () => {
  it('a save that meets a newer version shows both values, field by field, and saves the choice on the newer version', async () => {
    const theirs = aCase({ version: 9, room: 'ICU-2', weight: 70 });
    let puts = 0;
    const api = serve(aCase({ version: 7 }), {
      [`PUT ${CASE_PATH}`]: async (request) => {
        puts += 1;
        const body = await requestBody(request);
        if (puts === 1) return { status: 409, body: { statusCode: 409, message: 'changed', current: theirs } };
        return { body: { ...body, _id: 'c1', version: 10 } };
      },
    });
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Room'), '5C');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'This case was changed by someone else' });
    const room = within(dialog).getByRole('radiogroup', { name: 'Which value of Room to keep' });
    expect(within(room).getByLabelText('5C')).toBeChecked();
    expect(within(room).getByLabelText('ICU-2')).toBeInTheDocument();
    const weight = within(dialog).getByRole('radiogroup', { name: 'Which value of Weight (kg) to keep' });
    await user.click(within(weight).getByLabelText('70'));
    await user.click(within(dialog).getByRole('button', { name: 'Apply and save' }));
    expect(await screen.findByText('Successfully updated patient case information!')).toBeInTheDocument();
    const second = await requestBody(api.requests.filter((r) => r.method === 'PUT')[1]);
    expect(second.version).toBe(9);
    expect(second.room).toBe('5C');
    expect(second.weight).toBe(70);
  });

  it('unsaved edits are kept in the browser and offered back when the case is opened again', async () => {
    // Drafts live in the signed-in user's encrypted store (issue 32), opened at sign-in.
    await startOfflineSession('u1', 'u1 password', { iterations: 1_000 });
    serve(aCase());
    const first = await openForm();
    await first.user.type(screen.getByLabelText('Room'), '7D');
    await waitFor(async () => expect(await drafts.load({ userId: 'u1', patientId: 'p1', caseId: 'c1' })).not.toBeNull(), { timeout: 2000 });
    first.unmount();
    const second = await openForm();
    expect(await screen.findByText(/Unsaved changes to this case were kept in this browser/)).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Restore my changes' }));
    expect(screen.getByLabelText('Room')).toHaveValue('7D');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await eraseOfflineSession('u1');
  });

  it('the left navigation flags each section live with the close check', async () => {
    serve(closableCase({ weight: null }));
    const { user } = await openForm();
    const nav = screen.getByRole('navigation', { name: 'Case form sections' });
    const admission = within(nav).getByRole('link', { name: /^Admission/ });
    expect(admission).toHaveAttribute('data-valid', 'false');
    expect(within(nav).getByRole('link', { name: /^Delivery/ })).toHaveAttribute('data-valid', 'true');
    expect(within(nav).queryByRole('link', { name: /^Gynecological Conditions/ })).toBeNull();
    await user.type(screen.getByLabelText('Weight (kg)'), '64');
    expect(admission).toHaveAttribute('data-valid', 'true');
    expect(admission).toHaveAccessibleName('Admission: ready to close');
  });

  it('saving a new case creates it and moves to its route', async () => {
    mockApi({
      'GET /api/patients/p1': { body: aPatient({ medicalHistory: [{ conditionId: 101, categoryId: 1 }] }) },
      'POST /api/patients/p1/cases': async (request) => ({ body: { ...(await requestBody(request)), _id: 'c9', version: 1 } }),
      'GET /api/patients/p1/cases/c9': { body: aCase({ _id: 'c9', caseNum: 'NEW-9', version: 1 }) },
    });
    const { user } = await openForm('/patients/p1/newcase');
    await user.type(screen.getByLabelText('Case #'), 'NEW-9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully added new patient case!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/patients/p1/case/c9'));
    act(() => undefined);
  });
});
