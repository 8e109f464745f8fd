import type { FieldError } from '../api/common.js';
import type { CaseForm, Infant } from '../api/case-form.js';
import { isCode, type CodeTable } from '../enums/code-table.js';
import { AOG_RANGES } from '../enums/aog.enum.js';
import { CASE_FORM_TYPES } from '../enums/case-type.enum.js';
import { BOOLEAN_CHOICES } from '../enums/choices.enum.js';
import {
  CS_INCISIONS, CS_TYPES, DELIVERY_PLACES, FETAL_PRESENTATIONS, INDUCTION_COMPLICATIONS, INDUCTION_INDICATIONS, INDUCTION_METHODS,
  LABOR_ONSETS,
} from '../enums/delivery.enum.js';
import { MOTHER_CONDITIONS, TIMINGS } from '../enums/discharge.enum.js';
import { MIGS_CHOICES } from '../enums/gyne.enum.js';
import { BIRTH_TRAUMAS, INFANT_STATUSES } from '../enums/neonatal.enum.js';
import {
  ABORTION_TYPES, ECTOPIC_TYPES, MOLAR_TYPES, PCOS_SYMPTOMS, PREGNANCY_TYPE, PREGNANCY_TYPES,
} from '../enums/pregnancy.enum.js';
import { neonatalRecordCount } from '../derived/infants.js';
import { findLookupEntry } from '../lookups/lookup-label.js';
import { DELIVERY_INDICATIONS } from '../lookups/lists/delivery-indications.list.js';
import { MATERNAL_DEATH_CAUSES } from '../lookups/lists/maternal-death-causes.list.js';
import { NEONATAL_CONDITIONS } from '../lookups/lists/neonatal-conditions.list.js';
import {
  isAllowedDeliveryManner, isDeliveryMannerShown, isDeliverySectionShown, isPostpartumVariant, type CaseFormView,
} from '../rules/case-visibility.rules.js';
import { isFieldShown, isInfantFieldShown } from '../rules/field-visibility.rules.js';
import { dateMessage } from './date.validation.js';
import { fieldMeta } from './field-meta.js';
import { MESSAGES } from './messages.js';
import { limitOf, obScoreErrors } from './plausibility.js';

export interface CloseCaseOptions {
  /** Today as 'YYYY-MM-DD', injected (never read from the clock inside a rule). */
  today: string;
}

type Form = CaseFormView & Record<string, unknown>;

/** What a valid value of a required field is. */
type ValueCheck =
  | { kind: 'number'; range: (form: Form) => NumberRange }
  | { kind: 'code'; allowed: CodeTable | ((value: unknown, form: Form) => boolean) }
  | { kind: 'boolean' }
  | { kind: 'list'; itemOk?: (item: unknown, form: Form) => boolean }
  | { kind: 'text' }
  | { kind: 'date'; bounded: (form: Form) => boolean };

/**
 * One field the close-case check requires. It is required exactly when the form shows it
 * (CASE_FIELD_VISIBILITY, `isFieldShown`), narrowed by `also` where SPEC.md §5 asks for less than
 * the form shows, and skipped when a field it derives from already failed (`unlessFailed`).
 */
interface CloseRule {
  field: keyof CaseForm;
  check: ValueCheck;
  also?: (form: Form) => boolean;
  unlessFailed?: ReadonlyArray<keyof CaseForm>;
}

interface NumberRange {
  min?: number;
  max?: number;
  integer?: boolean;
}

const limit = (field: string): NumberRange => {
  const found = limitOf(field);
  return found ? { min: found.min, max: found.max, integer: found.integer } : {};
};
const within = (field: string) => (): NumberRange => limit(field);
const number = (field: keyof CaseForm): CloseRule => ({ field, check: { kind: 'number', range: within(field) } });
const code = (field: keyof CaseForm, allowed: CodeTable | ((value: unknown, form: Form) => boolean)): CloseRule => ({ field, check: { kind: 'code', allowed } });
const yesNo = (field: keyof CaseForm): CloseRule => ({ field, check: { kind: 'boolean' } });
const always = (): boolean => true;

