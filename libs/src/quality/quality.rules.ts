import type { CaseForm, Infant } from '../api/case-form.js';
import { OTHER_CODES } from '../enums/choices.enum.js';
import { CAESAREAN_DETAIL_MANNERS } from '../enums/delivery.enum.js';
import { INFANT_STATUS } from '../enums/neonatal.enum.js';
import { daysBetween, parseCalendarDate } from '../derived/calendar-date.js';
import { neonatalRecordCount } from '../derived/infants.js';
import { isRobsonPopulation, robsonGroup } from '../classifications/robson.js';
import {
  isDeliverySectionShown, isExactAog, isMaternalDeath, isNeonatalShown, isPostpartumVariant,
  isPregnant, isSecondTwinShown,
} from '../rules/case-visibility.rules.js';
import { isFieldShown, isInfantFieldShown } from '../rules/field-visibility.rules.js';
import { validateCloseCase } from '../validation/close-case.validation.js';
import { fieldMeta, FIELD_META, type CaseSection } from '../validation/field-meta.js';
import { plausibilityErrors, softWarnings } from '../validation/plausibility.js';

/**
 * The data-quality review (issue 31): every rule a closed case is measured by before it leaves in a
 * census package, written once and run by the server on every case write (the stored result the
 * Data Quality view counts) and by the front end beside Approve.
 *
 * - Hard errors are the close-case check itself (`validateCloseCase`, with the plausibility errors a
 *   close refuses): a case closed before a rule existed can still fail it.
 * - Warnings are the soft plausibility limits (`softWarnings`, confirmed or not), the answers that
 *   disagree across sections, the Robson answers the classification needs ('Not classifiable'), and
 *   answers left at 'Others' without their free text or at an 'unknown' choice.
 *
 * Beyond SPEC.md: the spec has no data-quality review; the rules below are ours.
 */

export type QualitySeverity = 'error' | 'warning';

export interface QualityRule {
  id: string;
  severity: QualitySeverity;
  /** The rule in words, as the Data Quality view lists it. */
  title: string;
}

/** Every rule, in the order the view lists them. */
export const QUALITY_RULES = [
  { id: 'close-rules', severity: 'error', title: 'Fails the close-case rules' },
  { id: 'bmi-high', severity: 'warning', title: 'BMI above 60' },
  { id: 'live-births-above-deliveries', severity: 'warning', title: 'LB above FT + Pr' },
  { id: 'newborn-age-not-delivery-aog', severity: 'warning', title: "Newborn's gestational age is not the delivery AOG" },
  { id: 'birth-weight-for-age', severity: 'warning', title: 'Birth weight far from the gestational age' },
  { id: 'ob-score-current-pregnancy', severity: 'warning', title: 'OB score G does not count the current pregnancy' },
  { id: 'ob-score-previous-caesareans', severity: 'warning', title: 'OB score P below the previous caesarean sections' },
  { id: 'aog-dates-disagree', severity: 'warning', title: 'AOG on admission and on delivery disagree with the dates' },
  { id: 'caesarean-without-indication', severity: 'warning', title: 'Caesarean section without an indication' },
  { id: 'death-without-cause', severity: 'warning', title: 'Death without a cause' },
  { id: 'robson-not-classifiable', severity: 'warning', title: 'Robson group not classifiable: answers missing' },
  { id: 'others-without-text', severity: 'warning', title: "'Others' chosen without the free text" },
  { id: 'unknown-answer', severity: 'warning', title: "Answer left at 'unknown'" },
] as const satisfies readonly QualityRule[];

export type QualityRuleId = (typeof QUALITY_RULES)[number]['id'];

/** The words of a rule id ('Death without a cause'), as the Data Quality view and the approval refusal name it; the id itself when unknown. */
export function qualityRuleTitle(id: string): string {
  return QUALITY_RULES.find((r) => r.id === id)?.title ?? id;
}

/** One rule failing on one field of one case. */
export interface QualityFinding {
  rule: QualityRuleId;
  field: string;
  label: string;
  section: CaseSection;
  message: string;
}

export interface QualityOptions {
  /** Today as 'YYYY-MM-DD', injected (a rule never reads the clock). */
  today: string;
}

/** How far apart (days) the AOG on delivery may be from the AOG on admission plus the days between the dates. */
export const AOG_DATES_TOLERANCE_DAYS = 7;
/** The indication and condition id that means 'Others' in the lookup lists. */
const OTHERS_ID = 999999;

