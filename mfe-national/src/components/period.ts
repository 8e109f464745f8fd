import type { YearMonth } from '@pnss/libs/api';

/**
 * The period of a national figure (issue 29): a month, a quarter, a year, or any run of months. A
 * census package carries the month of discharge and no day, so every period is a first and a last
 * month, 'YYYY-MM', inclusive (NationalPeriodQuery).
 */
export type PeriodKind = 'month' | 'quarter' | 'year' | 'custom';

export interface MonthPeriod {
  from: YearMonth;
  to: YearMonth;
}

export const PERIOD_KINDS: ReadonlyArray<{ value: PeriodKind; label: string }> = [
  { value: 'month', label: 'Month' },
  { value: 'quarter', label: 'Quarter' },
  { value: 'year', label: 'Year' },
  { value: 'custom', label: 'Custom' },
];

export const MONTHS: readonly string[] = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pad = (n: number) => String(n).padStart(2, '0');

export const yearMonth = (year: number, month: number): YearMonth => `${year}-${pad(month)}`;

const partsOf = (month: YearMonth) => ({ year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)) });

export function monthPeriod(year: number, month: number): MonthPeriod {
  return { from: yearMonth(year, month), to: yearMonth(year, month) };
}

export function quarterPeriod(year: number, quarter: number): MonthPeriod {
  return { from: yearMonth(year, (quarter - 1) * 3 + 1), to: yearMonth(year, quarter * 3) };
}

export function yearPeriod(year: number): MonthPeriod {
  return { from: yearMonth(year, 1), to: yearMonth(year, 12) };
}

/** What a period is exactly (a month, a quarter, a year), or custom; with where it starts. */
export function periodOf(period: MonthPeriod): { kind: PeriodKind; year: number; month: number; quarter: number } {
  const { year, month } = partsOf(period.from);
  const quarter = Math.floor((month - 1) / 3) + 1;
  const same = (other: MonthPeriod) => other.from === period.from && other.to === period.to;
  if (same(monthPeriod(year, month))) return { kind: 'month', year, month, quarter };
  if (same(quarterPeriod(year, quarter))) return { kind: 'quarter', year, month, quarter };
  if (same(yearPeriod(year))) return { kind: 'year', year, month, quarter };
  return { kind: 'custom', year, month, quarter };
}

/** The period of a kind, taken from where the current one starts (custom keeps the current one). */
export function periodOfKind(kind: PeriodKind, current: MonthPeriod): MonthPeriod {
  const { year, month, quarter } = periodOf(current);
  if (kind === 'month') return monthPeriod(year, month);
  if (kind === 'quarter') return quarterPeriod(year, quarter);
  if (kind === 'year') return yearPeriod(year);
  return current;
}

const monthName = (value: YearMonth) => {
  const { year, month } = partsOf(value);
  return `${MONTHS[month - 1]} ${year}`;
};

/** The period in words, as the screens and their captions name it. */
export function periodLabel(period: MonthPeriod): string {
  const { kind, year, quarter } = periodOf(period);
  if (kind === 'month') return monthName(period.from);
  if (kind === 'quarter') return `Quarter ${quarter} ${year}`;
  if (kind === 'year') return String(year);
  return `${monthName(period.from)} to ${monthName(period.to)}`;
}

/** The quarter before the one holding `today` ('YYYY-MM-DD'): the latest a census is usually complete for. */
export function defaultPeriod(today: string): MonthPeriod {
  const { year, month } = partsOf(today.slice(0, 7));
  const quarter = Math.floor((month - 1) / 3) + 1;
  return quarter === 1 ? quarterPeriod(year - 1, 4) : quarterPeriod(year, quarter - 1);
}

/** The months of a period, for a grid's columns. */
export function monthsOf(period: MonthPeriod): YearMonth[] {
  const months: YearMonth[] = [];
  let { year, month } = partsOf(period.from);
  for (let guard = 0; guard < 240 && yearMonth(year, month) <= period.to; guard += 1) {
    months.push(yearMonth(year, month));
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}
