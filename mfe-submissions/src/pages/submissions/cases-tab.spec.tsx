import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { bodyOf, censusPackage, closedCase, renderSubmissions } from './render-submissions.test-helpers.js';

const P = PERMISSIONS;
const OFFICER = [P.GET_CLOSED_CASES, P.APPROVE_CASES, P.CREATE_PACKAGE, P.GET_PACKAGES, P.REBUILD_PACKAGE, P.SUBMIT_PACKAGE, P.DOWNLOAD_PACKAGE];

const page = (result: ReturnType<typeof closedCase>[], count = result.length) => ({ body: { result, count, offset: 0 } });

// antd tables in jsdom are slow on a busy two-core machine.
jest.setTimeout(90_000);

describe('the Submissions Cases tab (SPEC.md §2)', () => {
  it('shows the maternal fetal columns, the patient with name, date of birth and age, and n of total', async () => {
    renderSubmissions('/submissions/cases/maternalfetalcase', OFFICER, { 'GET /api/submissions/maternalfetalcase': page([closedCase()], 250) });
    const table = await screen.findByRole('table');
    for (const header of ['Case No', 'Patient', 'Admission Date', 'Discharge Date', 'Delivery', 'Mother Condition', 'No of Infants', 'Livebirth']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = (await within(table).findByText('PCRN-001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Liza Soberano')).toBeInTheDocument();
    expect(within(row).getByText(/01\/12\/1998 · \d+ yrs/)).toBeInTheDocument();
    expect(within(row).getByText('11/01/2026')).toBeInTheDocument();
    expect(within(row).getByText('Caesarean Section')).toBeInTheDocument();
    expect(within(row).getByText('Improved')).toBeInTheDocument();
    expect(screen.getByText('1 of 250')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('keeps the Approve column in view, fixed at the right edge however many columns the case type has (issue 25 item 9)', async () => {
    renderSubmissions('/submissions/cases/maternalfetalcase', OFFICER, { 'GET /api/submissions/maternalfetalcase': page([closedCase()]) });
    const table = await screen.findByRole('table');
    const header = within(table).getByRole('checkbox', { name: 'Approve all cases on this page' }).closest('th') as HTMLElement;
    expect(header.className).toMatch(/ant-table-cell-fix-(right|end)/);
    const cell = (await within(table).findByRole('checkbox', { name: 'Approve case PCRN-001' })).closest('td') as HTMLElement;
    expect(cell.className).toMatch(/ant-table-cell-fix-(right|end)/);
  });

  it("marks a case its patient's correction changed after it was closed, in words (issue 25 item 7)", async () => {
    const correction = "Changed after it was closed, because the patient's record was corrected: Age on Admission 40 → 41. Review it before approving.";
    renderSubmissions('/submissions/cases/maternalfetalcase', OFFICER, { 'GET /api/submissions/maternalfetalcase': page([closedCase({ correction })]) });
    const row = (await within(await screen.findByRole('table')).findByText('PCRN-001')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('alert')).toHaveTextContent(correction);
  });

  it('shows the gyne, maternal mortality and GTD columns for their types', async () => {
    renderSubmissions('/submissions/cases/gtdcase', OFFICER, {
      'GET /api/submissions/gtdcase': page([closedCase({ caseType: 'gtdcase', gtdDiagnosis: 1, gtdComplication: null } as never)]),
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'GTD Diagnosis' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'GTD Complication' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Patient' })).not.toBeInTheDocument();
  });

  it('approves one case, and every case of the page with select all', async () => {
    const { server, user } = renderSubmissions('/submissions/cases', OFFICER, {
      'GET /api/submissions/cases/closed': page([closedCase(), closedCase({ _id: 'c2', caseNum: 'PCRN-002' })]),
      'PUT /api/submissions/cases/approval': (request) => ({ body: request.clone().json() }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Approve case PCRN-002' }));
    await waitFor(async () => expect(await bodyOf(server, 'PUT /api/submissions/cases/approval')).toEqual({ caseIds: ['c2'], approved: true }));
    await user.click(screen.getByRole('checkbox', { name: 'Approve all cases on this page' }));
    await waitFor(async () => expect(await bodyOf(server, 'PUT /api/submissions/cases/approval')).toEqual({ caseIds: ['c1', 'c2'], approved: true }));
  });

  it("says 'No selected cases' when nothing is approved, and sends nothing", async () => {
    const { server, user } = renderSubmissions('/submissions/cases', OFFICER, { 'GET /api/submissions/cases/closed': page([closedCase()]) });
    await user.click(await screen.findByRole('button', { name: 'Create Package' }));
    expect(await screen.findByText('No selected cases')).toBeInTheDocument();
    expect(server.calls()).not.toContain('POST /api/submissions/cases/create');
  });

  it("builds the approved cases: 'Building Package...', 'Packing...' with progress, then the success toast and the Census Packages tab", async () => {
    // The build runs until the test has seen its progress, so a slow machine cannot miss it.
    let built = false;
    const { server, user } = renderSubmissions('/submissions/cases', OFFICER, {
      'GET /api/submissions/cases/closed': page([closedCase({ approved: true }), closedCase({ _id: 'c2', caseNum: 'PCRN-002' })]),
      'POST /api/submissions/cases/create': { status: 202, body: censusPackage({ status: 'building', building: true, progress: 0 }) },
      'GET /api/submissions/census/packages/S20261120-ABCDEF': () => ({
        body: built ? censusPackage() : censusPackage({ status: 'building', building: true, progress: 40 }),
      }),
      'GET /api/submissions/census/packages': { body: { items: [censusPackage()], count: 1, offset: 0 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Create Package' }));
    expect(await screen.findByText('Building Package...')).toBeInTheDocument();
    expect(await bodyOf(server, 'POST /api/submissions/cases/create')).toEqual({ selectedCases: ['c1'] });
    expect(await screen.findByRole('button', { name: /Packing\.\.\./ })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Package build' }, { timeout: 5000 })).toBeInTheDocument();
    built = true;
    expect(await screen.findByText('Census Package has been successfully created!', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/submissions/census'));
  });

  it("shows the server's 'Still processing previous package'", async () => {
    const { user } = renderSubmissions('/submissions/cases', OFFICER, {
      'GET /api/submissions/cases/closed': page([closedCase({ approved: true })]),
      'POST /api/submissions/cases/create': { status: 409, body: { statusCode: 409, message: 'Still processing previous package' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Create Package' }));
    expect(await screen.findByText('Still processing previous package')).toBeInTheDocument();
  });

  it('opens the case form from a row, and shows the empty state', async () => {
    const { user } = renderSubmissions('/submissions/cases', OFFICER, { 'GET /api/submissions/cases/closed': page([closedCase()]) });
    await user.click(await screen.findByText('PCRN-001'));
    expect(screen.getByTestId('location')).toHaveTextContent('/patients/p1/case/c1');
  });

  it('says when no closed case is waiting', async () => {
    renderSubmissions('/submissions/cases/gynecase', OFFICER, { 'GET /api/submissions/gynecase': page([]) });
    expect(await screen.findByText('No closed cases are waiting for a package.')).toBeInTheDocument();
    expect(screen.getByText('0 of 0')).toBeInTheDocument();
  });
});
