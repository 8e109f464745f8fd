import { AOG_TYPE } from '../enums/aog.enum.js';

/**
 * SPEC.md §5 "Gestational age group from weeks": 12 or less gives 1, 13-20 gives 2, 21-27 gives 3,
 * 28-32 gives 4, 33-36 gives 5, 37-41 gives 6, 42 or more gives 7 (the AOG ranges of §3).
 * Weeks count completed weeks, so a fraction is dropped.
 */
export const GESTATIONAL_AGE_GROUP_UPPER_WEEKS: readonly number[] = [12, 20, 27, 32, 36, 41];

export function gestationalAgeGroup(weeks: unknown): number | null {
  if (typeof weeks !== 'number' || !Number.isFinite(weeks) || weeks < 0) return null;
  const completed = Math.floor(weeks);
  const index = GESTATIONAL_AGE_GROUP_UPPER_WEEKS.findIndex((upper) => completed <= upper);
  return index === -1 ? 7 : index + 1;
}

/**
 * The weeks an AOG range (AOG_RANGES id 1-7) spans, from GESTATIONAL_AGE_GROUP_UPPER_WEEKS: 1 is 0-12,
 * 2 is 13-20, ... 6 is 37-41, 7 is 42 or more (`max` null). Null for an id that is no range.
 */
export function aogRangeWeeks(range: unknown): { min: number; max: number | null } | null {
  if (typeof range !== 'number' || !Number.isInteger(range) || range < 1 || range > GESTATIONAL_AGE_GROUP_UPPER_WEEKS.length + 1) return null;
  const min = range === 1 ? 0 : GESTATIONAL_AGE_GROUP_UPPER_WEEKS[range - 2] + 1;
  const max = range <= GESTATIONAL_AGE_GROUP_UPPER_WEEKS.length ? GESTATIONAL_AGE_GROUP_UPPER_WEEKS[range - 1] : null;
  return { min, max };
}

/**
 * What a case says of a gestational age: exact completed weeks, or an estimated range
 * (GLOSSARY "AOG": "Exact" from a known LMP or an early ultrasound, "Estimated" is a range).
 */
export type GestationalAge = { kind: 'exact'; weeks: number } | { kind: 'estimated'; range: number };

/**
 * The gestational age one AOG block records (admission or delivery): the completed weeks when the
 * type is exact and the weeks are given, the chosen range when it is estimated; else null.
 */
export function recordedGestationalAge(aogType: unknown, weeks: unknown, range: unknown): GestationalAge | null {
  if (aogType === AOG_TYPE.EXACT) {
    return typeof weeks === 'number' && Number.isFinite(weeks) && weeks >= 0 ? { kind: 'exact', weeks: Math.floor(weeks) } : null;
  }
  if (aogType === AOG_TYPE.ESTIMATED) return aogRangeWeeks(range) ? { kind: 'estimated', range: range as number } : null;
  return null;
}

/**
 * SPEC.md §4: changing AOG type or weeks recomputes the estimated AOG. With an exact AOG the
 * range follows the weeks; with an estimated one the range is the clinician's choice and is kept.
 */
export function estimatedAog(aogType: unknown, weeks: unknown, chosen: number | null): number | null {
  if (aogType === AOG_TYPE.EXACT) return gestationalAgeGroup(weeks);
  return chosen;
}
