import { calendarDateOf, formatCalendarDate, parseCalendarDate } from '@pnss/libs/derived';

/** Today as the server's clock reads it, in UTC ('YYYY-MM-DD'): the rules never read a clock themselves. */
export function serverToday(): string {
  return calendarDateOf(new Date());
}

/** 'YYYY-MM-DD' for a date the DTO already accepted (a full ISO instant is cut to its UTC date). */
export function toCalendarDate(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const t = parseCalendarDate(value);
  return t === null ? null : formatCalendarDate(t);
}
