import { emptyInfant, type CaseForm, type GyneDiagnosisEntry, type HistoryEntry, type Infant } from '../api/case-form.js';
import { CASE_FORM_TYPE } from '../enums/case-type.enum.js';
import { procedureTypeForCategory } from '../enums/gyne.enum.js';
import { ageAtAdmission } from '../derived/age.js';
import { computeBmi } from '../derived/bmi.js';
import { estimatedAog } from '../derived/gestational-age.js';
import { defaultGyneStage } from '../derived/gyne-stage.js';
import { infantsNumberFor, neonatalRecordCount } from '../derived/infants.js';
import { OTHERS_CONDITION_ID, type LookupEntry } from '../lookups/lookup-entry.js';
import { findLookupEntry, findLookupParent } from '../lookups/lookup-label.js';
import { MATERNAL_DEATH_CAUSES } from '../lookups/lists/maternal-death-causes.list.js';
import { NEONATAL_CONDITIONS } from '../lookups/lists/neonatal-conditions.list.js';
import { isAllowedDeliveryManner } from './case-visibility.rules.js';
import { impliedDeliveryAnswers } from './implied-answers.rules.js';
import { CASE_FIELD_VISIBILITY, INFANT_FIELD_VISIBILITY, emptyValueFor } from './field-visibility.rules.js';

export interface CaseChangeOptions {
  /** The patient's birth date: with it, age at admission is recomputed from the admission date. */
  patientBirthDate?: string | null;
}

/**
 * The one dependency function of the case form (SPEC.md §4 "Case form dependencies"). It applies
 * `patch` to `form` and returns a new form in which every dependent field is set or cleared:
 *
 * - transitions, triggered only when a field's value really changes: case type OB sets pregnant
 *   and not gyne, GYNE sets not pregnant, not delivered, gyne; a new pregnancy type resets the
 *   infant count; a new delivery manner clears its indications; a new antecedent clears its type
 *   and cause. A transition never overrides a field the patch itself sets, so a whole form sent
 *   back as the patch is taken as the client left it;
 * - then normalisation (the same as `normalizeCaseForm`): every field hidden by
 *   CASE_FIELD_VISIBILITY is emptied, and the derived values (age, BMI, AOG ranges, infant count,
 *   delivered for postpartum, the neonatal list length, gyne stages, procedure types) are computed, and
 *   on an open case the Robson answers that other answers already give are filled in where empty.
 *
 * `applyCaseChange(saved, {})` normalises a saved form. The function is idempotent.
 */
export function applyCaseChange(form: CaseForm, patch: Partial<CaseForm>, options: CaseChangeOptions = {}): CaseForm {
  // The patch is compared with the form as it reads, normalised: a form stored before it was (an
  // antecedent type without its antecedent, which reads as the type's group) would otherwise take a
  // patch clearing the antecedent as no change the first time and as a change the second.
  const base = normalizeCaseForm(form, options);
  const next: CaseForm = { ...base, ...patch };
  const changed = (key: keyof CaseForm) => key in patch && !sameValue(patch[key], base[key]);
  const set = <K extends keyof CaseForm>(key: K, value: CaseForm[K]) => {
    if (!(key in patch)) next[key] = value;
  };

  if (changed('caseFormType')) {
    if (next.caseFormType === CASE_FORM_TYPE.OB) {
      set('isPregnancy', true);
      set('isGyne', false);
    } else if (next.caseFormType === CASE_FORM_TYPE.GYNE) {
      set('isPregnancy', false);
      set('isDelivered', null);
      set('isGyne', true);
    }
  }
  if (changed('pregnancyType')) {
    set('infantsNumber', infantsNumberFor(next.pregnancyType, null));
    set('isHeterotopic', null);
    set('abortionType', null);
    set('ectopicType', null);
    set('molarType', null);
  }
  if (changed('deliveryManner')) {
    set('deliveryIndication', []);
    set('deliveryIndicationOthers', null);
  }
  if (changed('deliveryManner2')) {
    set('deliveryIndication2', []);
    set('deliveryIndicationOthers2', null);
  }
  if (changed('antecedent')) {
    set('antecedentType', null);
    set('antecedentCause', null);
  }
  if (changed('antecedentType')) set('antecedentCause', null);

  return normalizeCaseForm(next, options);
}