type Form = Partial<CaseForm>;

const finding = (rule: QualityRuleId, field: string, message: string): QualityFinding => {
  const meta = fieldMeta(field);
  return { rule, field, label: meta.label, section: meta.section, message };
};
const whole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const blank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';
/**
 * The infants the case records: as many as its infant count asks for (a record past it, as a stored
 * form of a singleton may keep of a second twin, is not the case's), none when the form shows none.
 */
const infantsOf = (form: Form): Array<Partial<Infant>> =>
  isNeonatalShown(form) && Array.isArray(form.neonatal)
    ? form.neonatal.slice(0, neonatalRecordCount(form.infantsNumber)).map((i) => (typeof i === 'object' && i !== null ? i : {}))
    : [];

/** The close-case check, as findings: the hard errors. */
export function closeRuleFindings(form: Form, options: QualityOptions): QualityFinding[] {
  const seen = new Set<string>();
  return [...plausibilityErrors(form), ...validateCloseCase(form, { today: options.today })]
    .filter((e) => (seen.has(e.field) ? false : (seen.add(e.field), true)))
    .map((e) => finding('close-rules', e.field, e.message));
}

const SOFT_RULE_OF_FIELD: ReadonlyArray<[RegExp, QualityRuleId]> = [
  [/^bmi$/, 'bmi-high'],
  [/^obscoreLB$/, 'live-births-above-deliveries'],
  [/^neonatal\[\d+\]\.pediatricAge$/, 'newborn-age-not-delivery-aog'],
  [/^neonatal\[\d+\]\.pediatricWeight$/, 'birth-weight-for-age'],
];

/** The soft plausibility warnings (`softWarnings`), each under its rule. */
export function softWarningFindings(form: Form): QualityFinding[] {
  return softWarnings(form).flatMap((w) => {
    const rule = SOFT_RULE_OF_FIELD.find(([pattern]) => pattern.test(w.field))?.[1];
    return rule ? [finding(rule, w.field, w.message)] : [];
  });
}

/** The OB score against the current pregnancy and the previous caesarean sections of the Delivery section. */
export function obScoreFindings(form: Form): QualityFinding[] {
  const found: QualityFinding[] = [];
  const { obscoreG: g, obscoreP: p, obscoreAb: ab } = form;
  if (isPregnant(form) && whole(g) && whole(p) && whole(ab) && g < p + ab + 1) {
    found.push(finding('ob-score-current-pregnancy', 'obscoreG',
      `G ${g} does not count the current pregnancy: a pregnant woman's G is at least P + Ab + 1 (${p + ab + 1})`));
  }
  if (isDeliverySectionShown(form) && whole(p) && whole(form.previousCaesareans) && p < form.previousCaesareans) {
    found.push(finding('ob-score-previous-caesareans', 'obscoreP',
      `P ${p} is below the ${form.previousCaesareans} previous caesarean sections recorded on delivery: each was a birth`));
  }
  return found;
}

/** The AOG on delivery should be the AOG on admission plus the days from admission to delivery. */
export function aogDateFindings(form: Form): QualityFinding[] {
  if (!isDeliverySectionShown(form) || isPostpartumVariant(form)) return [];
  if (!isExactAog(form.admissionAOGType) || !isExactAog(form.deliveryAOGType)) return [];
  const { admissionWeeks: aw, admissionDays: ad, deliveryWeeks: dw, deliveryDays: dd } = form;
  const admitted = parseCalendarDate(form.admissionDate);
  const delivered = parseCalendarDate(form.deliveryDate);
  if (!whole(aw) || !whole(ad) || !whole(dw) || !whole(dd) || admitted === null || delivered === null) return [];
  const between = daysBetween(admitted, delivered);
  const expected = aw * 7 + ad + between;
  const recorded = dw * 7 + dd;
  if (Math.abs(recorded - expected) <= AOG_DATES_TOLERANCE_DAYS) return [];
  const weeks = (days: number) => `${Math.floor(days / 7)}w ${days % 7}d`;
  const message = between < 0
    ? `The delivery date is ${-between} days before the admission date`
    : `AOG on admission ${weeks(aw * 7 + ad)} plus ${between} days to delivery is ${weeks(Math.max(expected, 0))}, but AOG on delivery is ${weeks(recorded)}`;
  return [finding('aog-dates-disagree', 'deliveryWeeks', message)];
}

