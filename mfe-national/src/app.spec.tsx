import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { makeStore } from '@pnss/web';
import { mockApi, mountModuleAt, type MountedModule } from '@pnss/web/testing';
import { NOT_PERMITTED_TITLE } from './pages/national/index.js';
import { figuresAnswer } from './testing/national-answers.js';
import * as lifecycles from './app.js';

const mountAt = (hash: string, permissions: string[]) =>
  mountModuleAt(lifecycles, hash, { name: 'mfe_national', store: makeStore({ session: { signedIn: true, user: null, permissions } }) });
const unmountModule = (mounted: MountedModule) => mounted.unmount();

const INGEST = {
  body: { items: [], count: 0, offset: 0, totals: { queued: 0, active: 0, ingested: 0, retrying: 0, held: 0, superseded: 0 }, queue: 'national-ingest (pg-boss)' },
};

describe('the national module', () => {
  it('#/national opens the figures for a holder of view_national, with the Figures, Benchmarking and Completeness tabs', async () => {
    mockApi({ 'GET /api/national/figures': { body: figuresAnswer() }, 'GET /api/national/departments': { body: { items: [] } } });
    const mounted = await mountAt('#/national', [PERMISSIONS.VIEW_NATIONAL]);
    expect(await screen.findByRole('heading', { name: 'National Census' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/national/figures');
    expect(screen.getByRole('tab', { name: 'Figures' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Figures', 'Benchmarking', 'Completeness']);
    await unmountModule(mounted);
  });

  it('a tab keeps the period: Benchmarking opens with the same from and to', async () => {
    mockApi({
      'GET /api/national/figures': { body: figuresAnswer() },
      'GET /api/national/departments': { body: { items: [] } },
      'GET /api/national/funnel': { body: { from: '2025-01', to: '2025-12', indicator: 'mmr', definition: '', model: 'poisson', per: 100000, nationalRate: null, nationalEvents: 0, nationalDenominator: 0, points: [], limits: [] } },
    });
    const mounted = await mountAt('#/national/figures?from=2025-01&to=2025-12', [PERMISSIONS.VIEW_NATIONAL]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Benchmarking' }));
    expect(window.location.hash).toBe('#/national/benchmarking?from=2025-01&to=2025-12');
    expect(await screen.findByText('No department has counted cases in this period.')).toBeInTheDocument();
    await unmountModule(mounted);
  });

  it('a holder of manage_national_ingest alone sees only the Ingest tab', async () => {
    mockApi({ 'GET /api/national/ingest': INGEST, 'GET /api/national/departments': { body: { items: [] } } });
    const mounted = await mountAt('#/national', [PERMISSIONS.MANAGE_NATIONAL_INGEST]);
    expect(await screen.findByRole('tab', { name: 'Ingest' })).toHaveAttribute('aria-selected', 'true');
    expect(window.location.hash).toBe('#/national/ingest');
    expect(screen.queryByRole('tab', { name: 'Figures' })).not.toBeInTheDocument();
    await unmountModule(mounted);
  });

  it.each(['#/national', '#/national/figures', '#/national/ingest'])(
    "without the national permissions (a department's users, who are never told of hub permissions) %s shows the 'not permitted' page and asks the server nothing",
    async (hash) => {
      const server = mockApi({});
      const mounted = await mountAt(hash, [PERMISSIONS.VIEW_REPORTS, PERMISSIONS.VIEW_HUB_PACKAGES]);
      expect(await screen.findByText(NOT_PERMITTED_TITLE)).toBeInTheDocument();
      expect(screen.queryByRole('tab')).not.toBeInTheDocument();
      expect(server.calls()).toEqual([]);
      await unmountModule(mounted);
    },
  );
});