/** SPEC.md §5, in the order of the form's sections, which is the order failures are listed in. */
const CLOSE_RULES: readonly CloseRule[] = [
  // Admission.
  { field: 'admissionDate', check: { kind: 'date', bounded: always } },
  number('age'),
  number('weight'),
  number('height'),
  { field: 'bmi', check: { kind: 'number', range: () => ({ min: 0 }) }, unlessFailed: ['weight', 'height'] },
  code('caseFormType', CASE_FORM_TYPES),
  yesNo('pcosHistory'),
  { field: 'pcosSymptoms', check: { kind: 'list', itemOk: (s) => typeof s === 'number' && isCode(PCOS_SYMPTOMS, s) } },
  yesNo('complicatedPregnancy'),
  yesNo('isPostpartum'),
  number('admissionWeeks'),
  number('admissionDays'),
  { ...code('admissionAOG', AOG_RANGES), unlessFailed: ['admissionWeeks'] },
  code('pregnancyType', PREGNANCY_TYPES),
  yesNo('isHeterotopic'),
  code('abortionType', ABORTION_TYPES),
  code('ectopicType', ECTOPIC_TYPES),
  code('molarType', MOLAR_TYPES),
  yesNo('isDelivered'),
  yesNo('isTOLAC'),
  yesNo('returnToOR'),
  // Obstetric score: always, within its limits (SPEC.md §9 minimum 0).
  number('obscoreG'), number('obscoreP'), number('obscoreFT'), number('obscorePr'), number('obscoreAb'), number('obscoreLB'),
  // Delivery; the postpartum variant has no date bounds and no infant rules.
  code('institutionalDelivery', DELIVERY_PLACES),
  {
    field: 'infantsNumber',
    check: { kind: 'number', range: (f) => ({ ...limit('infantsNumber'), min: f.pregnancyType === PREGNANCY_TYPE.MULTIPLE ? 2 : 1 }) },
    // Shown once a deliverable pregnancy is recorded; §5 asks for it with the delivery.
    also: isDeliverySectionShown,
  },
  { field: 'deliveryDate', check: { kind: 'date', bounded: (f) => !isPostpartumVariant(f) } },
  number('deliveryWeeks'),
  number('deliveryDays'),
  { ...code('deliveryAOG', AOG_RANGES), unlessFailed: ['deliveryWeeks'] },
  // §4: the manner is asked once TOLAC is answered; until then the missing TOLAC is the failure.
  code('deliveryManner', (m, f) => isAllowedDeliveryManner(f, m)),
  yesNo('isInduced'),
  code('inducedIndication', INDUCTION_INDICATIONS),
  code('inducedMethod', INDUCTION_METHODS),
  code('inducedComplication', INDUCTION_COMPLICATIONS),
  // §4 shows caesarean detail for manner 1, §5 adds 16 for the form, §9 says 1 and 16: we require both.
  code('primaryRepeat', CS_TYPES),
  code('incision', CS_INCISIONS),
  yesNo('CSBilateralSalpingectomy'),
  yesNo('CSBTL'),
  // §5 "with indication required" for the postpartum variant keeps the §4 rule: manners 1, 5 and 6.
  {
    field: 'deliveryIndication',
    check: { kind: 'list', itemOk: (id, f) => (findLookupEntry(DELIVERY_INDICATIONS, f.deliveryManner)?.conditions ?? []).some((c) => c.id === id) },
  },
  // Beyond SPEC.md: the Robson variables the form lacked (issue 28), asked for every delivery.
  number('previousCaesareans'),
  code('laborOnset', LABOR_ONSETS),
  code('fetalPresentation', FETAL_PRESENTATIONS),
  // Shown for a complicated pregnancy too; §5 requires it once a manner is set.
  { field: 'morbidities', check: { kind: 'list', itemOk: isHistoryEntry }, also: (f) => isDeliveryMannerShown(f) && !isMissing(f.deliveryManner) },
  // Neonatal records come here (see validateInfants).
  { field: 'gynecologicalDiagnosis', check: { kind: 'list', itemOk: isHistoryEntry } },
  code('MIGSSurgeon', MIGS_CHOICES),
  code('MIGSAssist', MIGS_CHOICES),
  // MIGS boxes come here (see the FELLOW rule).
  { field: 'dischargeDate', check: { kind: 'date', bounded: always } },
  code('motherCondition', MOTHER_CONDITIONS),
  code('antecedentType', isMaternalDeathSubcause),
  code('deathTiming', TIMINGS),
  yesNo('deathReviewed'),
];

