import type { FieldError } from '../api/common.js';
import type { CaseForm, Infant } from '../api/case-form.js';
import { AOG_DAYS_MAX, AOG_DAYS_MIN, AOG_WEEKS_MAX, AOG_WEEKS_MIN } from '../enums/aog.enum.js';
import { APGAR_MAX, APGAR_MIN } from '../enums/neonatal.enum.js';
import { PREVIOUS_CAESAREANS_MAX } from '../enums/delivery.enum.js';
import { INFANT_COUNT_MAX, INFANT_COUNT_MIN_OTHERS, PREGNANCY_TYPE } from '../enums/pregnancy.enum.js';
import { computeBmi } from '../derived/bmi.js';
import { FIELD_META, fieldMeta } from './field-meta.js';
import { MESSAGES } from './messages.js';

/**
 * Plausibility of the numbers of a case form (issue 14 item 5, SPEC.md §8 and §9), written once and
 * used by the form while typing and by the server on save and close:
 *
 * - `PLAUSIBILITY_LIMITS`: the hard range of every numeric field; a value outside it is impossible
 *   (height 1.55 typed as metres, a weight of 6800 kg) and refuses the save. `describeLimit(field)`
 *   is the text shown next to the field ('100–230 cm').
 * - `checkNumberInput(raw)`: text typed into a number field that is not a number is 'Invalid Value'.
 * - `hardLimitErrors(form)` and `obScoreErrors(form)`: FieldErrors that refuse a save (400 on the server).
 * - `softWarnings(form)`: unusual but possible values (BMI above 60, LB above FT + Pr, a birth
 *   weight far from the gestational age). They never refuse on their own: the user confirms them. The server asks for
 *   the same confirmation: a save that changes a field with a soft warning must list that field in
 *   `confirmedWarnings` (see `unconfirmedWarnings`), otherwise it is a 400 naming the field with the
 *   warning's message and nothing is written. A value confirmed once is not asked again on later saves.
 */

export interface PlausibilityLimit {
  min: number;
  max: number;
  /** Shown after the range ('cm', 'kg', 'g', 'weeks'); '' for a plain count or score. */
  unit: string;
  /** The input's step: 1 for whole numbers. */
  step?: number;
  /** Whole numbers only. */
  integer?: boolean;
}

const OB_SCORE_LIMIT: PlausibilityLimit = { min: 0, max: 30, unit: '', step: 1, integer: true };
const WEEKS_LIMIT: PlausibilityLimit = { min: AOG_WEEKS_MIN, max: AOG_WEEKS_MAX, unit: 'weeks', step: 1, integer: true };
const DAYS_LIMIT: PlausibilityLimit = { min: AOG_DAYS_MIN, max: AOG_DAYS_MAX, unit: 'days', step: 1, integer: true };
const APGAR_LIMIT: PlausibilityLimit = { min: APGAR_MIN, max: APGAR_MAX, unit: '', step: 1, integer: true };

/** The numeric fields of a case form and their hard limits. */
export const CASE_PLAUSIBILITY_LIMITS = {
  age: { min: 0, max: 130, unit: 'years', step: 1, integer: true },
  height: { min: 100, max: 230, unit: 'cm', step: 0.1 },
  weight: { min: 25, max: 300, unit: 'kg', step: 0.1 },
  admissionWeeks: WEEKS_LIMIT,
  admissionDays: DAYS_LIMIT,
  deliveryWeeks: WEEKS_LIMIT,
  deliveryDays: DAYS_LIMIT,
  infantsNumber: { min: 1, max: INFANT_COUNT_MAX, unit: '', step: 1, integer: true },
  previousCaesareans: { min: 0, max: PREVIOUS_CAESAREANS_MAX, unit: '', step: 1, integer: true },
  obscoreG: OB_SCORE_LIMIT,
  obscoreP: OB_SCORE_LIMIT,
  obscoreFT: OB_SCORE_LIMIT,
  obscorePr: OB_SCORE_LIMIT,
  obscoreAb: OB_SCORE_LIMIT,
  obscoreLB: OB_SCORE_LIMIT,
} as const satisfies Partial<Record<keyof CaseForm, PlausibilityLimit>>;

/** The numeric fields of a neonatal record and their hard limits. */
export const INFANT_PLAUSIBILITY_LIMITS = {
  // The newborn's gestational age is the mother's AOG at delivery: whole weeks, within the same limits (issue 27 item 6).
  pediatricAge: WEEKS_LIMIT,
  pediatricWeight: { min: 200, max: 7000, unit: 'g', step: 1 },
  pediatricHeight: { min: 20, max: 70, unit: 'cm', step: 0.1 },
  apgar1m: APGAR_LIMIT,
  apgar5m: APGAR_LIMIT,
} as const satisfies Partial<Record<keyof Infant, PlausibilityLimit>>;

