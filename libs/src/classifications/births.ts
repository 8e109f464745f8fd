import type { CaseForm, Infant } from '../api/case-form.js';
import { INFANT_STATUS } from '../enums/neonatal.enum.js';
import { aogRangeWeeks, recordedGestationalAge } from '../derived/gestational-age.js';

/**
 * Births by the WHO definitions (GLOSSARY.md "stillbirth, perinatal and neonatal mortality"; ICD-10
 * volume 2, 5.7): a live birth is a baby born alive, whether or not it died later, so an early or a
 * late neonatal death was a live birth. A stillbirth is a baby born dead; for international comparison
 * only from 28 completed weeks or 1000 g, nationally from the country's own cut-off (a setting), so the
 * raw weight and gestation are kept and the threshold is applied when counting. The perinatal period
 * runs from 22 completed weeks to 7 days after birth; an early neonatal death is in days 0-6, a
 * neonatal death in days 0-27.
 */
export const LIVE_BORN_STATUSES: readonly number[] = [INFANT_STATUS.LIVEBIRTH, INFANT_STATUS.EARLY_NEONATAL_DEATH, INFANT_STATUS.LATE_NEONATAL_DEATH];
export const STILLBIRTH_STATUSES: readonly number[] = [INFANT_STATUS.STILLBIRTH_ANTEPARTAL, INFANT_STATUS.STILLBIRTH_INTRAPARTAL, INFANT_STATUS.STILLBIRTH_UNKNOWN];
export const EARLY_NEONATAL_DEATH_STATUSES: readonly number[] = [INFANT_STATUS.EARLY_NEONATAL_DEATH];
export const NEONATAL_DEATH_STATUSES: readonly number[] = [INFANT_STATUS.EARLY_NEONATAL_DEATH, INFANT_STATUS.LATE_NEONATAL_DEATH];

/** A stillbirth counts from `weeks` completed weeks or `grams` of birth weight (either is enough). */
export interface StillbirthThreshold {
  weeks: number;
  grams: number;
}

/** WHO's definition for international comparison: 28 weeks or 1000 g. */
export const INTERNATIONAL_STILLBIRTH_THRESHOLD: StillbirthThreshold = { weeks: 28, grams: 1000 };

const isIn = (statuses: readonly number[], status: unknown) => typeof status === 'number' && statuses.includes(status);
export const isLiveBorn = (status: unknown): boolean => isIn(LIVE_BORN_STATUSES, status);
export const isStillbirthStatus = (status: unknown): boolean => isIn(STILLBIRTH_STATUSES, status);
export const isEarlyNeonatalDeath = (status: unknown): boolean => isIn(EARLY_NEONATAL_DEATH_STATUSES, status);
export const isNeonatalDeath = (status: unknown): boolean => isIn(NEONATAL_DEATH_STATUSES, status);

/** The completed weeks an infant was born at: one number, or the range of an estimated AOG. */
export interface GestationWeeks {
  min: number;
  /** Null: no upper bound (42 weeks or more). */
  max: number | null;
}

/**
 * An infant's gestation at birth: its pediatric AOG (completed weeks), else the case's AOG at delivery
 * (exact weeks, or the estimated range); null when neither is recorded.
 */
export function infantGestation(infant: Partial<Infant>, form: Partial<CaseForm>): GestationWeeks | null {
  const pediatric = infant.pediatricAge;
  if (typeof pediatric === 'number' && Number.isFinite(pediatric) && pediatric >= 0) {
    const weeks = Math.floor(pediatric);
    return { min: weeks, max: weeks };
  }
  const age = recordedGestationalAge(form.deliveryAOGType, form.deliveryWeeks, form.deliveryAOG);
  if (!age) return null;
  return age.kind === 'exact' ? { min: age.weeks, max: age.weeks } : aogRangeWeeks(age.range);
}

/** One birth as the counts read it: a row of the projection or of a package. */
export interface BirthRecord {
  status: number | null;
  weightGrams: number | null;
  gestation: GestationWeeks | null;
}

export type BirthClass =
  | 'liveBirth'
  | 'stillbirth'
  /** Born dead below the threshold: not a stillbirth by this definition (counted apart). */
  | 'belowThreshold'
  /** Born dead, but neither the weight nor the gestation says which side of the threshold. */
  | 'thresholdUnknown'
  /** No birth outcome recorded. */
  | 'outcomeUnknown';

/**
 * A birth by the definition of `threshold`: a stillbirth when its weight reaches the grams or its
 * gestation the weeks (either is enough); below the threshold when both are known and neither does.
 */
export function classifyBirth(birth: BirthRecord, threshold: StillbirthThreshold): BirthClass {
  if (isLiveBorn(birth.status)) return 'liveBirth';
  if (!isStillbirthStatus(birth.status)) return 'outcomeUnknown';
  const weight = birth.weightGrams;
  const weightMeets = weight === null ? null : weight >= threshold.grams;
  const g = birth.gestation;
  const weeksMeet = g === null ? null : g.min >= threshold.weeks ? true : g.max !== null && g.max < threshold.weeks ? false : null;
  if (weightMeets === true || weeksMeet === true) return 'stillbirth';
  if (weightMeets === false && weeksMeet === false) return 'belowThreshold';
  return 'thresholdUnknown';
}

/** The counts the perinatal and neonatal rates are made of. */
export interface BirthCounts {
  liveBirths: number;
  stillbirths: number;
  earlyNeonatalDeaths: number;
  neonatalDeaths: number;
  /** Born dead below the threshold: in no rate of this definition. */
  belowThreshold: number;
  /** Born dead with neither weight nor gestation to place them: in no rate, shown apart. */
  thresholdUnknown: number;
  /** No birth outcome recorded. */
  outcomeUnknown: number;
}

/** The counts of a list of births (a department's or a nation's rows), each row counted `n` times. */
export function countBirths(births: ReadonlyArray<BirthRecord & { n?: number }>, threshold: StillbirthThreshold): BirthCounts {
  const counts: BirthCounts = { liveBirths: 0, stillbirths: 0, earlyNeonatalDeaths: 0, neonatalDeaths: 0, belowThreshold: 0, thresholdUnknown: 0, outcomeUnknown: 0 };
  for (const birth of births) {
    const n = birth.n ?? 1;
    const kind = classifyBirth(birth, threshold);
    if (kind === 'liveBirth') {
      counts.liveBirths += n;
      if (isEarlyNeonatalDeath(birth.status)) counts.earlyNeonatalDeaths += n;
      if (isNeonatalDeath(birth.status)) counts.neonatalDeaths += n;
    } else if (kind === 'stillbirth') counts.stillbirths += n;
    else if (kind === 'belowThreshold') counts.belowThreshold += n;
    else if (kind === 'thresholdUnknown') counts.thresholdUnknown += n;
    else counts.outcomeUnknown += n;
  }
  return counts;
}
