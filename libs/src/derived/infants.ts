import { INFANT_COUNT_MAX, PREGNANCY_TYPE } from '../enums/pregnancy.enum.js';

/**
 * SPEC.md §4: pregnancy type 1 sets infants to 1, otherwise 2. A multiple pregnancy keeps a count
 * already chosen above 2 (Three to Five, or 6-20 through the number input).
 */
export function infantsNumberFor(pregnancyType: unknown, current: unknown): number | null {
  if (pregnancyType === PREGNANCY_TYPE.SINGLETON) return 1;
  if (pregnancyType === PREGNANCY_TYPE.MULTIPLE) {
    return typeof current === 'number' && Number.isInteger(current) && current >= 2 ? current : 2;
  }
  return null;
}

/** How many neonatal records the form keeps for an infant count: never more than the 20 the input allows. */
export function neonatalRecordCount(infantsNumber: unknown): number {
  if (typeof infantsNumber !== 'number' || !Number.isFinite(infantsNumber) || infantsNumber < 1) return 0;
  return Math.min(Math.floor(infantsNumber), INFANT_COUNT_MAX);
}
