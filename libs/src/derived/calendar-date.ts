/**
 * Calendar dates travel as 'YYYY-MM-DD' (full ISO instants are accepted and cut to their UTC
 * date). Every rule works on UTC midnights so the server and the browser agree whatever their
 * time zone.
 */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** UTC midnight of a calendar date, or null when the value is not a real date. */
export function parseCalendarDate(value: unknown): number | null {
  if (value instanceof Date) {
    const t = value.getTime();
    return Number.isFinite(t) ? Date.UTC(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate()) : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const m = DATE_ONLY.exec(text.length > 10 && text[10] === 'T' ? text.slice(0, 10) : text);
  if (!m) return null;
  if (text.length > 10 && !Number.isFinite(Date.parse(text))) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t;
}

/** 'YYYY-MM-DD' of a UTC midnight. */
export function formatCalendarDate(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

/** Today as 'YYYY-MM-DD' in UTC: for callers at the edge (the server, the form), never inside a rule. */
export function calendarDateOf(instant: Date): string {
  return formatCalendarDate(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
}

export function daysBetween(fromUtc: number, toUtc: number): number {
  return Math.round((toUtc - fromUtc) / MS_PER_DAY);
}
