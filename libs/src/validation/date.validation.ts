import type { FieldError } from '../api/common.js';
import { parseCalendarDate } from '../derived/calendar-date.js';
import { fieldMeta } from './field-meta.js';
import { MESSAGES } from './messages.js';

export interface DateRuleOptions {
  /** Today as 'YYYY-MM-DD', injected so the server and the tests agree. */
  today: string;
  /** false for the postpartum delivery variant, which has no date bounds (SPEC.md §5). */
  bounded: boolean;
}

/**
 * The sane range of any calendar date the system stores (issue 13 item 8): no birth, admission or
 * delivery before 1900, none after 2099. The rules of SPEC.md §5 narrow it further.
 */
export const EARLIEST_CALENDAR_DATE = '1900-01-01';
export const LATEST_CALENDAR_DATE = '2099-12-31';

/** Whether a value is a real calendar date within the sane range. */
export function isSaneCalendarDate(value: unknown): boolean {
  const t = parseCalendarDate(value);
  return t !== null && t >= (parseCalendarDate(EARLIEST_CALENDAR_DATE) as number) && t <= (parseCalendarDate(LATEST_CALENDAR_DATE) as number);
}

/** SPEC.md §5, §9: the earliest allowed date is 1 January two years back. */
export function earliestAllowedDate(today: string): string | null {
  const t = parseCalendarDate(today);
  if (t === null) return null;
  return `${new Date(t).getUTCFullYear() - 2}-01-01`;
}

/**
 * The message for a date, or null when it passes. A missing date passes here: whether it is
 * required is the caller's rule. A value that is not a date is 'Invalid Value'.
 */
export function dateMessage(value: unknown, { today, bounded }: DateRuleOptions): string | null {
  if (value === null || value === undefined || value === '') return null;
  const t = parseCalendarDate(value);
  if (t === null || !isSaneCalendarDate(value)) return MESSAGES.invalidValue;
  if (!bounded) return null;
  const now = parseCalendarDate(today);
  if (now === null) return null;
  if (t > now) return MESSAGES.futureDate;
  const earliest = parseCalendarDate(earliestAllowedDate(today));
  if (earliest !== null && t < earliest) return MESSAGES.olderThanTwoYears;
  return null;
}

/** SPEC.md §5 "Dates": not in the future, not before 1 January two years back, unless unbounded. */
export function validateDate(field: string, value: unknown, options: DateRuleOptions): FieldError | null {
  const message = dateMessage(value, options);
  return message === null ? null : { field, ...fieldMeta(field), message };
}