/**
 * The second twin's caesarean section recorded without an indication. The first infant's is a close
 * rule (`validateCloseCase` asks for `deliveryIndication`), counted once, as its hard error.
 */
export function caesareanIndicationFindings(form: Form): QualityFinding[] {
  if (!isDeliverySectionShown(form) || !isSecondTwinShown(form)) return [];
  const manner = form.deliveryManner2;
  const list: unknown = form.deliveryIndication2;
  if (typeof manner === 'number' && CAESAREAN_DETAIL_MANNERS.includes(manner) && (!Array.isArray(list) || list.length === 0)) {
    return [finding('caesarean-without-indication', 'deliveryIndication2', 'A caesarean section needs its indication')];
  }
  return [];
}

/**
 * A mother who died without the immediate cause of her death. Her antecedent cause and a dead
 * infant's cause of death are close rules (`validateCloseCase`), counted once, as their hard errors.
 */
export function deathCauseFindings(form: Form): QualityFinding[] {
  if (!isMaternalDeath(form) || (form.immediateCause !== null && form.immediateCause !== undefined)) return [];
  return [finding('death-without-cause', 'immediateCause', `The mother died: ${fieldMeta('immediateCause').label} is not recorded`)];
}

/** A birth in the department whose Robson group cannot be found: one finding per answer missing. */
export function robsonFindings(form: Form): QualityFinding[] {
  if (!isRobsonPopulation(form)) return [];
  const result = robsonGroup(form);
  if (result.classifiable) return [];
  return result.missing.map((m) => finding('robson-not-classifiable', m.field, `${result.reason}: answer ${m.label}`));
}

const OTHERS_TEXT: ReadonlyArray<{ code: keyof CaseForm; value: number; text: keyof CaseForm }> = [
  { code: 'gtdComplication', value: OTHER_CODES.gtdComplication, text: 'gtdComplicationOthers' },
  { code: 'surgicalIntervention', value: OTHER_CODES.surgicalIntervention, text: 'surgicalInterventionOthers' },
  { code: 'immediateCause', value: OTHER_CODES.immediateCause, text: 'immediateCauseOthers' },
];
const HISTORY_LISTS = ['medicalHistory', 'obstetricHistory', 'morbidities', 'gynemorbidities', 'concomitantProcedure', 'obProcedure'] as const;

/** 'Others' chosen without its free text; an answer left at an 'unknown' choice. */
export function freeTextFindings(form: Form): QualityFinding[] {
  const found: QualityFinding[] = [];
  const others = (field: string) => found.push(finding('others-without-text', field, `'Others' is chosen but ${fieldMeta(field).label} is empty`));
  for (const { code, value, text } of OTHERS_TEXT) {
    if (isFieldShown(code, form) && form[code] === value && blank(form[text])) others(text);
  }
  for (const [list, text] of [['deliveryIndication', 'deliveryIndicationOthers'], ['deliveryIndication2', 'deliveryIndicationOthers2']] as const) {
    if (isFieldShown(list, form) && Array.isArray(form[list]) && form[list].includes(OTHERS_ID) && blank(form[text])) others(text);
  }
  for (const list of HISTORY_LISTS) {
    const entries: unknown = form[list];
    if (isFieldShown(list, form) && Array.isArray(entries) && entries.some((e: { conditionId?: unknown; others?: unknown }) => e.conditionId === OTHERS_ID && blank(e.others))) {
      found.push(finding('others-without-text', list, `'Others' is chosen in ${fieldMeta(list).label} without saying what`));
    }
  }
  if (isFieldShown('gynecologicalDiagnosis', form) && (form.gynecologicalDiagnosis ?? []).some((e) => e.conditionId === OTHERS_ID && blank(e.othersField))) {
    found.push(finding('others-without-text', 'gynecologicalDiagnosis', "'Others' is chosen in Gynecologic Diagnosis without the histopath diagnosis"));
  }
  if (isFieldShown('otherProcedure', form) && blank(form.otherProcedure)) others('otherProcedure');
  infantsOf(form).forEach((infant, index) => {
    if (infant.status === INFANT_STATUS.STILLBIRTH_UNKNOWN) {
      found.push(finding('unknown-answer', `neonatal[${index}].status`, `Infant ${index + 1}: the timing of the stillbirth is left unknown`));
    }
  });
  return found;
}

