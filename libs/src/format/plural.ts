/**
 * A count with its noun, singular for exactly one and plural otherwise ('1 death', '0 deaths',
 * '2 deaths'): the one rule every screen, export and server message uses to put a number before a
 * word. The plural is the noun with an 's' unless it is given (a noun like 'baby' or 'is/are').
 */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/**
 * A count as the product writes numbers to its users (en-US, as the reports and national figures
 * do): thousands separated, '1,000', '12,345'.
 */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** The count and its noun: `countOf(1, 'case')` is '1 case', `countOf(3, 'case')` '3 cases', `countOf(1000, 'case')` '1,000 cases'. */
export function countOf(count: number, singular: string, plural?: string): string {
  return `${formatCount(count)} ${pluralize(count, singular, plural)}`;
}

/**
 * An exact age of gestation in words: '39 weeks', '39 weeks 1 day', '1 week 3 days'. Zero days are
 * left out; a day count without weeks is never given (the form records weeks first).
 */
export function weeksAndDays(weeks: number, days?: number | null): string {
  const head = countOf(weeks, 'week');
  return days ? `${head} ${countOf(days, 'day')}` : head;
}
