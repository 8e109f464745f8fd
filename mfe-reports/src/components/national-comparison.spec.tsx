import { RATE_DEFINITIONS } from '@pnss/libs/reports';
import { screen, within } from '@testing-library/react';
import type { NationalComparisonAnswer, NationalCount, NationalPerinatal, NationalRate, NationalStandingFigures } from '@pnss/libs/api';
import { mockApi, renderWithProviders } from '@pnss/web/testing';
import { NationalComparison } from './national-comparison.js';

const c = (count: number | null, mark: NationalCount['mark'] = 'shown'): NationalCount => ({ count, mark });
const r = (events: NationalCount, denominator: NationalCount, per: number, rate: number | null): NationalRate => ({ events, denominator, per, rate, lower: null, upper: null });
const perinatal = (stillbirths: NationalCount, rate: number | null): NationalPerinatal => ({
  label: 'International (WHO): 28 weeks or 1000 g', threshold: { weeks: 28, grams: 1000 }, liveBirths: c(1000), stillbirths, earlyNeonatalDeaths: c(6),
  neonatalDeaths: c(8), belowThreshold: c(0), thresholdUnknown: c(0), outcomeUnknown: c(0), totalBirths: c(1010), stillbirthRate: rate,
  earlyNeonatalMortalityRate: 6, perinatalMortalityRate: rate, neonatalMortalityRate: 8,
});
const figures = (extra: Partial<NationalStandingFigures>): NationalStandingFigures => ({
  cases: c(1200), mmr: r(c(null, 'small'), c(1000), 100_000, null), caesarean: r(c(350), c(1000), 100, 35),
  perinatal: { international: perinatal(c(10), 15.8), national: perinatal(c(12), 17.8) }, ...extra,
});

const configured: NationalComparisonAnswer = {
  configured: true,
  message: 'Figures of the society, as the hub computed them.',
  fetchedAt: '2026-07-10T09:30:00.000Z',
  standing: {
    departmentId: 'DEPT-NORTH', from: '2026-04', to: '2026-06', computedAt: '2026-07-10T09:29:00.000Z', suppression: "Counts from 1 to 4 are shown as '†', and totals that would reveal them are shown as 'x'.",
    department: figures({}),
    national: figures({ cases: c(52_000), mmr: r(c(9), c(48_000), 100_000, 18.75), caesarean: r(c(16_800), c(48_000), 100, 35) }),
    positions: { mmr: 'inside', caesarean: 'above' },
  },
};

const range = { from: '2026-04-01', to: '2026-06-30' };

describe("a department's national comparison (issue 29)", () => {
  it('its own figures beside the national ones for the same months, the MMR made from 1 to 4 deaths withheld, the funnel position in words, and the date fetched', async () => {
    const api = mockApi({ 'GET /api/reports/national': { body: configured } });
    renderWithProviders(<NationalComparison range={range} />);
    const table = await screen.findByRole('table', { name: 'National Comparison' });
    const cells = (name: RegExp) => within(within(table).getByRole('row', { name })).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(/^Maternal mortality ratio/)).toEqual(['Maternal mortality ratio per 100,000 live births', 'x', '18.8', 'Within the limits']);
    expect(cells(/^Caesarean section rate/)).toEqual(['Caesarean section rate (%)', '35.0', '35.0', 'Above the 99.8% limit']);
    expect(cells(/^Cases counted/)).toEqual(['Cases counted', '1,200', '52,000', '']);
    expect(cells(/^Neonatal mortality rate/)).toEqual(['Neonatal mortality rate per 1000 live births', '8.0', '8.0', 'Not placed']);
    expect(screen.getByText(/2026-04 to 2026-06 \(the months of discharge\)/)).toHaveTextContent('Fetched from the society on 10 Jul 2026');
    expect(Object.fromEntries(new URL(api.requests[0].url).searchParams)).toEqual({ from: '2026-04', to: '2026-06' });
    // Each rate says what it counts over: its denominator in words, from the one definition in libs.
    const definitions = within(screen.getByRole('list', { name: 'What each rate counts' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(definitions).toEqual([RATE_DEFINITIONS.mmr.sentence, RATE_DEFINITIONS.caesarean.sentence, RATE_DEFINITIONS.perinatal.sentence, RATE_DEFINITIONS.neonatal.sentence]);
    expect(definitions[0]).toContain('live births of the obstetric cases counted');
  });

  it('without a configured society, the comparison says so in words', async () => {
    mockApi({ 'GET /api/reports/national': { body: { configured: false, message: 'No society is configured: set SOCIETY_URL to compare with the national figures.', fetchedAt: null, standing: null } } });
    renderWithProviders(<NationalComparison range={range} />);
    expect(await screen.findByText('No society is configured: set SOCIETY_URL to compare with the national figures.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
