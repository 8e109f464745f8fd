import type { CaseFactsRow, CaseIndicationRow } from './case-facts.js';

/**
 * The reports' daily rollup (case_facts_rollup): for every counted case, on its counting date, one
 * count per segment of each dimension and per pair of segments of every two dimensions. A report
 * then sums a few hundred rows of its pair over the range instead of reading every case, so a
 * national year answers in milliseconds. Kept by the same writer, in the same transaction, as the
 * facts it is made of.
 */

/** The second dimension of a one-dimension count. */
export const ROLLUP_NONE = '';
/**
 * Rollup-only dimensions: OB or gyne (the OB report's denominators: 'ob' is `isObstetricCase`), and
 * caesarean deliveries (the CS indications' totals).
 */
export const CASE_TYPE_DIMENSION = 'CaseType';
export const CAESAREAN_DIMENSION = 'Caesarean';
/** The Robson group of a woman who gave birth in the department (crossed with Caesarean: the Robson table). */
export const ROBSON_DIMENSION = 'Robson';
/** The WHO ICD-MM group of a maternal death. */
export const ICD_MM_DIMENSION = 'IcdMm';

/** What the rollup needs of a case's facts (a derived set or the stored rows). */
export type RollupSource = Pick<
  CaseFactsRow,
  | 'counted' | 'countingDate' | 'motherConditionSegment' | 'ageSegment' | 'aogSegment' | 'directDeathSegment' | 'deathTimingSegment'
  | 'pregnancyTypeSegment' | 'deliveryMannerSegment' | 'isObstetric' | 'isCaesarean' | 'robsonSegment' | 'icdMmSegment'
> & { indications: ReadonlyArray<Pick<CaseIndicationRow, 'isCaesarean' | 'segment'>> };

export interface RollupKey {
  day: string;
  dimA: string;
  segA: string;
  dimB: string;
  segB: string;
}

/** The segments a case has in each rollup dimension (none when the dimension does not count it). */
export function rollupSegments(source: RollupSource): Array<[string, string[]]> {
  const one = (segment: string | null): string[] => (segment === null ? [] : [segment]);
  return [
    ['MotherCondition', one(source.motherConditionSegment)],
    ['AgeGroup', one(source.ageSegment)],
    ['AOG', one(source.aogSegment)],
    ['DirectMaternalDeath', one(source.directDeathSegment)],
    ['DeathTiming', one(source.deathTimingSegment)],
    ['PregnancyType', one(source.pregnancyTypeSegment)],
    ['deliverymanner', one(source.deliveryMannerSegment)],
    ['csindication', [...new Set(source.indications.filter((i) => i.isCaesarean).map((i) => i.segment))].sort()],
    [CASE_TYPE_DIMENSION, [source.isObstetric ? 'ob' : 'gyne']],
    [CAESAREAN_DIMENSION, source.isCaesarean ? ['yes'] : []],
    [ROBSON_DIMENSION, one(source.robsonSegment)],
    [ICD_MM_DIMENSION, one(source.icdMmSegment)],
  ];
}

/** The rollup counts a case adds one to: none unless the counting rule counts it. */
export function rollupKeys(source: RollupSource): RollupKey[] {
  if (!source.counted || !source.countingDate) return [];
  const day = source.countingDate;
  const dims = rollupSegments(source).filter(([, segments]) => segments.length > 0);
  const keys: RollupKey[] = [];
  for (const [dimA, segmentsA] of dims) {
    for (const segA of segmentsA) {
      keys.push({ day, dimA, segA, dimB: ROLLUP_NONE, segB: ROLLUP_NONE });
      for (const [dimB, segmentsB] of dims) {
        for (const segB of segmentsB) keys.push({ day, dimA, segA, dimB, segB });
      }
    }
  }
  return keys;
}

export function rollupKeyId(key: RollupKey): string {
  return `${key.day}\u0001${key.dimA}\u0001${key.segA}\u0001${key.dimB}\u0001${key.segB}`;
}

/** The changes to the rollup when a case's facts go from `before` to `after` (null: none), in a fixed order. */
export function rollupDelta(before: RollupSource | null, after: RollupSource | null): Array<RollupKey & { n: number }> {
  const delta = new Map<string, RollupKey & { n: number }>();
  const add = (keys: RollupKey[], n: number) => {
    for (const key of keys) {
      const id = rollupKeyId(key);
      const entry = delta.get(id) ?? { ...key, n: 0 };
      entry.n += n;
      delta.set(id, entry);
    }
  };
  if (before) add(rollupKeys(before), -1);
  if (after) add(rollupKeys(after), 1);
  // A fixed order, so two writers lock the same counters in the same order and never deadlock.
  return [...delta.entries()].filter(([, e]) => e.n !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
}
