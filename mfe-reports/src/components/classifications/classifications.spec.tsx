import { screen, within } from '@testing-library/react';
import { mockApi, renderWithProviders } from '@pnss/web/testing';
import type { PerinatalFigures, ReportSummaryAnswer } from '@pnss/libs/api';
import { robsonTable } from '@pnss/libs/classifications';
import { MmrPanel } from './mmr-panel.js';
import { PerinatalPanel } from './perinatal-panel.js';
import { RobsonPanel } from './robson-panel.js';

const range = { from: '2026-09-01', to: '2026-11-30' };
const summary = (extra: Partial<ReportSummaryAnswer>): ReportSummaryAnswer => ({ view: 'maternalMortality', ...range, rule: 'rule', charts: [], ...extra });
const mmr = { deaths: 5, liveBirths: 50_000, ratio: 10, lower: 3.2469727802368404, upper: 23.336664158645334, coincidentalDeaths: 1, unmappedDeaths: 0, definition: 'Maternal mortality ratio (WHO): ...' };

function rowCells(name: RegExp, container: HTMLElement = document.body): string[] {
  return within(within(container).getByRole('row', { name })).getAllByRole('cell').map((c) => c.textContent ?? '');
}

describe('the WHO figures of the summaries (issue 28)', () => {
  it('the maternal mortality ratio per 100,000 live births with its exact interval: 5 deaths in 50,000 live births read 10.0 (3.2 to 23.3)', () => {
    renderWithProviders(<MmrPanel answer={summary({ mmr })} suppress={false} />);
    expect(screen.getByLabelText('Maternal mortality ratio 10.0 per 100,000 live births')).toHaveTextContent('10.0');
    expect(screen.getByText(/5 maternal deaths per 50000 live births; 95% confidence interval 3.2 to 23.3/)).toBeInTheDocument();
    expect(screen.getByText(/1 coincidental \(ICD-MM group 9\) not counted/)).toBeInTheDocument();
  });

  it('with suppression, 1 to 4 deaths are † and the ratio and its interval are hidden', () => {
    renderWithProviders(<MmrPanel answer={summary({ mmr: { ...mmr, deaths: 2, ratio: 4, lower: 0.5, upper: 14.4 } })} suppress />);
    expect(screen.getByLabelText('Maternal mortality ratio x per 100,000 live births')).toHaveTextContent('x');
    expect(screen.getByText(/† maternal deaths per 50000 live births; 95% confidence interval x to x/)).toBeInTheDocument();
  });

  it('the perinatal figures by WHO and by the national threshold, each rate labelled with its denominator', () => {
    const figures = (label: string, stillbirths: number, total: number): PerinatalFigures => ({
      label, threshold: { weeks: 28, grams: 1000 }, liveBirths: 98, stillbirths, earlyNeonatalDeaths: 1, neonatalDeaths: 2, belowThreshold: 0,
      thresholdUnknown: 0, outcomeUnknown: 0, totalBirths: total, stillbirthRate: (stillbirths * 1000) / total,
      earlyNeonatalMortalityRate: 1000 / 98, perinatalMortalityRate: ((stillbirths + 1) * 1000) / total, neonatalMortalityRate: 2000 / 98,
    });
    renderWithProviders(<PerinatalPanel answer={summary({ view: 'obreport', perinatal: { international: figures('International (WHO)', 2, 100), national: figures('National', 4, 102), counts: 'the infants' } })} suppress={false} />);
    expect(rowCells(/^Perinatal mortality rate per 1000 total births/)).toEqual(['Perinatal mortality rate per 1000 total births', '30.0', '49.0']);
    expect(rowCells(/^Neonatal mortality rate per 1000 live births/)).toEqual(['Neonatal mortality rate per 1000 live births', '20.4', '20.4']);
    expect(rowCells(/^Stillbirths/)).toEqual(['Stillbirths', '2', '4']);
  });

  it("the Robson table in WHO's columns, the unclassifiable row, a chart of the caesareans, and its export", async () => {
    const table = robsonTable([{ segment: '1', women: 8, caesareans: 2 }, { segment: '5.1', women: 6, caesareans: 5 }, { segment: 'unclassifiable', women: 6, caesareans: 0 }]);
    const api = mockApi({ 'GET /api/reports/robson': { body: { ...range, rule: 'rule', counts: 'women who gave birth', ...table } } });
    renderWithProviders(<RobsonPanel range={range} suppress={false} />);
    const grid = await screen.findByRole('table', { name: 'Robson Ten-Group Classification (WHO)' });
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Group', 'Number of women', 'Group size (%)', 'Number of CS', 'CS rate in group (%)', 'Absolute contribution (%)', 'Relative contribution (%)',
    ]);
    expect(rowCells(/^Group 1 /, grid)).toEqual(['Group 1', '8', '40.0%', '2', '25.0%', '10.0%', '28.6%']);
    expect(rowCells(/^Group 5.1/, grid)).toEqual(['Group 5.1', '6', '30.0%', '5', '83.3%', '25.0%', '71.4%']);
    expect(rowCells(/^Not classifiable/, grid)).toEqual(['Not classifiable', '6', '30.0%', '-', '-', '-', '-']);
    expect(rowCells(/^Total/, grid)).toEqual(['Total', '20', '100.0%', '7', '35.0%', '35.0%', '100.0%']);
    expect(screen.getByRole('table', { name: 'Caesarean sections by Robson group' })).toBeInTheDocument();
    expect(api.calls()).toEqual(['GET /api/reports/robson']);
    expect(new URL(api.requests[0].url).searchParams.get('from')).toBe(String(Date.UTC(2026, 8, 1)));
  });
});