export type CaseLimitField = keyof typeof CASE_PLAUSIBILITY_LIMITS;
export type InfantLimitField = keyof typeof INFANT_PLAUSIBILITY_LIMITS;

/**
 * Every limit, keyed as the form names its fields: case fields by name, infant fields as
 * `neonatal[].field`. The infants-number input (shown for 'Others') has its own key, `infantsNumberInput`: 6 to 20.
 */
export const PLAUSIBILITY_LIMITS: Readonly<Record<string, PlausibilityLimit>> = {
  ...CASE_PLAUSIBILITY_LIMITS,
  infantsNumberInput: { min: INFANT_COUNT_MIN_OTHERS, max: INFANT_COUNT_MAX, unit: '', step: 1, integer: true },
  ...Object.fromEntries(Object.entries(INFANT_PLAUSIBILITY_LIMITS).map(([field, limit]) => [`neonatal[].${field}`, limit])),
};

/** BMI above this asks for confirmation (it cannot be absurd: height and weight are bounded). */
export const BMI_WARNING_ABOVE = 60;

const INFANT_PATH = /^neonatal\[\d*\]\.(\w+)$/;

/** The limit of a field path ('height', 'neonatal[2].pediatricWeight', 'neonatal[].apgar1m'), if it has one. */
export function limitOf(field: string): PlausibilityLimit | undefined {
  const infant = INFANT_PATH.exec(field);
  return PLAUSIBILITY_LIMITS[infant ? `neonatal[].${infant[1]}` : field];
}

/** The range shown next to a field: '100–230 cm', '0–10'; '' when the field has no limit. */
export function describeLimit(field: string): string {
  const limit = limitOf(field);
  if (!limit) return '';
  const range = `${limit.min}–${limit.max}`;
  return limit.unit ? `${range} ${limit.unit}` : range;
}

/** The message of a value outside its limit, naming the field by its label (which carries the unit: 'Height (cm)'). */
export function limitMessage(label: string, limit: Pick<PlausibilityLimit, 'min' | 'max'>): string {
  return `${label} must be between ${limit.min} and ${limit.max}`;
}

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * What a number field holds once typed: `null` when blank, the number, or `undefined` for text
 * that is not a number ('6o.5', '1,5', '12abc').
 */
