import { screen, waitFor, within } from '@testing-library/react';
import { ALL_PERMISSIONS, PERMISSIONS } from '@pnss/libs/permissions';
import { mockApi } from '@pnss/web/testing';
import { aCase, changeAddress, currentPath, page, renderModuleAt } from '../../testing/render-module.js';
import { caseCard, dialogTitled, servePatientPreview } from '../../testing/patient-preview.js';
import { obScoreLabel, infantLabel } from './case-details.js';
import { reopenErrorMessage } from '../../components/case-state/use-case-state-change.js';
import { emptyInfant } from '@pnss/libs/api';

describe('Patient preview', () => {
  it('shows the patient with edit and close, an Add Case button, and a hint when there are no cases', async () => {
    servePatientPreview([]);
    const { user } = renderModuleAt('/patients/p1');
    expect(await screen.findByRole('heading', { name: 'Maria Santos Dela Cruz' })).toBeInTheDocument();
    expect(screen.getByText(/DOB 03\/15\/1990/)).toBeInTheDocument();
    expect(await screen.findByText('This patient has no cases yet.')).toBeInTheDocument();
    expect(screen.getByText('Click Add Case to record the first one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit patient' }));
    expect(currentPath()).toBe('/patients/p1/edit');
  });

  it('Add Case opens the new-case route of the patient', async () => {
    servePatientPreview([]);
    const { user } = renderModuleAt('/patients/p1');
    await screen.findByText('This patient has no cases yet.');
    await user.click(screen.getByRole('button', { name: 'Add Case' }));
    expect(currentPath()).toBe('/patients/p1/newcase');
  });

  it("tags each card Open, Closed or Submitted, and Admitted with the room while there is no discharge date", async () => {
    servePatientPreview([
      aCase({ _id: 'c1', caseNum: 'OPEN-1', room: '304-B', dischargeDate: null }),
      aCase({ _id: 'c2', caseNum: 'CLOSED-1', isClose: true, dischargeDate: '2026-01-12' }),
      aCase({ _id: 'c3', caseNum: 'SENT-1', isClose: true, submissionId: 's1', dischargeDate: '2026-01-12' }),
    ]);
    renderModuleAt('/patients/p1');
    const open = await caseCard('OPEN-1');
    expect(within(open).getByText('Open')).toBeInTheDocument();
    expect(within(open).getByText('Admitted')).toBeInTheDocument();
    expect(within(open).getByText('Room 304-B')).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Close case # OPEN-1' })).toBeInTheDocument();
    expect(within(open).queryByRole('button', { name: /Reopen/ })).not.toBeInTheDocument();

    const closed = await caseCard('CLOSED-1');
    expect(within(closed).getByText('Closed')).toBeInTheDocument();
    expect(within(closed).queryByText('Admitted')).not.toBeInTheDocument();
    expect(within(closed).getByRole('button', { name: 'Reopen case # CLOSED-1' })).toBeInTheDocument();
    expect(within(closed).getByRole('region', { name: 'Summary' })).toBeInTheDocument();

    const submitted = await caseCard('SENT-1');
    expect(within(submitted).getByText('Submitted')).toBeInTheDocument();
    expect(within(submitted).queryByRole('button', { name: 'Reopen case # SENT-1' })).not.toBeInTheDocument();
  });

  it("shows the open-case details with labels from the code tables; an empty field reads 'Not recorded', not 'N/A!'", async () => {
    servePatientPreview([
      aCase({
        caseFormType: 1,
        isPregnancy: true,
        admissionDate: '2026-01-10',
        age: 35,
        weight: 62,
        height: 158,
        bmi: 24.84,
        obscoreG: 2, obscoreP: 1, obscoreFT: 1, obscorePr: 0, obscoreAb: 1, obscoreLB: 1,
        pregnancyType: 1,
        isDelivered: true,
        deliveryManner: 1,
        neonatal: [{ ...emptyInfant(), status: 1, pediatricAge: 38, pediatricWeight: 3200, pediatricHeight: 50, anomalies: false }],
        dischargeDate: null,
      }),
    ]);
    renderModuleAt('/patients/p1');
    const open = await caseCard('PCRN-001');
    expect(within(open).getByText('01/10/2026')).toBeInTheDocument();
    expect(within(open).getByText('62 kg · 158 cm · BMI 24.84')).toBeInTheDocument();
    expect(within(open).getByText('G2 P1 (1-0-1-1)')).toBeInTheDocument();
    expect(within(open).getByRole('region', { name: 'Pregnancy' })).toHaveTextContent('Singleton');
    const delivery = within(open).getByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('Caesarean Section');
    expect(delivery).toHaveTextContent('Baby 1: Livebirth · AOG 38 wks · 3200 g · 50 cm · Anomalies: WITHOUT');
    const discharge = within(open).getByRole('region', { name: 'Discharge' });
    expect(discharge).toHaveTextContent('Not recorded');
    expect(discharge).not.toHaveTextContent('N/A!');
    expect(within(discharge).getAllByText('Not recorded')[0]).toHaveClass('pnss-not-recorded');
  });

  it("keeps 'N/A!' for a stored code the lookup does not know (SPEC.md §3)", async () => {
    servePatientPreview([aCase({ caseFormType: 1, isPregnancy: true, motherCondition: 99 })]);
    renderModuleAt('/patients/p1');
    const open = await caseCard('PCRN-001');
    expect(within(open).getByRole('region', { name: 'Discharge' })).toHaveTextContent('N/A!');
  });

  it("closes a case after 'Are you sure you want to close the case ?' and says it was closed", async () => {
    const api = servePatientPreview([aCase()], {
      'PUT /api/patients/p1/cases/c1/close': { body: { _id: 'c1', patientid: 'p1', isClose: true, isArchived: false, submissionId: null, version: 3 } },
    });
    const { user } = renderModuleAt('/patients/p1');
    await user.click(within(await caseCard('PCRN-001')).getByRole('button', { name: 'Close case # PCRN-001' }));
    const dialog = await dialogTitled('Are you sure you want to close the case ?');
    await user.click(within(dialog).getByRole('button', { name: 'Close case' }));
    expect(await screen.findByText('Patient case has been successfully closed!')).toBeInTheDocument();
    const close = api.requests.find((request) => request.url.endsWith('/close'));
    expect(await close?.json()).toEqual({ patientid: 'p1', caseid: 'c1', version: 2 });
    // The case cards reload after the change.
    await waitFor(() => expect(api.calls().filter((call) => call === 'GET /api/patients/p1/cases')).toHaveLength(2));
  });

  it('lists the failing fields when the close-case check refuses (422)', async () => {
    servePatientPreview([aCase()], {
      'PUT /api/patients/p1/cases/c1/close': {
        status: 422,
        body: {
          statusCode: 422,
          message: 'Please fill out the following required fields correctly before closing the case :',
          errors: [
            { field: 'admissionDate', label: 'Admission Date', section: 'Admission', message: 'required' },
            { field: 'weight', label: 'Weight (kg)', section: 'Admission', message: 'Invalid Value' },
          ],
        },
      },
    });
    const { user } = renderModuleAt('/patients/p1');
    await user.click(within(await caseCard('PCRN-001')).getByRole('button', { name: 'Close case # PCRN-001' }));
    await user.click(within(await dialogTitled('Are you sure you want to close the case ?')).getByRole('button', { name: 'Close case' }));
    const refusal = await dialogTitled('Case # PCRN-001 cannot be closed yet');
    expect(refusal).toHaveTextContent('Please fill out the following required fields correctly before closing the case :');
    const fields = screen.getByRole('list', { name: 'Fields to complete' });
    // The one close-check dialog of the module, the same as the case form's.
    expect(within(fields).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Admission DaterequiredAdmission',
      'Weight (kg)Invalid ValueAdmission',
    ]);
  });

  it("reopens a closed case after 'Are you sure you want to reopen patient case ?'", async () => {
    servePatientPreview([aCase({ isClose: true, dischargeDate: '2026-01-12' })], {
      'PUT /api/patients/p1/cases/c1/reopen': { body: { _id: 'c1', patientid: 'p1', isClose: false, isArchived: false, submissionId: null, version: 3 } },
    });
    const { user } = renderModuleAt('/patients/p1');
    await user.click(within(await caseCard('PCRN-001')).getByRole('button', { name: 'Reopen case # PCRN-001' }));
    const dialog = await dialogTitled('Are you sure you want to reopen patient case ?');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen case' }));
    expect(await screen.findByText('Patient case has been successfully Open!')).toBeInTheDocument();
  });

  it('a refused reopen shows the server error, else its message, else the catalogue text', () => {
    expect(reopenErrorMessage({ status: 409, data: { statusCode: 409, message: 'Refused', error: 'Already open' } })).toBe('Already open');
    expect(reopenErrorMessage({ status: 409, data: { statusCode: 409, message: 'This case is already open.' } })).toBe('This case is already open.');
    expect(reopenErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'Error communicating with server: TypeError: Failed to fetch',
    );
    expect(reopenErrorMessage({ status: 409, data: { statusCode: 409, message: '' } })).toBe('Something went wrong while reoping the case.');
  });

  it('hides Close, Reopen, edit and Add Case from a user without those permissions', async () => {
    servePatientPreview([aCase(), aCase({ _id: 'c2', caseNum: 'CLOSED-1', isClose: true })]);
    const hidden: string[] = [PERMISSIONS.CLOSE_PATIENT_CASE, PERMISSIONS.REOPEN_PATIENT_CASE, PERMISSIONS.UPDATE_PATIENT, PERMISSIONS.CREATE_NEW_CASE];
    renderModuleAt('/patients/p1', { permissions: ALL_PERMISSIONS.filter((name) => !hidden.includes(name)) });
    await caseCard('PCRN-001');
    expect(screen.queryByRole('button', { name: /^Close case/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reopen case/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit patient' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Case' })).not.toBeInTheDocument();
  });

  it('says when the patient does not exist', async () => {
    mockApi({
      'GET /api/patients': page([]),
      'GET /api/patients/p9': { status: 404, body: { statusCode: 404, message: 'Patient not found' } },
      'GET /api/patients/p9/cases': { status: 404, body: { statusCode: 404, message: 'Patient not found' } },
    });
    renderModuleAt('/patients/p9');
    expect(await screen.findByText('This patient does not exist, or the link is wrong.')).toBeInTheDocument();
  });

  it('writes the OB score as G P (FT-Pr-Ab-LB) and a baby with age, weight, height and anomalies', () => {
    expect(obScoreLabel({ obscoreG: 3, obscoreP: 2, obscoreFT: 1, obscorePr: 1, obscoreAb: 1, obscoreLB: 2 })).toBe('G3 P2 (1-1-1-2)');
    expect(obScoreLabel({ obscoreG: null, obscoreP: null, obscoreFT: null, obscorePr: null, obscoreAb: null, obscoreLB: null })).toBe('Not recorded');
    expect(infantLabel({ ...emptyInfant(), status: 2, anomalies: true, anomalyOthers: 'Cleft lip' })).toBe(
      'Early neonatal death (under 7 days) · AOG Not recorded · Not recorded · Not recorded · Anomalies: WITH (Cleft lip)',
    );
  });
});

