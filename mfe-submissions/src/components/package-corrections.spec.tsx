import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { censusPackage, renderSubmissions } from '../pages/submissions/render-submissions.test-helpers.js';

const P = PERMISSIONS;
const OFFICER = [P.GET_CLOSED_CASES, P.GET_PACKAGES, P.REBUILD_PACKAGE, P.SUBMIT_PACKAGE, P.DOWNLOAD_PACKAGE];
const list = (items: ReturnType<typeof censusPackage>[]) => ({ body: { items, count: items.length, offset: 0 } });
jest.setTimeout(90_000);

const version = (n: number, supersededAt: string | null, changes = { added: [] as string[], amended: [] as string[], withdrawn: [] as string[] }) => ({
  version: n, fileName: `PNSS-DEPT-S20261120-ABCDEF-v${n}.zip`, sha256: 'ab'.repeat(32), size: 1000, builtAt: '2026-11-20T08:00:00.000Z', builtBy: 'cora',
  uploadId: null, sentAt: null, supersededAt, changes,
});

describe('the Census tab on corrections after submission (issue 30)', () => {
  it('says why Submit is refused while a case is being amended', async () => {
    const refusal = 'Case C-7 is being amended: close it again, then rebuild and submit this package.';
    renderSubmissions('/submissions/census', OFFICER, {
      'GET /api/submissions/census/packages': list([censusPackage({ status: 'Sent', amendingCases: ['C-7'], amendmentRefusal: refusal })]),
    });
    const row = (await screen.findByText('S20261120-ABCDEF', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('alert')).toHaveTextContent(`Submit is refused. ${refusal}`);
  });

  it('lists the versions with what each changed; a superseded version stays downloadable', async () => {
    const { server, user } = renderSubmissions('/submissions/census', OFFICER, {
      'GET /api/submissions/census/packages': list([
        censusPackage({ version: 2, versions: [version(2, null, { added: [], amended: ['C-7'], withdrawn: ['C-9'] }), version(1, '2026-11-21T08:00:00.000Z')] }),
      ]),
      'POST /api/submissions/download/S20261120-ABCDEF': { body: { url: '/api/submissions/download/x?ticket=t', fileName: 'x', expiresAt: '2026-11-21T08:01:00.000Z' } },
    });
    window.open = jest.fn();
    const row = (await screen.findByText('S20261120-ABCDEF', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText(/Version 2 \(current\)/)).toHaveTextContent('Version 2 (current): amended C-7; withdrawn C-9');
    expect(within(row).getByText(/Version 1 \(superseded/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Download version 1 of S20261120-ABCDEF' }));
    await waitFor(() => expect(window.open).toHaveBeenCalled());
    const asked = server.requests.find((r) => r.method === 'POST' && r.url.includes('/download/'));
    expect(new URL(asked?.url ?? 'http://x').searchParams.get('version')).toBe('1');
  });
});