/** Every warning of a case, in the order of QUALITY_RULES. */
export function qualityWarnings(form: Form): QualityFinding[] {
  const order = new Map<string, number>(QUALITY_RULES.map((r, i) => [r.id, i]));
  return [
    ...softWarningFindings(form), ...obScoreFindings(form), ...aogDateFindings(form), ...caesareanIndicationFindings(form),
    ...deathCauseFindings(form), ...robsonFindings(form), ...freeTextFindings(form),
  ].sort((a, b) => (order.get(a.rule) ?? 0) - (order.get(b.rule) ?? 0));
}

/** Optional lists whose emptiness means 'none', not 'not answered': completeness does not count them. */
const NOT_COUNTED = new Set<string>([
  'caseNum', 'isPregnancy', 'isGyne', 'bmi', 'room',
  'MIGSSurgeonPSGE', 'MIGSSurgeonPSRM', 'MIGSAssistPSGE', 'MIGSAssistPSRM',
  ...HISTORY_LISTS, 'neonatal',
]);
const INFANT_FIELDS = Object.keys(FIELD_META).filter((k) => k.startsWith('neonatal[].')).map((k) => k.slice('neonatal[].'.length) as keyof Infant);

const answered = (value: unknown): boolean =>
  !(value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0));

/**
 * Completeness: the questions the form asks this case (the fields it shows, the infants' fields
 * keyed 'neonatal[].field') and those answered. An infant field is answered when every infant answers it.
 */
export function caseCompleteness(form: Form): { asked: string[]; missing: string[] } {
  const asked: string[] = [];
  const missing: string[] = [];
  for (const field of Object.keys(FIELD_META)) {
    if (field.startsWith('neonatal[]') || NOT_COUNTED.has(field)) continue;
    if (!isFieldShown(field as keyof CaseForm, form)) continue;
    asked.push(field);
    if (!answered(form[field as keyof CaseForm])) missing.push(field);
  }
  const infants = infantsOf(form);
  for (const field of INFANT_FIELDS) {
    const showing = infants.filter((i) => isInfantFieldShown(field, i));
    if (showing.length === 0) continue;
    asked.push(`neonatal[].${field}`);
    if (!showing.every((i) => answered(i[field]))) missing.push(`neonatal[].${field}`);
  }
  return { asked, missing };
}

/** What a case's review holds: its hard errors, its warnings, its completeness and its score. */
export interface CaseQuality {
  errors: QualityFinding[];
  warnings: QualityFinding[];
  asked: string[];
  missing: string[];
  /** 0 to 100: the share of questions answered, less 25 with any hard error and 5 a warning. */
  score: number;
}

export const QUALITY_ERROR_PENALTY = 25;
export const QUALITY_WARNING_PENALTY = 5;

/** The whole review of one case; run on the normalised form (`applyCaseChange(form, {})`). */
export function caseQuality(form: Form, options: QualityOptions): CaseQuality {
  const errors = closeRuleFindings(form, options);
  const warnings = qualityWarnings(form);
  const { asked, missing } = caseCompleteness(form);
  const share = asked.length === 0 ? 100 : (100 * (asked.length - missing.length)) / asked.length;
  const penalty = (errors.length > 0 ? QUALITY_ERROR_PENALTY : 0) + QUALITY_WARNING_PENALTY * warnings.length;
  return { errors, warnings, asked, missing, score: Math.max(0, Math.min(100, Math.round(share - penalty))) };
}

/**
 * The rule ids a case fails, each once, in the order of QUALITY_RULES: what the view counts a case
 * under, and what a reviewer confirms before approving it. Takes a review as derived or as the API
 * sends it (a finding's rule is then a plain string).
 */
export function failedRules(quality: { errors: ReadonlyArray<{ rule: string }>; warnings: ReadonlyArray<{ rule: string }> }): QualityRuleId[] {
  const failed = new Set<string>([...quality.errors, ...quality.warnings].map((f) => f.rule));
  return QUALITY_RULES.filter((r) => failed.has(r.id)).map((r) => r.id);
}

/** The version of these rules: a stored review written by an older one is derived again at start-up. Bump it with any rule change. */
export const QUALITY_DERIVATION = 3;
