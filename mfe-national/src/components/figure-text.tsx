import type { ReactNode } from 'react';
import type { NationalCount, NationalRate } from '@pnss/libs/api';
import { formatRate, percentText } from '@pnss/libs/reports';
import { Marked } from './count-cell.js';

/** Whether a count is shown as it is: always for the staff's full view, only when its mark is 'shown' for the published one. */
export function isShown(count: NationalCount, suppress: boolean): boolean {
  return count.count !== null && (!suppress || count.mark === 'shown');
}

/** A count as the society publishes it (suppress) or as its staff read it; a withheld count (null) is its mark always. */
export function countNode(count: NationalCount, suppress: boolean): ReactNode {
  if (!isShown(count, suppress)) return <Marked mark={count.mark === 'shown' ? 'hidden' : count.mark} />;
  return (count.count as number).toLocaleString('en-US');
}

/** The plain text of a count (for a sentence or an accessible name). */
export function countWords(count: NationalCount, suppress: boolean): string {
  if (!isShown(count, suppress)) return count.mark === 'small' ? 'fewer than 5' : 'hidden';
  return (count.count as number).toLocaleString('en-US');
}

/**
 * Whether a rate may be shown: a rate made from a suppressed count would give it back with the
 * denominator beside it (NATIONAL-API.md), so in the published view it is withheld with its events.
 */
export function rateShown(rate: NationalRate, suppress: boolean): boolean {
  return rate.rate !== null && (!suppress || (rate.events.mark === 'shown' && rate.denominator.mark === 'shown'));
}

/** A rate with one decimal ('-' with no denominator), or 'x' when withheld. */
export function rateNode(rate: NationalRate, suppress: boolean, percent = false): ReactNode {
  if (rate.rate === null && rate.denominator.count === 0) return '-';
  if (!rateShown(rate, suppress)) return <Marked mark="hidden" />;
  return percent ? percentText(rate.rate) : formatRate(rate.rate);
}

/** The 95% interval of a rate ('3.2 to 23.3'), or 'x' when withheld, '-' without one. */
export function intervalNode(rate: NationalRate, suppress: boolean): ReactNode {
  if (rate.lower === null || rate.upper === null) return rate.rate === null && rate.denominator.count !== 0 ? <Marked mark="hidden" /> : '-';
  if (!rateShown(rate, suppress)) return <Marked mark="hidden" />;
  return `${formatRate(rate.lower)} to ${formatRate(rate.upper)}`;
}

/** A figure (rate, percentage) made from counts: shown when all of them are, else 'x'. */
export function derivedNode(value: number | null, from: readonly NationalCount[], suppress: boolean, format: (v: number | null) => string = formatRate): ReactNode {
  if (value === null) return '-';
  if (from.some((c) => !isShown(c, suppress))) return <Marked mark="hidden" />;
  return format(value);
}