/** Clears everything hidden and computes every derived value; `normalizeCaseForm(normalizeCaseForm(f)) = normalizeCaseForm(f)`. */
export function normalizeCaseForm(form: CaseForm, options: CaseChangeOptions = {}): CaseForm {
  const f: CaseForm = { ...form };
  for (const key of ['pcosSymptoms', 'deliveryIndication', 'deliveryIndication2', 'gynecologicalDiagnosis',
    'gynemorbidities', 'concomitantProcedure', 'obProcedure', 'medicalHistory', 'obstetricHistory', 'morbidities',
    'neonatal'] as const) {
    if (!Array.isArray(f[key])) (f as unknown as Record<string, unknown>)[key] = [];
  }

  // Derived admission values (SPEC.md §4).
  if (options.patientBirthDate !== undefined) {
    const age = ageAtAdmission(options.patientBirthDate, f.admissionDate);
    if (age !== null) f.age = age;
  }
  f.bmi = computeBmi(f.weight, f.height);

  // Gestational age: an exact AOG gives the range from the weeks (SPEC.md §4, §5).
  f.admissionAOG = estimatedAog(f.admissionAOGType, f.admissionWeeks, f.admissionAOG);
  f.deliveryAOG = estimatedAog(f.deliveryAOGType, f.deliveryWeeks, f.deliveryAOG);

  // Pregnancy: infant count from type; postpartum forces delivered (SPEC.md §4).
  f.infantsNumber = infantsNumberFor(f.pregnancyType, f.infantsNumber);
  if (f.isPostpartum === true) f.isDelivered = true;

  // Delivery manner: TOLAC yes restricts the options (SPEC.md §4).
  if (f.deliveryManner != null && !isAllowedDeliveryManner(f, f.deliveryManner)) f.deliveryManner = null;
  if (f.deliveryManner2 != null && !isAllowedDeliveryManner(f, f.deliveryManner2)) f.deliveryManner2 = null;

  // Maternal death causes follow their hierarchy; a type implies its antecedent.
  if (f.antecedent == null && f.antecedentType != null) {
    f.antecedent = findLookupParent(MATERNAL_DEATH_CAUSES, f.antecedentType)?.id ?? null;
  }
  f.antecedentType = childOrNull(MATERNAL_DEATH_CAUSES, f.antecedent, f.antecedentType);
  const antecedentGroup = findLookupEntry(MATERNAL_DEATH_CAUSES, f.antecedent);
  f.antecedentCause = childOrNull(antecedentGroup?.conditions ?? [], f.antecedentType, f.antecedentCause);

  f.gynecologicalDiagnosis = f.gynecologicalDiagnosis.map(normalizeDiagnosis);
  f.concomitantProcedure = f.concomitantProcedure.map(normalizeProcedure);

  // Empty every hidden field, in the order of the table: each predicate reads fields that an
  // earlier step already settled, so one pass reaches the fixed point.
  for (const field of VISIBILITY_ORDER) {
    const predicate = CASE_FIELD_VISIBILITY[field];
    if (predicate && !predicate(f)) (f as unknown as Record<string, unknown>)[field] = emptyValueFor(field);
  }

  // The neonatal list follows the infant count (SPEC.md §4), each record cleared of what it hides.
  if (CASE_FIELD_VISIBILITY.neonatal?.(f)) {
    const count = neonatalRecordCount(f.infantsNumber);
    const records = f.neonatal.slice(0, count).map(normalizeInfant);
    while (records.length < count) records.push(emptyInfant());
    f.neonatal = records;
  }
  // deathReviewed depends on the neonatal statuses settled just above.
  if (!CASE_FIELD_VISIBILITY.deathReviewed?.(f)) f.deathReviewed = null;

  // The Robson answers the other answers already give, filled in where empty on an open case (issue
  // 28). A closed case is left as it was closed: one closed without them stays 'not classifiable'.
  if (f.isClose !== true) {
    for (const [field, value] of Object.entries(impliedDeliveryAnswers(f)) as Array<[keyof CaseForm, number]>) {
      if (f[field] == null && CASE_FIELD_VISIBILITY[field]?.(f)) (f as unknown as Record<string, unknown>)[field] = value;
    }
  }
  return f;
}

