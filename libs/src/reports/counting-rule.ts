import type { CaseForm } from '../api/case-form.js';

/**
 * Which cases a report counts, and by which date: written once here. Every figure, chart, table cell
 * and export of the reports follows it; the services filter `case_facts` with the same two facts
 * (`counted`, `counting_date`) that `deriveCaseFacts` computes with these functions.
 */
export const REPORT_COUNTING_RULE =
  'Counts closed, not archived cases whose discharge date falls between FROM and TO (both days included). '
  + 'Maternal and obstetric figures (mother condition, maternal age, age of gestation, pregnancy type, maternal deaths) '
  + 'count obstetric cases only: pregnant or recently delivered women, never gynecologic patients.';

/** A closed, not archived case is counted (a submitted case is closed, so it counts too). */
export function isCountedCase(form: Pick<CaseForm, 'isClose' | 'isArchived'>): boolean {
  return form.isClose === true && form.isArchived !== true;
}

/**
 * An obstetric case: the woman is pregnant or has recently delivered (GLOSSARY "OB": pregnancy,
 * delivery, postpartum). Only these count in maternal figures: the maternal mortality rate of
 * SPEC.md §9 is 'maternal deaths over all obstetric patients discharged (dead plus alive)', and
 * 'gynecologic patients are not mothers and never count' (GLOSSARY), however old, whatever they
 * died of. The form sets `isPregnancy` for case type OB; delivered and postpartum imply it.
 */
export function isObstetricCase(form: Partial<Pick<CaseForm, 'isPregnancy' | 'isDelivered' | 'isPostpartum'>>): boolean {
  return form.isPregnancy === true || form.isDelivered === true || form.isPostpartum === true;
}

/** The date that places a counted case in a range: its discharge date ('YYYY-MM-DD'). */
export function countingDateOf(form: Pick<CaseForm, 'dischargeDate'>): string | null {
  return form.dischargeDate ?? null;
}

/** The longest range a report answers: 20 years (the year picks start in 2015). */
export const MAX_REPORT_RANGE_DAYS = 7305;
/** The first year a report offers. */
export const FIRST_REPORT_YEAR = 2015;

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of a millisecond timestamp, as a UTC calendar day. */
export function calendarDayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Milliseconds of a calendar day's UTC midnight. */
export function dayStartMs(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

export interface ReportRange {
  /** First counted day, 'YYYY-MM-DD'. */
  from: string;
  /** Last counted day, 'YYYY-MM-DD'. */
  to: string;
}

export interface RangeProblem {
  field: 'from' | 'to';
  message: string;
}

/**
 * SPEC.md §7: from and to are millisecond timestamps; each names the UTC calendar day it falls in, and
 * both days are counted. Returns the range, or the problem in words.
 */
export function parseReportRange(from: unknown, to: unknown): ReportRange | RangeProblem {
  const fromMs = toMs(from);
  if (fromMs === null) return { field: 'from', message: 'from must be a millisecond timestamp (a whole number), e.g. 1767225600000' };
  const toMsValue = toMs(to);
  if (toMsValue === null) return { field: 'to', message: 'to must be a millisecond timestamp (a whole number), e.g. 1774915200000' };
  const range = { from: calendarDayOf(fromMs), to: calendarDayOf(toMsValue) };
  if (range.from > range.to) return { field: 'from', message: 'from must not be after to' };
  const days = (dayStartMs(range.to) - dayStartMs(range.from)) / DAY_MS + 1;
  if (days > MAX_REPORT_RANGE_DAYS) {
    return { field: 'to', message: `the range is ${days} days long; a report covers at most ${MAX_REPORT_RANGE_DAYS} days (20 years)` };
  }
  return range;
}

export function isRangeProblem(value: ReportRange | RangeProblem): value is RangeProblem {
  return 'message' in value;
}

/** Whether a form is counted in a range by the counting rule. */
export function countsInRange(form: Pick<CaseForm, 'isClose' | 'isArchived' | 'dischargeDate'>, range: ReportRange): boolean {
  const day = countingDateOf(form);
  return isCountedCase(form) && day !== null && day >= range.from && day <= range.to;
}

/** The latest instant a report range may name: 9999-12-31T23:59:59.999Z (from and to are 0 to this). */
export const REPORT_TIMESTAMP_MAX = 253402300799999;

function toMs(value: unknown): number | null {
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) return null;
  // Years 1970-9999 only: anything else is not a date a report can mean.
  if (n < 0 || n > REPORT_TIMESTAMP_MAX) return null;
  return n;
}

/** The year quick picks: from 2015 to this year ('YYYY-MM-DD' today), newest first. */
export function reportYearOptions(today: string): number[] {
  const year = Number(today.slice(0, 4));
  const years: number[] = [];
  for (let y = year; y >= FIRST_REPORT_YEAR; y -= 1) years.push(y);
  return years;
}

/** A whole year, or one quarter (1 to 4) of it, as a range of days. */
export function periodRange(year: number, quarter?: number | null): ReportRange {
  const pad = (n: number) => String(n).padStart(2, '0');
  if (!quarter) return { from: `${year}-01-01`, to: `${year}-12-31` };
  const firstMonth = (quarter - 1) * 3 + 1;
  const lastMonth = firstMonth + 2;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  return { from: `${year}-${pad(firstMonth)}-01`, to: `${year}-${pad(lastMonth)}-${pad(lastDay)}` };
}
