import { screen, within } from '@testing-library/react';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { RATE_DEFINITIONS } from '@pnss/libs/reports';
import { axeViolations, mockApi } from '@pnss/web/testing';
import { funnelAnswer } from '../../testing/national-answers.js';
import { pick, renderTab } from '../../testing/render-national.js';
import { BenchmarkingTab } from './index.js';

// jsdom has no canvas: the plot is drawn in the browser (the flow and the screenshots); here its
// table alternative and the sentences naming the outliers are what is read.
jest.mock('../../components/funnel-chart.js', () => ({ __esModule: true, default: () => <div data-testid="funnel-plot" /> }));

const renderBenchmarking = (hash = '#/national/benchmarking?from=2026-04&to=2026-06&indicator=caesarean') =>
  renderTab('/national/benchmarking', <BenchmarkingTab />, hash, [PERMISSIONS.VIEW_NATIONAL]);

function rowCells(table: HTMLElement, name: RegExp): string[] {
  return within(within(table).getByRole('row', { name })).getAllByRole('cell').map((c) => c.textContent ?? '');
}

describe('benchmarking on a funnel plot (GLOSSARY.md: 95% and 99.8% control limits, so that a small unit is not called an outlier for one event)', () => {
  it('names the department beyond the 99.8% limits as the outlier, and one beyond the 95% limits only as one to watch', async () => {
    const api = mockApi({ 'GET /api/national/funnel': { body: funnelAnswer() } });
    renderBenchmarking();
    expect(await screen.findByText('Beyond the 99.8% limits (outliers): DEPT-NORTH (above).')).toBeInTheDocument();
    expect(screen.getByText('Beyond the 95% limits only (to watch): DEPT-SOUTH (below), DEPT-ISLAND (below).')).toBeInTheDocument();
    const request = api.requests[0];
    expect(Object.fromEntries(new URL(request.url).searchParams)).toEqual({ from: '2026-04', to: '2026-06', indicator: 'caesarean' });
    expect(screen.getByText(RATE_DEFINITIONS.caesarean.sentence)).toBeInTheDocument();
    expect(await screen.findByTestId('funnel-plot')).toBeInTheDocument();
  });

  it('the table alternative carries every department: events, denominator, rate and where it falls against each limit', async () => {
    mockApi({ 'GET /api/national/funnel': { body: funnelAnswer() } });
    renderBenchmarking();
    const table = await screen.findByRole('table', { name: 'Departments against the national rate' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Department', 'Events', 'Denominator', 'Rate', 'Against the 95% limits', 'Against the 99.8% limits',
    ]);
    expect(rowCells(table, /DEPT-NORTH/)).toEqual(['DEPT-NORTH', '2,200', '6,000', '36.7', 'Above', 'Above: outlier']);
    expect(rowCells(table, /DEPT-ISLAND/)).toEqual(['DEPT-ISLAND', '5', '50', '10.0', 'Below', 'Within']);
    expect(screen.getByText(/National rate:/)).toHaveTextContent('National rate: 34.0 % (3,400 in 10,000)');
  });

  it('a department with 1 to 4 events shows † and no rate in the table, as a published copy would', async () => {
    const answer = funnelAnswer();
    answer.points[2] = { ...answer.points[2], events: 2, rate: 4.0 };
    mockApi({ 'GET /api/national/funnel': { body: answer } });
    renderBenchmarking();
    const table = await screen.findByRole('table', { name: 'Departments against the national rate' });
    expect(rowCells(table, /DEPT-ISLAND/).slice(0, 4)).toEqual(['DEPT-ISLAND', '†', '50', 'x']);
  });

  it('the perinatal indicators ask which stillbirth definition; the choice goes to the hub', async () => {
    const api = mockApi({ 'GET /api/national/funnel': { body: funnelAnswer({ indicator: 'perinatal', per: 1000 }) } });
    renderBenchmarking('#/national/benchmarking?from=2026-04&to=2026-06&indicator=perinatal');
    await screen.findByRole('table', { name: 'Departments against the national rate' });
    await pick('Stillbirth definition', 'National cut-off');
    const last = api.requests.at(-1);
    expect(Object.fromEntries(new URL(last!.url).searchParams)).toEqual({ from: '2026-04', to: '2026-06', indicator: 'perinatal', threshold: 'national' });
  });

  it('has no serious or critical accessibility violation (axe, WCAG 2.1 AA)', async () => {
    mockApi({ 'GET /api/national/funnel': { body: funnelAnswer() } });
    const { container } = renderBenchmarking();
    await screen.findByRole('table', { name: 'Departments against the national rate' });
    expect(await axeViolations(container)).toEqual([]);
  });
});