export function parseNumberInput(raw: string): number | null | undefined {
  const text = raw.trim();
  if (text === '') return null;
  if (!NUMBER_TEXT.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** SPEC.md §8: text typed into a number field that is not a number is 'Invalid Value'; blank or a number is fine. */
export function checkNumberInput(raw: string): string | null {
  return parseNumberInput(raw) === undefined ? MESSAGES.invalidValue : null;
}

/**
 * The message for one value against one field's limit, or null when it is within it (or empty).
 * Text that is not a number is 'Invalid Value'.
 */
export function checkLimit(field: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const limit = limitOf(field);
  if (!limit) return null;
  const infant = INFANT_PATH.exec(field);
  const label = (infant ? FIELD_META[`neonatal[].${infant[1]}`]?.label : undefined) ?? fieldMeta(field).label;
  if (typeof value !== 'number' || !Number.isFinite(value)) return MESSAGES.invalidValue;
  if (limit.integer && !Number.isInteger(value)) return `${label} must be a whole number`;
  if (value < limit.min || value > limit.max) return limitMessage(label, limit);
  return null;
}

type FormLike = Partial<CaseForm> | null | undefined;

function fieldError(field: string, message: string): FieldError {
  const meta = fieldMeta(field);
  return { field, label: meta.label, section: meta.section, message };
}

function infantsOf(form: FormLike): Array<Partial<Infant>> {
  const list: unknown = form?.neonatal;
  return Array.isArray(list) ? list.map((item: unknown) => (typeof item === 'object' && item !== null ? (item as Partial<Infant>) : {})) : [];
}

/** Every value outside its hard limit: these refuse a save, on the form and on the server. */
export function hardLimitErrors(form: FormLike): FieldError[] {
  const errors: FieldError[] = [];
  const values = (form ?? {}) as Record<string, unknown>;
  for (const field of Object.keys(CASE_PLAUSIBILITY_LIMITS)) {
    const message = checkLimit(field, values[field]);
    if (message) errors.push(fieldError(field, message));
  }
  infantsOf(form).forEach((infant, index) => {
    for (const field of Object.keys(INFANT_PLAUSIBILITY_LIMITS) as InfantLimitField[]) {
      const path = `neonatal[${index}].${field}`;
      const message = checkLimit(path, infant[field]);
      if (message) errors.push(fieldError(path, message));
    }
  });
  return errors;
}

const whole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The extra live births a multiple pregnancy of this case adds to LB beyond its one delivery
 * (twins: 1). Multiple births of earlier pregnancies are not recorded on the form.
 */
export function multipleBirthAllowance(form: FormLike): number {
  if (form?.pregnancyType !== PREGNANCY_TYPE.MULTIPLE) return 0;
  const infants = whole(form.infantsNumber) ? form.infantsNumber : 2;
  return Math.max(infants - 1, 1);
}

interface LiveBirthCheck {
  lb: number;
  /** FT + Pr plus the extra infants of this case's multiple pregnancy: what LB usually is at most. */
  expected: number;
  extra: number;
  /** Every birth bearing the most infants a delivery can have: LB above it is impossible. */
  most: number;
}

/** The numbers LB is checked against, once LB, FT and Pr are given and within their limits. */
function liveBirthCheck(form: FormLike): LiveBirthCheck | null {
  const { obscoreFT: ft, obscorePr: pr, obscoreLB: lb } = form ?? {};
  if (!inLimits('obscoreLB', lb) || !inLimits('obscoreFT', ft) || !inLimits('obscorePr', pr)) return null;
  const extra = multipleBirthAllowance(form);
  return { lb, expected: ft + pr + extra, extra, most: (ft + pr) * INFANT_COUNT_MAX + extra };
}

function inLimits(field: CaseLimitField, value: unknown): value is number {
  return whole(value) && checkLimit(field, value) === null;
}

/**
 * OB score consistency (issue 14 item 5): P (parity) equals FT + Pr; G (gravidity) is at least
 * P + Ab; LB (living children) cannot be more than FT + Pr births could bear. LB above FT + Pr
 * plus this case's multiple birth is possible only after an earlier multiple birth, which the form
 * does not record: that is a soft warning (`softWarnings`), not an error. A rule is only checked
 * when all its numbers are given and within their limits.
 */
export function obScoreErrors(form: FormLike): FieldError[] {
  const errors: FieldError[] = [];
  const { obscoreG: g, obscoreP: p, obscoreFT: ft, obscorePr: pr, obscoreAb: ab } = form ?? {};
  if (inLimits('obscoreP', p) && inLimits('obscoreFT', ft) && inLimits('obscorePr', pr) && p !== ft + pr) {
    errors.push(fieldError('obscoreP', `P must equal FT + Pr (${ft} + ${pr} = ${ft + pr})`));
  }
  if (inLimits('obscoreG', g) && inLimits('obscoreP', p) && inLimits('obscoreAb', ab) && g < p + ab) {
    errors.push(fieldError('obscoreG', `G must be at least P + Ab (${p} + ${ab} = ${p + ab})`));
  }
  const live = liveBirthCheck(form);
  if (live && live.lb > live.most) {
    errors.push(fieldError('obscoreLB', `LB cannot be more than ${live.most}: FT + Pr births bear at most ${INFANT_COUNT_MAX} infants each`));
  }
  return errors;
}

/** Every error that refuses a save on plausibility grounds: hard limits, then the OB score. */
export function plausibilityErrors(form: FormLike): FieldError[] {
  return [...hardLimitErrors(form), ...obScoreErrors(form)];
}

/** An unusual but possible value: the user confirms it before it is saved. */
export interface PlausibilityWarning {
  field: string;
  label: string;
  section: string;
  message: string;
}

/**
 * Median birth weight (grams) by completed week of gestation, 22 to 42 (rounded from the
 * Fenton 2013 and INTERGROWTH-21st references, both sexes).
 */
const MEDIAN_BIRTH_WEIGHT_G: Readonly<Record<number, number>> = {
  22: 500, 23: 580, 24: 660, 25: 760, 26: 870, 27: 990, 28: 1120, 29: 1260, 30: 1400, 31: 1580, 32: 1750,
  33: 1950, 34: 2150, 35: 2380, 36: 2600, 37: 2850, 38: 3080, 39: 3250, 40: 3400, 41: 3520, 42: 3600,
};
/** A newborn's gestational age more than this from the delivery AOG asks for confirmation. */
export const NEWBORN_AOG_TOLERANCE_WEEKS = 1;
/** Far from the age of gestation: below half or above 1.6 times the median for the week. */
export const BIRTH_WEIGHT_LOW_RATIO = 0.5;
export const BIRTH_WEIGHT_HIGH_RATIO = 1.6;

/**
 * The birth weights (g) that are not far from a gestational age in weeks. Before 22 weeks no baby
 * weighs more than the 22-week high (a 3,200 g baby at 1 week is a mistyped age): 0 to that high.
 */
export function expectedBirthWeightRange(weeks: number): { low: number; high: number } | null {
  if (!Number.isFinite(weeks) || weeks < 0) return null;
  if (weeks < 22) return { low: 0, high: Math.round(MEDIAN_BIRTH_WEIGHT_G[22] * BIRTH_WEIGHT_HIGH_RATIO) };
  const median = MEDIAN_BIRTH_WEIGHT_G[Math.min(Math.floor(weeks), 42)];
  if (median === undefined) return null;
  return { low: Math.round(median * BIRTH_WEIGHT_LOW_RATIO), high: Math.round(median * BIRTH_WEIGHT_HIGH_RATIO) };
}

/**
 * Unusual but possible values that ask for confirmation: BMI above 60; LB above FT + Pr (possible
 * after an earlier multiple birth); a newborn's gestational age more than a week from the delivery
 * AOG; an infant's birth weight far from its gestational age (the pediatric age, else the delivery
 * AOG in weeks; before 22 weeks, anything above 800 g).
 */
export function softWarnings(form: FormLike): PlausibilityWarning[] {
  const warnings: PlausibilityWarning[] = [];
  const warn = (field: string, message: string) => {
    const meta = fieldMeta(field);
    warnings.push({ field, label: meta.label, section: meta.section, message });
  };
  const inLimit = (field: string, value: unknown): value is number =>
    typeof value === 'number' && Number.isFinite(value) && checkLimit(field, value) === null;
  if (inLimit('weight', form?.weight) && inLimit('height', form?.height)) {
    const bmi = computeBmi(form.weight, form.height);
    if (bmi !== null && bmi > BMI_WARNING_ABOVE) {
      warn('bmi', `BMI ${bmi} is above ${BMI_WARNING_ABOVE}: check the weight (kg) and height (cm), or confirm`);
    }
  }
  const live = liveBirthCheck(form);
  if (live && live.lb > live.expected && live.lb <= live.most) {
    const plus = live.extra > 0 ? ` plus ${live.extra} of this multiple birth` : '';
    warn('obscoreLB', `LB ${live.lb} is more than FT + Pr${plus} (${live.expected}): confirm only if earlier births were twins or more`);
  }
  infantsOf(form).forEach((infant, index) => {
    const agePath = `neonatal[${index}].pediatricAge`;
    if (inLimit(agePath, infant.pediatricAge) && inLimit('deliveryWeeks', form?.deliveryWeeks)
      && Math.abs(infant.pediatricAge - form.deliveryWeeks) > NEWBORN_AOG_TOLERANCE_WEEKS) {
      warn(agePath, `The newborn's gestational age (${infant.pediatricAge} weeks) is not the delivery AOG (${form.deliveryWeeks} weeks): `
        + 'a baby is born at the age of gestation of the delivery; check it, or confirm');
    }
    const weightPath = `neonatal[${index}].pediatricWeight`;
    if (!inLimit(weightPath, infant.pediatricWeight)) return;
    const weeks = inLimit(`neonatal[${index}].pediatricAge`, infant.pediatricAge)
      ? infant.pediatricAge
      : inLimit('deliveryWeeks', form?.deliveryWeeks) ? form.deliveryWeeks : null;
    const range = weeks === null ? null : expectedBirthWeightRange(weeks);
    if (!range) return;
    if (infant.pediatricWeight < range.low || infant.pediatricWeight > range.high) {
      warn(weightPath, `A birth weight of ${infant.pediatricWeight} g is far from ${Math.floor(weeks as number)} weeks of gestation `
        + `(usually ${range.low}–${range.high} g): check it, or confirm`);
    }
  });
  return warnings;
}

/**
 * The soft warnings the user has not confirmed, for a save from `before` to `after`: a warning
 * needs confirmation when its field's value changed in this save (a value confirmed once is not
 * asked again) and the field is not in `confirmed`. BMI counts as changed when weight or height did.
 */
export function unconfirmedWarnings(
  before: FormLike,
  after: FormLike,
  confirmed: readonly string[] = [],
): PlausibilityWarning[] {
  const accepted = new Set(confirmed);
  const previous = new Set(softWarnings(before).map((w) => `${w.field}\u0000${w.message}`));
  return softWarnings(after).filter((w) => !accepted.has(w.field) && !previous.has(`${w.field}\u0000${w.message}`));
}