/**
 * Fields in dependency order: those that others read (pregnancy, delivered, manners) come first.
 * deathReviewed is settled last, after the neonatal list.
 */
const VISIBILITY_ORDER: ReadonlyArray<keyof CaseForm> = [
  'pregnancyType', 'isPostpartum', 'complicatedPregnancy', 'admissionAOGType', 'admissionAOG', 'admissionWeeks',
  'admissionDays', 'isHeterotopic', 'abortionType', 'ectopicType', 'molarType', 'isDelivered', 'infantsNumber',
  'returnToOR', 'obProcedure', 'pcosSymptoms', 'institutionalDelivery', 'isTOLAC', 'isInduced', 'inducedIndication',
  'inducedMethod', 'inducedComplication', 'deliveryDate', 'deliveryAOGType', 'deliveryAOG', 'deliveryWeeks',
  'deliveryDays', 'previousCaesareans', 'laborOnset', 'fetalPresentation', 'deliveryManner', 'primaryRepeat', 'incision', 'CSBilateralSalpingectomy', 'CSBTL',
  'deliveryIndication', 'deliveryIndicationOthers', 'deliveryManner2', 'primaryRepeat2', 'incision2',
  'CSBilateralSalpingectomy2', 'CSBTL2', 'deliveryIndication2', 'deliveryIndicationOthers2', 'morbidities', 'neonatal',
  'gyneOrgan', 'organCondition', 'gyneDiagnosis', 'gynecologicalDiagnosis', 'gynemorbidities', 'hasFailedMIS',
  'gtdDiagnosis', 'gtdComplication', 'gtdComplicationOthers', 'medicalSurgical', 'surgicalIntervention',
  'surgicalInterventionOthers', 'concomitantProcedure', 'isMedical', 'isSurgical', 'isChemotherapy', 'isRadiotherapy',
  'isOthers', 'otherProcedure', 'MIGSSurgeonPSGE', 'MIGSSurgeonPSRM', 'MIGSAssistPSGE', 'MIGSAssistPSRM',
  'antecedent', 'antecedentType', 'antecedentCause', 'immediateCause', 'immediateCauseOthers', 'complicationOnset',
  'complicationOnsetSpecific', 'deathTiming', 'deathTimingComplication',
];

function normalizeInfant(infant: Infant): Infant {
  const next: Infant = { ...emptyInfant(), ...(isRecord(infant) ? infant : {}) };
  for (const [field, predicate] of Object.entries(INFANT_FIELD_VISIBILITY)) {
    if (predicate && !predicate(next)) (next as unknown as Record<string, unknown>)[field] = null;
  }
  next.specificcause = childOrNull(NEONATAL_CONDITIONS, next.causeofdeath, next.specificcause);
  return next;
}

/** SPEC.md §3: gyne stage defaults by category and condition; Others keeps its histopath text. */
function normalizeDiagnosis(entry: GyneDiagnosisEntry): GyneDiagnosisEntry {
  if (!isRecord(entry)) return entry;
  const next = { ...entry };
  if (next.gyneStage == null) next.gyneStage = defaultGyneStage(next.categoryId, next.conditionId);
  if (next.conditionId !== OTHERS_CONDITION_ID && next.othersField != null) next.othersField = null;
  return next;
}

/** SPEC.md §3: a procedure's type follows its category unless the clinician chose one. */
function normalizeProcedure(entry: HistoryEntry): HistoryEntry {
  if (!isRecord(entry) || entry.procedureType != null || typeof entry.categoryId !== 'number') return entry;
  return { ...entry, procedureType: procedureTypeForCategory(entry.categoryId) };
}

function childOrNull(entries: readonly LookupEntry[], parentId: unknown, childId: number | null): number | null {
  if (childId == null) return null;
  const parent = findLookupEntry(entries, parentId);
  return parent?.conditions?.some((c) => c.id === childId) ? childId : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Structural equality of JSON values, for "did this field really change". */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!sameValue(a[k], b[k])) return false;
    return true;
  }
  return false;
}

