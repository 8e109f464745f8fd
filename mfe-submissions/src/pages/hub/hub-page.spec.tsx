import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { HubApiKey, HubPackage } from '@pnss/libs/api';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { mockApi, renderWithProviders } from '@pnss/web/testing';
import { SubmissionsRoutes } from '../../routes.js';

jest.setTimeout(90_000);

const received: HubPackage = {
  _id: '6f1c1f7e-0c1b-4c8e-9d55-4f1f0d1a2b3c', uploadId: 'UABC-1234', departmentId: 'DEPT-A', submissionId: 'S20261120-ABCDEF', version: 1,
  fileName: 'PNSS-DEPT-A-S20261120-ABCDEF-v1.zip', sha256: 'ab'.repeat(32), size: 1234, startDate: '2026-11-01', endDate: '2026-11-30',
  numOfCases: 1, dataDictionaryVersion: '2026.2', verification: 'Verified: 5 files match their SHA-256; 1 case valid against data dictionary 2026.2',
  receivedAt: '2026-11-25T10:00:00.000Z', supersededAt: null, changes: null,
};
const key: HubApiKey = {
  _id: '7a1c1f7e-0c1b-4c8e-9d55-4f1f0d1a2b3c', departmentId: 'DEPT-A', label: 'Department A', prefix: 'pnss_abcdefg', createdAt: '2026-11-01T00:00:00.000Z',
  revokedAt: null, lastUsedAt: null,
} as HubApiKey;

function renderHub() {
  const server = mockApi({
    'GET /api/hub/packages': { body: { items: [received], count: 1, offset: 0 } },
    'GET /api/hub/keys': { body: [key] },
    'GET /api/hub/packages/6f1c1f7e-0c1b-4c8e-9d55-4f1f0d1a2b3c/file': { body: {} },
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/submissions/hub']}>
      <SubmissionsRoutes />
    </MemoryRouter>,
    {
      preloadedState: {
        session: {
          signedIn: true,
          user: { _id: 'me', firstname: 'Sol', lastname: 'Society', username: 'sol', role: 'society', permissions: [] },
          permissions: [PERMISSIONS.VIEW_HUB_PACKAGES, PERMISSIONS.MANAGE_HUB_KEYS],
        },
      },
    },
  );
  return server;
}

describe("the society hub's screen (issue 25 items 9 and 15)", () => {
  it('each cell carries its heading, so on a tablet the stacked row still says Upload ID, Verification, Status; Revoke stays in its row', async () => {
    renderHub();
    const packages = await screen.findByRole('table', { name: 'Received packages' });
    const row = (await within(packages).findByText('UABC-1234', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('UABC-1234').closest('td')).toHaveAttribute('data-label', 'Upload ID');
    expect(within(row).getByText('VERIFIED').closest('td')).toHaveAttribute('data-label', 'Verification');
    expect(within(row).getByText('1 case')).toBeInTheDocument();
    expect(packages.closest('.pnss-stacked-table')).not.toBeNull();
    const keys = await screen.findByRole('table', { name: 'API keys' });
    const keyRow = (await within(keys).findByText('ACTIVE')).closest('tr') as HTMLElement;
    expect(within(keyRow).getByText('ACTIVE').closest('td')).toHaveAttribute('data-label', 'Status');
    expect(within(keyRow).getByRole('button', { name: 'Revoke key pnss_abcdefg of DEPT-A' })).toBeInTheDocument();
  });

  it("society staff download a received package: the file asked for with the session's token and saved under its name", async () => {
    const server = renderHub();
    server.fetch.mockImplementation(async (input) => {
      const request = typeof input === 'string' ? new Request(input) : input;
      server.requests.push(request);
      const path = new URL(request.url).pathname;
      if (path.endsWith('/file')) {
        return new Response(new Uint8Array([80, 75, 3, 4]), {
          status: 200, headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${received.fileName}"` },
        });
      }
      const body = path === '/api/hub/keys' ? [key] : { items: [received], count: 1, offset: 0 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    URL.createObjectURL = jest.fn(() => 'blob:package');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(await screen.findByRole('button', { name: `Download ${received.fileName}` }, { timeout: 10_000 }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.calls()).toContain(`GET /api/hub/packages/${received._id}/file`);
    expect(await screen.findByText(`Downloaded ${received.fileName}`)).toBeInTheDocument();
    click.mockRestore();
  });
});
