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
 * SPEC.md §4: changing AOG type or weeks recomputes the estimated AOG. With an exact AOG the
 * range follows the weeks; with an estimated one the range is the clinician's choice and is kept.
 */
export function estimatedAog(aogType: unknown, weeks: unknown, chosen: number | null): number | null {
  if (aogType === AOG_TYPE.EXACT) return gestationalAgeGroup(weeks);
  return chosen;
}
