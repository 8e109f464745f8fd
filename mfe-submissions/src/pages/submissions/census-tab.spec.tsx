import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { censusPackage, renderSubmissions } from './render-submissions.test-helpers.js';

const P = PERMISSIONS;
const OFFICER = [P.GET_CLOSED_CASES, P.CREATE_PACKAGE, P.GET_PACKAGES, P.REBUILD_PACKAGE, P.SUBMIT_PACKAGE, P.DOWNLOAD_PACKAGE];
const list = (items: ReturnType<typeof censusPackage>[]) => ({ body: { items, count: items.length, offset: 0 } });

// antd tables in jsdom are slow on a busy two-core machine.
jest.setTimeout(90_000);

/**
 * The first package on screen. The list's first render can take over the 1 s findBy default on a
 * busy machine; a text query waits for it cheaply, where a role query recomputes the whole tree.
 */
const listed = (submissionId = 'S20261120-ABCDEF') => screen.findByText(submissionId, {}, { timeout: 10_000 });

describe('the Submissions Census Packages tab (SPEC.md §2)', () => {
  it('lists Submission ID, the package (dates, cases, version) and the status in capitals, with rebuild, download and submit', async () => {
    renderSubmissions('/submissions/census', OFFICER, {
      'GET /api/submissions/census/packages': list([
        censusPackage(),
        censusPackage({ _id: 'k2', submissionId: 'S20261121-SENDIN', status: 'Sending' }),
        censusPackage({ _id: 'k3', submissionId: 'S20261122-SENTOK', status: 'Sent', uploadId: 'U123' }),
      ]),
    });
    await listed();
    const table = screen.getByRole('table');
    for (const header of ['Submission ID', 'Census Package', 'Status']) expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    const first = within(table).getByText('S20261120-ABCDEF').closest('tr') as HTMLElement;
    expect(within(first).getByText('11/01/2026 - 11/15/2026')).toBeInTheDocument();
    expect(within(first).getByText('2 cases · version 1')).toBeInTheDocument();
    expect(within(first).getByText('PENDING')).toBeInTheDocument();
    for (const action of ['Rebuild', 'Download', 'Submit']) {
      expect(within(first).getByRole('button', { name: `${action} S20261120-ABCDEF` })).toBeInTheDocument();
    }
    const sending = within(table).getByText('S20261121-SENDIN').closest('tr') as HTMLElement;
    expect(within(sending).getByText('SENDING')).toBeInTheDocument();
    expect(within(sending).queryAllByRole('button')).toHaveLength(0);
    const sent = within(table).getByText('S20261122-SENTOK').closest('tr') as HTMLElement;
    expect(within(sent).getByText('SENT')).toBeInTheDocument();
    expect(within(sent).getByText('Upload ID U123')).toBeInTheDocument();
  });

  it("says in words which package needs a rebuild after a patient's correction changed one of its cases (issue 25 item 7)", async () => {
    const notice = "Needs a rebuild. Case C-17 (Age on Admission 40 → 41, the patient's record was corrected) changed after version 1 was built. Rebuild to make version 2, then submit it.";
    renderSubmissions('/submissions/census', OFFICER, {
      'GET /api/submissions/census/packages': list([censusPackage({ status: 'Sent', uploadId: 'U1', changedCases: 1, rebuildNotice: notice })]),
    });
    await listed();
    const row = within(screen.getByRole('table')).getByText('S20261120-ABCDEF').closest('tr') as HTMLElement;
    expect(within(row).getByRole('alert')).toHaveTextContent(notice);
    expect(within(row).getByRole('button', { name: 'Rebuild S20261120-ABCDEF' })).toBeInTheDocument();
  });

  it("a rebuild says when it finished and what came of it, not only 'Building...' (issue 25 item 11): the same bytes, or the next version and its cases", async () => {
    let answer = censusPackage({ lastBuild: { outcome: 'unchanged', at: '2026-11-25T10:00:00.000Z', version: 1, previousVersion: 1, caseNums: [] } });
    const { user } = renderSubmissions('/submissions/census', OFFICER, {
      'GET /api/submissions/census/packages': () => list([answer]),
      'POST /api/submissions/census/packages/rebuild': () => ({ status: 202, body: censusPackage({ building: true, progress: 0 }) }),
      'GET /api/submissions/census/packages/S20261120-ABCDEF': () => ({ body: answer }),
    });
    await listed();
    await user.click(screen.getByRole('button', { name: 'Rebuild S20261120-ABCDEF' }));
    expect(await screen.findByText('Building...')).toBeInTheDocument();
    expect((await screen.findAllByText(/^Rebuilt .+: nothing the package carries changed, the same bytes as version 1\.$/, {}, { timeout: 10_000 })).length).toBeGreaterThan(0);

    answer = censusPackage({ version: 2, lastBuild: { outcome: 'built', at: '2026-11-25T11:00:00.000Z', version: 2, previousVersion: 1, caseNums: ['C-17'] } });
    await user.click(screen.getByRole('button', { name: 'Rebuild S20261120-ABCDEF' }));
    expect((await screen.findAllByText(/^Rebuilt .+ as version 2 \(was 1\): 1 case changed: C-17\.$/, {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
    // The row keeps saying it after the toast has gone.
    await waitFor(() => expect(screen.getByLabelText('Last build of S20261120-ABCDEF')).toHaveTextContent(/as version 2 \(was 1\): 1 case changed: C-17\./), { timeout: 10_000 });
  });

  it('searches the submission id 500 ms after typing stops', async () => {
    const { server, user } = renderSubmissions('/submissions/census', OFFICER, {
      'GET /api/submissions/census/packages': list([censusPackage()]),
      'GET /api/submissions/census/packages/search': list([]),
    });
    await listed();
    await user.type(screen.getByRole('searchbox', { name: 'Search Submission ID' }), 'ZZZ');
    expect(server.calls()).not.toContain('GET /api/submissions/census/packages/search');
    expect(await screen.findByText("No census package matches 'ZZZ'.", {}, { timeout: 3000 })).toBeInTheDocument();
    const searches = server.requests.filter((r) => new URL(r.url).pathname.endsWith('/search'));
    expect(searches.map((r) => new URL(r.url).searchParams.get('search'))).toEqual(['ZZZ']);
  });

  it("submits: 'Submitting...', then 'Successfully uploaded package'; a refusal reads 'ERROR: ' and the server's message", async () => {
    let fail = false;
    const { user } = renderSubmissions('/submissions/census', OFFICER, {
      'GET /api/submissions/census/packages': list([censusPackage()]),
      'POST /api/submissions/census/packages/submit': () =>
        fail
          ? { status: 502, body: { statusCode: 502, message: 'The society refused the package: The API key is not valid' } }
          : { body: { uploadid: 'U1', message: 'Successfully uploaded package', package: censusPackage({ status: 'Sent', uploadId: 'U1' }) } },
    });
    await listed();
    await user.click(screen.getByRole('button', { name: 'Submit S20261120-ABCDEF' }));
    expect(await screen.findByText('Submitting...')).toBeInTheDocument();
    expect(await screen.findByText('Successfully uploaded package', {}, { timeout: 5000 })).toBeInTheDocument();
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Submit S20261120-ABCDEF' }));
    expect(await screen.findByText('ERROR: The society refused the package: The API key is not valid', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('downloads through a single-use link opened in a new window', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderSubmissions('/submissions/census', OFFICER, {
      'GET /api/submissions/census/packages': list([censusPackage()]),
      'POST /api/submissions/download/S20261120-ABCDEF': { body: { url: '/api/submissions/download/f.zip?ticket=t', fileName: 'f.zip', expiresAt: '' } },
    });
    await listed();
    await user.click(screen.getByRole('button', { name: 'Download S20261120-ABCDEF' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/submissions/download/f.zip?ticket=t', '_blank', 'noopener'));
    open.mockRestore();
  });

  it('opens the Create Submission overlay with the package cases; Close returns to the census list', async () => {
    const { user } = renderSubmissions('/submissions/census', OFFICER, {
      'GET /api/submissions/census/packages': list([censusPackage()]),
      'GET /api/submissions/cases/packaged/S20261120-ABCDEF': {
        body: {
          result: [{ _id: 'c1', caseNum: 'PCRN-9', admissionDate: '2026-11-02', dischargeDate: '2026-11-04', patientid: { _id: 'p1', firstName: 'Ana', middleName: null, lastName: 'Reyes' } }],
          count: 1,
          offset: 0,
        },
      },
    });
    await user.click(await listed());
    const dialog = await screen.findByRole('dialog', { name: 'Create Submission' }, { timeout: 5000 });
    for (const header of ['Case No', 'Patient Name', 'Admission Date', 'Discharge Date']) {
      expect(within(dialog).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(await within(dialog).findByText('Ana Reyes', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/submissions\/census$/));
  });

  it('shows the load error with Retry', async () => {
    renderSubmissions('/submissions/census', OFFICER, {
      'GET /api/submissions/census/packages': { status: 500, body: { statusCode: 500, message: 'Internal server error' } },
    });
    expect(await screen.findByText('The census packages could not be loaded.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