/** The infant fields required in each neonatal record (SPEC.md §5), with what a valid value is. */
const INFANT_RULES: ReadonlyArray<{ field: keyof Infant; check: ValueCheck }> = [
  { field: 'pediatricAge', check: { kind: 'number', range: within('neonatal[].pediatricAge') } },
  { field: 'pediatricWeight', check: { kind: 'number', range: within('neonatal[].pediatricWeight') } },
  { field: 'apgar1m', check: { kind: 'number', range: within('neonatal[].apgar1m') } },
  { field: 'apgar5m', check: { kind: 'number', range: within('neonatal[].apgar5m') } },
  { field: 'status', check: { kind: 'code', allowed: INFANT_STATUSES } },
  { field: 'injury', check: { kind: 'code', allowed: BIRTH_TRAUMAS } },
  { field: 'anomalies', check: { kind: 'code', allowed: (v) => typeof v === 'boolean' && isCode(BOOLEAN_CHOICES, v) } },
  { field: 'anomalyOthers', check: { kind: 'text' } },
  { field: 'causeofdeath', check: { kind: 'code', allowed: (v) => NEONATAL_CONDITIONS.some((g) => g.id === v) } },
  { field: 'specificcause', check: { kind: 'code', allowed: () => true } },
];

/**
 * The whole close-case check of SPEC.md §5. Every failure is one FieldError with the field path
 * ('neonatal[0].apgar1m' for infants), its label and left-nav section, and 'required' for a
 * missing value or 'Invalid Value' for one out of range (the plausibility limits) or not among the
 * choices (dates give their own messages). A field is required exactly when the form shows it:
 * the check reads CASE_FIELD_VISIBILITY and INFANT_FIELD_VISIBILITY, so the form and the check
 * cannot disagree. The OB score must also be consistent (`obScoreErrors`). Run it on the
 * normalised form (`applyCaseChange(form, {})`) so derived values are in place. It never throws.
 */
