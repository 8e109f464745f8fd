import { waitFor, within } from '@testing-library/react';
import { ALL_PERMISSIONS, PERMISSIONS } from '@pnss/libs/permissions';
import { AMENDMENT_REASON_MESSAGE } from '@pnss/libs/rules';
import { aCase, renderModuleAt } from '../testing/render-module.js';
import { caseCard, dialogTitled, servePatientPreview } from '../testing/patient-preview.js';

const submitted = aCase({ _id: 'c3', caseNum: 'SENT-1', isClose: true, submissionId: 'S20261120-ABCDEF', dischargeDate: '2026-01-12', version: 4 });

describe('corrections after submission on the patient preview (issue 30)', () => {
  it('a submitted case is reopened for amendment only with a reason of a few words, which the request carries', async () => {
    const api = servePatientPreview([submitted], {
      'PUT /api/patients/p1/cases/c3/amend': { body: { _id: 'c3', patientid: 'p1', isClose: false, isArchived: false, submissionId: submitted.submissionId, version: 5, message: 'ok' } },
    });
    const { user } = renderModuleAt('/patients/p1');
    const sent = await caseCard('SENT-1');
    await user.click(within(sent).getByRole('button', { name: 'Reopen case # SENT-1 for amendment' }));
    const dialog = await dialogTitled('Reopen case # SENT-1 for amendment');
    await user.type(within(dialog).getByLabelText('Reason'), 'typo');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen for amendment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(AMENDMENT_REASON_MESSAGE);
    expect(api.calls()).not.toContain('PUT /api/patients/p1/cases/c3/amend');

    await user.clear(within(dialog).getByLabelText('Reason'));
    await user.type(within(dialog).getByLabelText('Reason'), 'wrong delivery manner recorded');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen for amendment' }));
    await waitFor(() => expect(api.calls()).toContain('PUT /api/patients/p1/cases/c3/amend'));
    const sentBody = await api.requests.find((r) => r.url.endsWith('/amend'))?.clone().json();
    expect(sentBody).toMatchObject({ reason: 'wrong delivery manner recorded', version: 4 });
  });

  it('withdrawing asks for the reason and offers to archive the case too', async () => {
    const api = servePatientPreview([submitted], {
      'PUT /api/patients/p1/cases/c3/withdraw': { body: { _id: 'c3', patientid: 'p1', isClose: true, isArchived: true, submissionId: null, version: 5, message: 'ok' } },
    });
    const { user } = renderModuleAt('/patients/p1');
    await user.click(within(await caseCard('SENT-1')).getByRole('button', { name: 'Withdraw case # SENT-1 from its package' }));
    const dialog = await dialogTitled('Withdraw case # SENT-1 from package S20261120-ABCDEF');
    await user.type(within(dialog).getByLabelText('Reason'), 'duplicate of another case');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Archive the case too' }));
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.calls()).toContain('PUT /api/patients/p1/cases/c3/withdraw'));
    const sentBody = await api.requests.find((r) => r.url.endsWith('/withdraw'))?.clone().json();
    expect(sentBody).toMatchObject({ reason: 'duplicate of another case', archive: true });
  });

  it('an Amending case shows its own tag, and neither action; without amend_submitted_case a submitted case offers neither', async () => {
    servePatientPreview([aCase({ _id: 'c4', caseNum: 'AMEND-1', isClose: false, submissionId: 'S20261120-ABCDEF' })]);
    const first = renderModuleAt('/patients/p1');
    const amending = await caseCard('AMEND-1');
    expect(within(amending).getByText('Amending')).toBeInTheDocument();
    expect(within(amending).queryByRole('button', { name: /for amendment|Withdraw/ })).not.toBeInTheDocument();
    first.unmount();

    servePatientPreview([submitted]);
    renderModuleAt('/patients/p1', { permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.AMEND_SUBMITTED_CASE) });
    const sent = await caseCard('SENT-1');
    expect(within(sent).queryByRole('button', { name: /for amendment|Withdraw/ })).not.toBeInTheDocument();
  });
});
