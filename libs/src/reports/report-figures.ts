/**
 * SPEC.md §9: the maternal mortality rate is deaths over dead plus alive, as a percent rounded to
 * a whole number. With nobody discharged in the period the rate is 0.
 */
export function maternalMortalityRate(deaths: number, alive: number): number {
  const total = deaths + alive;
  if (!Number.isFinite(total) || total <= 0 || deaths < 0 || alive < 0) return 0;
  return Math.round((deaths * 100) / total);
}

/** SPEC.md §9: percentages are whole numbers. */
export function wholePercent(part: number, total: number): number {
  if (!Number.isFinite(part) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.round((part * 100) / total);
}

/** SPEC.md §2 report table: zero or 0% shows as '-'. */
export function reportCellText(count: number, total: number, mode: 'value' | 'percentage'): string {
  const shown = mode === 'percentage' ? wholePercent(count, total) : count;
  if (shown === 0) return '-';
  return mode === 'percentage' ? `${shown}%` : String(shown);
}

/** SPEC.md §2, §9: reports default to the last 3 months up to today ('YYYY-MM-DD' in, out). */
export function defaultReportRange(today: string): { from: string; to: string } {
  const [y, m, d] = today.split('-').map(Number);
  const monthIndex = y * 12 + (m - 1) - 3;
  const fromYear = Math.floor(monthIndex / 12);
  const fromMonth = monthIndex % 12;
  const lastDay = new Date(Date.UTC(fromYear, fromMonth + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  const from = `${fromYear}-${String(fromMonth + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { from, to: today };
}

/** SPEC.md §2, §9: year options 2015-2018 and quarters 1st to 4th. */
export const REPORT_YEAR_OPTIONS: readonly number[] = [2015, 2016, 2017, 2018];
export const REPORT_QUARTERS: ReadonlyArray<{ id: number; label: string }> = [
  { id: 1, label: '1st' },
  { id: 2, label: '2nd' },
  { id: 3, label: '3rd' },
  { id: 4, label: '4th' },
];

/** A rate (per 1000, per 100,000) or a percentage as WHO's tables give it: one decimal ('10.0'); '-' with no denominator. */
export function formatRate(rate: number | null): string {
  return rate === null ? '-' : rate.toFixed(1);
}