export function validateCloseCase(input: unknown, options: CloseCaseOptions): FieldError[] {
  const form = (isRecord(input) ? input : {}) as Form;
  const errors: FieldError[] = [];
  const failed = new Set<string>();
  const fail = (field: string, message: string, label?: string) => {
    const meta = fieldMeta(field);
    failed.add(field);
    errors.push({ field, label: label ?? meta.label, section: meta.section, message });
  };

  const checkValue = (field: string, raw: unknown, check: ValueCheck): void => {
    switch (check.kind) {
      case 'number': {
        if (isMissing(raw)) return fail(field, MESSAGES.required);
        const range = check.range(form);
        if (typeof raw !== 'number' || !Number.isFinite(raw)) return fail(field, MESSAGES.invalidValue);
        if (range.integer && !Number.isInteger(raw)) return fail(field, MESSAGES.invalidValue);
        if ((range.min !== undefined && raw < range.min) || (range.max !== undefined && raw > range.max)) fail(field, MESSAGES.invalidValue);
        return;
      }
      case 'code': {
        if (isMissing(raw)) return fail(field, MESSAGES.required);
        const ok = typeof check.allowed === 'function' ? check.allowed(raw, form) : typeof raw === 'number' && isCode(check.allowed, raw);
        if (!ok) fail(field, MESSAGES.invalidValue);
        return;
      }
      case 'boolean':
        if (isMissing(raw)) return fail(field, MESSAGES.required);
        if (typeof raw !== 'boolean') fail(field, MESSAGES.invalidValue);
        return;
      case 'text':
        if (typeof raw !== 'string' || raw.trim() === '') fail(field, MESSAGES.required);
        return;
      case 'list':
        if (!Array.isArray(raw) || raw.length === 0) return fail(field, MESSAGES.required);
        if (check.itemOk && !raw.every((item) => check.itemOk?.(item, form))) fail(field, MESSAGES.invalidValue);
        return;
      case 'date': {
        if (isMissing(raw)) return fail(field, MESSAGES.required);
        const message = dateMessage(raw, { today: options.today, bounded: check.bounded(form) });
        if (message) fail(field, message);
        return;
      }
    }
  };

  for (const rule of CLOSE_RULES) {
    const required = isFieldShown(rule.field, form)
      && (rule.also?.(form) ?? true)
      && !(rule.unlessFailed ?? []).some((field) => failed.has(field));
    if (required) checkValue(rule.field, form[rule.field], rule.check);
    if (rule.field === 'morbidities') validateInfants();
    if (rule.field === 'MIGSAssist') validateMigsBoxes();
    if (rule.field === 'obscoreLB') validateObScore();
  }
  return errors;

  /** One complete record per infant; with no valid infant count there is no record count to check. */
  function validateInfants(): void {
    if (!isFieldShown('neonatal', form) || !isFieldShown('infantsNumber', form) || failed.has('infantsNumber')) return;
    const infants = Array.isArray(form.neonatal) ? form.neonatal : [];
    for (let index = 0; index < neonatalRecordCount(form.infantsNumber); index += 1) {
      const infant = isRecord(infants[index]) ? (infants[index] as Partial<Infant>) : {};
      for (const { field, check } of INFANT_RULES) {
        if (!isInfantFieldShown(field, infant)) continue;
        if (field === 'specificcause') {
          const group = NEONATAL_CONDITIONS.find((g) => g.id === infant.causeofdeath);
          checkValue(`neonatal[${index}].${field}`, infant[field], {
            kind: 'code', allowed: (v) => group === undefined || (group.conditions ?? []).some((c) => c.id === v),
          });
        } else {
          checkValue(`neonatal[${index}].${field}`, infant[field], check);
        }
      }
    }
  }

  /** A FELLOW needs a PSGE or PSRM box: one failure for the pair, when the boxes are shown. */
  function validateMigsBoxes(): void {
    if (isFieldShown('MIGSSurgeonPSGE', form) && form.MIGSSurgeonPSGE !== true && form.MIGSSurgeonPSRM !== true) {
      fail('MIGSSurgeonPSGE', MESSAGES.required, 'Surgeon PSGE or PSRM');
    }
    if (isFieldShown('MIGSAssistPSGE', form) && form.MIGSAssistPSGE !== true && form.MIGSAssistPSRM !== true) {
      fail('MIGSAssistPSGE', MESSAGES.required, 'Assist PSGE or PSRM');
    }
  }

  /** The OB score must add up (plausibility rules), once each of its numbers passed. */
  function validateObScore(): void {
    for (const error of obScoreErrors(form)) {
      if (!failed.has(error.field)) fail(error.field, error.message);
    }
  }
}

/** Which left-nav sections hold a failing field, for the nav's validation flags. */
export function sectionsWithErrors(errors: readonly FieldError[]): Set<string> {
  return new Set(errors.map((e) => e.section).filter((s): s is string => typeof s === 'string'));
}

function isMaternalDeathSubcause(value: unknown): boolean {
  return MATERNAL_DEATH_CAUSES.some((group) => (group.conditions ?? []).some((sub) => sub.id === value));
}

function isHistoryEntry(item: unknown): boolean {
  return isRecord(item) && typeof item.conditionId === 'number' && Number.isFinite(item.conditionId);
}

function isMissing(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
