import { CS_INDICATIONS } from '../lookups/lists/delivery-indications.list.js';
import { MOTHER_CONDITIONS } from '../enums/discharge.enum.js';
import { aogRangeWeeks } from '../derived/gestational-age.js';

/**
 * Report groupings of SPEC.md §9 as data: the services build their GROUP BY CASE expressions
 * from these same numbers, and the pure functions below group in memory with them.
 */

/** A group of a numeric value, bounds inclusive; null means unbounded. */
export interface RangeGroup {
  key: string;
  label: string;
  min: number | null;
  max: number | null;
}

/** A group of stored ids. */
export interface IdGroup {
  key: string;
  label: string;
  ids: readonly number[];
}

/** SPEC.md §9: mortality age groups under 20, 20-34, 35 and above (age at admission in whole years). */
export const MORTALITY_AGE_GROUPS: readonly RangeGroup[] = [
  { key: 'under20', label: 'Under 20', min: null, max: 19 },
  { key: '20to34', label: '20-34', min: 20, max: 34 },
  { key: '35andAbove', label: '35 and above', min: 35, max: null },
];

/**
 * SPEC.md §9: AOG groups under 28, 28-32, 33-37, 38-42 weeks (completed weeks). A pregnancy past
 * 42 weeks falls in none of the spec's groups and is counted under N/A.
 */
export const AOG_REPORT_GROUPS: readonly RangeGroup[] = [
  { key: 'under28', label: 'Under 28 weeks', min: null, max: 27 },
  { key: '28to32', label: '28-32 weeks', min: 28, max: 32 },
  { key: '33to37', label: '33-37 weeks', min: 33, max: 37 },
  { key: '38to42', label: '38-42 weeks', min: 38, max: 42 },
];

/**
 * The AOG segment of a case whose age of gestation was estimated as a range that falls across two
 * report groups (37-41 weeks: 37 is in 33-37, 38-41 in 38-42; 42 or more: 42 is in 38-42, past it in
 * none). Such a case is counted here, never dropped and never guessed into one group (issue 25 item 5).
 */
export const AOG_ESTIMATED_SPANS_GROUP: RangeGroup = { key: 'estimatedSpans', label: 'Estimated, spans groups', min: null, max: null };

/**
 * The AOG report group of an estimated range (AOG_RANGES id): the one group that holds every week of
 * the range, else 'estimatedSpans'. So <=12, 13-20 and 21-27 weeks are under 28, 28-32 is 28-32, 33-36
 * is 33-37, and 37-41 and >=42 span groups. Null for an id that is no range.
 */
export function aogReportGroupOfRange(range: unknown): string | null {
  const weeks = aogRangeWeeks(range);
  if (!weeks) return null;
  const holding = AOG_REPORT_GROUPS.find((g) => (g.min === null || weeks.min >= g.min)
    && (g.max === null || (weeks.max !== null && weeks.max <= g.max)));
  return holding?.key ?? AOG_ESTIMATED_SPANS_GROUP.key;
}

/** SPEC.md §9 direct death groups, by antecedentType of a Direct antecedent (maternalDeathCauses 11-16). */
export const DIRECT_DEATH_GROUPS: readonly IdGroup[] = [
  { key: 'hemorrhage', label: 'Hemorrhage', ids: [11] },
  { key: 'hypertension', label: 'Hypertension', ids: [12] },
  { key: 'infection', label: 'Infection', ids: [13] },
  { key: 'vascularAccidents', label: 'Vascular Accidents', ids: [14] },
  { key: 'anesthesia', label: 'Anesthesia', ids: [15] },
  { key: 'others', label: 'Others', ids: [16] },
];

/** SPEC.md §9 timing groups, by deathTiming (TIMINGS 1-4; 5 N/A is in none). */
export const TIMING_GROUPS: readonly IdGroup[] = [
  { key: 'antepartal', label: 'Antepartal', ids: [1] },
  { key: 'intrapartal', label: 'Intrapartal', ids: [2] },
  { key: 'postpartum', label: 'Postpartum', ids: [3] },
  { key: 'puerperal', label: 'Puerperal', ids: [4] },
];

/** SPEC.md §9 pregnancy-type groups, by pregnancyType. */
export const PREGNANCY_TYPE_GROUPS: readonly IdGroup[] = [
  { key: 'singleton', label: 'Singleton', ids: [1] },
  { key: 'multiple', label: 'Multiple', ids: [2] },
  { key: 'miscarriage', label: 'Miscarriage', ids: [3] },
  { key: 'ectopic', label: 'Ectopic', ids: [4] },
  { key: 'molar', label: 'Molar', ids: [5] },
];

/**
 * SPEC.md §9 delivery manner groups, by deliveryManner. VBAC manners join their vaginal group and
 * caesarean hysterectomy the caesareans. Breech extraction by version and destructive operations
 * are in none of the spec's five groups: they get their own Others group rather than vanish.
 */
export const DELIVERY_MANNER_GROUPS: readonly IdGroup[] = [
  { key: 'caesarean', label: 'Caesarean Section', ids: [1, 16] },
  { key: 'spontaneousCephalic', label: 'Spontaneous Cephalic', ids: [2, 10] },
  { key: 'spontaneousBreech', label: 'Spontaneous Breech', ids: [3] },
  { key: 'partialBreechExtraction', label: 'Partial Breech Extraction', ids: [4] },
  { key: 'assistedVaginal', label: 'Assisted Vaginal Delivery (Forceps, Vacuum)', ids: [5, 6, 11, 12] },
  { key: 'others', label: 'Others', ids: [7, 8, 9] },
];

/** The CS indication groups: one per indication of the csIndications list. */
export const CS_INDICATION_GROUPS: readonly IdGroup[] = CS_INDICATIONS.map((e) => ({
  key: String(e.id), label: e.name, ids: [e.id],
}));

export const MOTHER_CONDITION_GROUPS: readonly IdGroup[] = MOTHER_CONDITIONS.map((e) => ({
  key: String(e.id), label: e.label, ids: [e.id],
}));

/** The key of the range group holding `value`, or null. */
export function rangeGroupOf(groups: readonly RangeGroup[], value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const group = groups.find((g) => (g.min === null || value >= g.min) && (g.max === null || value <= g.max));
  return group?.key ?? null;
}

/** The key of the id group holding `value`, or null. */
export function idGroupOf(groups: readonly IdGroup[], value: unknown): string | null {
  if (typeof value !== 'number') return null;
  return groups.find((g) => g.ids.includes(value))?.key ?? null;
}

export const mortalityAgeGroup = (age: unknown) => rangeGroupOf(MORTALITY_AGE_GROUPS, age);
export const aogReportGroup = (weeks: unknown) => rangeGroupOf(AOG_REPORT_GROUPS, weeks === null || weeks === undefined ? weeks : Math.floor(Number(weeks)));
export const directDeathGroup = (antecedentType: unknown) => idGroupOf(DIRECT_DEATH_GROUPS, antecedentType);
export const timingGroup = (deathTiming: unknown) => idGroupOf(TIMING_GROUPS, deathTiming);
export const pregnancyTypeGroup = (pregnancyType: unknown) => idGroupOf(PREGNANCY_TYPE_GROUPS, pregnancyType);
export const deliveryMannerGroup = (manner: unknown) => idGroupOf(DELIVERY_MANNER_GROUPS, manner);
