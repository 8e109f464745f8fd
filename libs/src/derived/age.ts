import { daysBetween, parseCalendarDate } from './calendar-date.js';

/** SPEC.md §9: age is whole years from birthDate, 365.25 days per year. */
export const DAYS_PER_YEAR = 365.25;
/** SPEC.md §9: pediatric means age under 19. */
export const PEDIATRIC_AGE_LIMIT = 19;
/** SPEC.md §5: with no birth date, age is taken as 100. */
export const AGE_WHEN_NO_BIRTH_DATE = 100;

/** Whole years from `birthDate` to `at`; null when either date is missing or invalid, or `at` precedes birth. */
export function ageInYears(birthDate: unknown, at: unknown): number | null {
  const birth = parseCalendarDate(birthDate);
  const when = parseCalendarDate(at);
  if (birth === null || when === null) return null;
  const days = daysBetween(birth, when);
  if (days < 0) return null;
  return Math.floor(days / DAYS_PER_YEAR);
}

/** SPEC.md §4: changing admission date recomputes age at admission. */
export function ageAtAdmission(birthDate: unknown, admissionDate: unknown): number | null {
  return ageInYears(birthDate, admissionDate);
}

/** The age the pediatric rule uses: 100 when there is no usable birth date (SPEC.md §5). */
export function pediatricRuleAge(birthDate: unknown, today: string): number {
  return ageInYears(birthDate, today) ?? AGE_WHEN_NO_BIRTH_DATE;
}

/** SPEC.md §5, §9: a patient under 19 is pediatric. */
export function isPediatric(birthDate: unknown, today: string): boolean {
  return pediatricRuleAge(birthDate, today) < PEDIATRIC_AGE_LIMIT;
}