describe('the status follows the server without a reload (issue 25 item 3)', () => {
  it("a case packaged while the preview is open shows 'Submitted' and is no longer offered Reopen when the user comes back to the window", async () => {
    let stored = aCase({ _id: 'c2', caseNum: 'CLOSED-1', isClose: true, dischargeDate: '2026-01-12', version: 4 });
    servePatientPreview([], { 'GET /api/patients/p1/cases': () => ({ body: [stored] }) });
    renderModuleAt('/patients/p1');
    const before = await caseCard('CLOSED-1');
    expect(within(before).getByText('Closed')).toBeInTheDocument();
    expect(within(before).getByRole('button', { name: 'Reopen case # CLOSED-1' })).toBeInTheDocument();

    // Packaged elsewhere (Submissions, another tab): the server now gives the case a submission id.
    stored = { ...stored, submissionId: 's-2026-01' };
    window.dispatchEvent(new Event('focus'));

    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Case # CLOSED-1' })).getByText('Submitted')).toBeInTheDocument());
    const after = screen.getByRole('article', { name: 'Case # CLOSED-1' });
    expect(within(after).queryByText('Closed')).toBeNull();
    expect(within(after).queryByRole('button', { name: 'Reopen case # CLOSED-1' })).toBeNull();
    expect(within(after).getByText('Submitted in a census package: it is corrected only by reopening it for amendment, with a reason.')).toBeInTheDocument();
  });

  it("opening the preview again reads the server: a case packaged since the last visit shows 'Submitted'", async () => {
    let stored = aCase({ _id: 'c2', caseNum: 'CLOSED-1', isClose: true, dischargeDate: '2026-01-12', version: 4 });
    servePatientPreview([], { 'GET /api/patients/p1/cases': () => ({ body: [stored] }) });
    const { user } = renderModuleAt('/patients/p1');
    await caseCard('CLOSED-1');
    await user.click(screen.getByRole('button', { name: 'Close preview' }));
    await waitFor(() => expect(currentPath()).toBe('/patients'));
    stored = { ...stored, submissionId: 's-2026-01' };
    changeAddress('/patients/p1');
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Case # CLOSED-1' })).getByText('Submitted')).toBeInTheDocument());
  });
});
