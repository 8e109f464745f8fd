import type { FieldError } from '../api/common.js';
import type { Infant } from '../api/case-form.js';
import { isCode, type CodeTable } from '../enums/code-table.js';
import { AOG_DAYS_MAX, AOG_DAYS_MIN, AOG_RANGES, AOG_WEEKS_MAX, AOG_WEEKS_MIN } from '../enums/aog.enum.js';
import { CASE_FORM_TYPES } from '../enums/case-type.enum.js';
import { BOOLEAN_CHOICES } from '../enums/choices.enum.js';
import {
  CS_INCISIONS, CS_TYPES, DELIVERY_PLACES, INDUCTION_COMPLICATIONS, INDUCTION_INDICATIONS, INDUCTION_METHODS,
} from '../enums/delivery.enum.js';
import { MOTHER_CONDITIONS, TIMINGS } from '../enums/discharge.enum.js';
import { MIGS_CHOICES } from '../enums/gyne.enum.js';
import { APGAR_MAX, APGAR_MIN, BIRTH_TRAUMAS, INFANT_STATUSES } from '../enums/neonatal.enum.js';
import {
  ABORTION_TYPES, ECTOPIC_TYPES, INFANT_COUNT_MAX, MOLAR_TYPES, PCOS_SYMPTOMS, PREGNANCY_TYPE, PREGNANCY_TYPES,
} from '../enums/pregnancy.enum.js';
import { neonatalRecordCount } from '../derived/infants.js';
import { findLookupEntry } from '../lookups/lookup-label.js';
import { DELIVERY_INDICATIONS } from '../lookups/lists/delivery-indications.list.js';
import { MATERNAL_DEATH_CAUSES } from '../lookups/lists/maternal-death-causes.list.js';
import { NEONATAL_CONDITIONS } from '../lookups/lists/neonatal-conditions.list.js';
import {
  anyInfantDied, areIndicationsShown, areMigsBoxesShown, isAllowedDeliveryManner, isAnomalyOthersShown,
  isCaesareanDetailShown, isCauseOfDeathShown, isDeliveredQuestionShown, isDeliveryMannerShown, isDeliverySectionShown,
  isExactAog,
  isGyneSectionShown, isMaternalDeath, isNeonatalShown, isPostpartumVariant, isPregnancyComplicationsShown,
  isPregnant, type CaseFormView,
} from '../rules/case-visibility.rules.js';
import { dateMessage } from './date.validation.js';
import { fieldMeta } from './field-meta.js';
import { MESSAGES } from './messages.js';

export interface CloseCaseOptions {
  /** Today as 'YYYY-MM-DD', injected (never read from the clock inside a rule). */
  today: string;
  /** The patient's birth date, when the caller has it (not needed by the rules of §5 today). */
  patientBirthDate?: string | null;
}

interface NumberRange {
  min?: number;
  max?: number;
  integer?: boolean;
}

/**
 * The whole close-case check of SPEC.md §5. Every failure is one FieldError with the field path
 * ('neonatal[0].apgar1m' for infants), its label and left-nav section, and 'required' for a
 * missing value or 'Invalid Value' for one out of range or not among the choices (dates give
 * their own messages). A field is only checked when its condition holds. Run it on the
 * normalised form (`applyCaseChange(form, {})`) so derived values are in place. It never throws.
 */
export function validateCloseCase(input: unknown, options: CloseCaseOptions): FieldError[] {
  const form = (isRecord(input) ? input : {}) as CaseFormView & Record<string, unknown>;
  const errors: FieldError[] = [];
  const failed = new Set<string>();
  const fail = (field: string, message: string, label?: string) => {
    const meta = fieldMeta(field);
    failed.add(field);
    errors.push({ field, label: label ?? meta.label, section: meta.section, message });
  };
  const value = (field: string): unknown => form[field];

  const requireNumber = (field: string, raw: unknown, range: NumberRange = {}) => {
    if (isMissing(raw)) return fail(field, MESSAGES.required);
    if (typeof raw !== 'number' || !Number.isFinite(raw)) return fail(field, MESSAGES.invalidValue);
    if (range.integer && !Number.isInteger(raw)) return fail(field, MESSAGES.invalidValue);
    if ((range.min !== undefined && raw < range.min) || (range.max !== undefined && raw > range.max)) {
      fail(field, MESSAGES.invalidValue);
    }
  };
  const requireCode = (field: string, raw: unknown, allowed: CodeTable | ((v: unknown) => boolean)) => {
    if (isMissing(raw)) return fail(field, MESSAGES.required);
    const ok = typeof allowed === 'function' ? allowed(raw) : typeof raw === 'number' && isCode(allowed, raw);
    if (!ok) fail(field, MESSAGES.invalidValue);
  };
  const requireBoolean = (field: string, raw: unknown) => {
    if (isMissing(raw)) return fail(field, MESSAGES.required);
    if (typeof raw !== 'boolean') fail(field, MESSAGES.invalidValue);
  };
  const requireText = (field: string, raw: unknown) => {
    if (typeof raw !== 'string' || raw.trim() === '') fail(field, MESSAGES.required);
  };
  const requireList = (field: string, raw: unknown, itemOk: (item: unknown) => boolean = () => true) => {
    if (!Array.isArray(raw) || raw.length === 0) return fail(field, MESSAGES.required);
    if (!raw.every(itemOk)) fail(field, MESSAGES.invalidValue);
  };
  const requireDate = (field: string, bounded: boolean) => {
    const raw = value(field);
    if (isMissing(raw)) return fail(field, MESSAGES.required);
    const message = dateMessage(raw, { today: options.today, bounded });
    if (message) fail(field, message);
  };

  const pregnant = isPregnant(form);
  const delivered = isDeliverySectionShown(form);
  const count: NumberRange = { min: 0, integer: true };

  // Admission: always.
  requireDate('admissionDate', true);
  requireNumber('age', value('age'), { min: 0, max: 150, integer: true });
  requireNumber('weight', value('weight'), { min: 0 });
  requireNumber('height', value('height'), { min: 0 });
  // A derived value is not reported again when what it derives from already failed.
  if (!failed.has('weight') && !failed.has('height')) requireNumber('bmi', value('bmi'), { min: 0 });
  requireCode('caseFormType', value('caseFormType'), CASE_FORM_TYPES);
  requireBoolean('pcosHistory', value('pcosHistory'));
  if (form.pcosHistory === true) requireList('pcosSymptoms', value('pcosSymptoms'), (s) => isCode(PCOS_SYMPTOMS, s));

  // Admission: when pregnant.
  if (pregnant) {
    requireBoolean('complicatedPregnancy', value('complicatedPregnancy'));
    requireBoolean('isPostpartum', value('isPostpartum'));
    if (isExactAog(form.admissionAOGType)) {
      requireNumber('admissionWeeks', value('admissionWeeks'), { min: AOG_WEEKS_MIN, max: AOG_WEEKS_MAX, integer: true });
      requireNumber('admissionDays', value('admissionDays'), { min: AOG_DAYS_MIN, max: AOG_DAYS_MAX, integer: true });
    }
    if (!failed.has('admissionWeeks')) requireCode('admissionAOG', value('admissionAOG'), AOG_RANGES);
    requireCode('pregnancyType', value('pregnancyType'), PREGNANCY_TYPES);
    if (form.pregnancyType === PREGNANCY_TYPE.MULTIPLE) requireBoolean('isHeterotopic', value('isHeterotopic'));
    if (form.pregnancyType === PREGNANCY_TYPE.ABORTION) requireCode('abortionType', value('abortionType'), ABORTION_TYPES);
    if (form.pregnancyType === PREGNANCY_TYPE.ECTOPIC) requireCode('ectopicType', value('ectopicType'), ECTOPIC_TYPES);
    if (form.pregnancyType === PREGNANCY_TYPE.MOLAR) requireCode('molarType', value('molarType'), MOLAR_TYPES);
    if (isDeliveredQuestionShown(form)) requireBoolean('isDelivered', value('isDelivered'));
    if (delivered) requireBoolean('isTOLAC', value('isTOLAC'));
    if (isPregnancyComplicationsShown(form)) requireBoolean('returnToOR', value('returnToOR'));
  }

  // Obstetric score: always, minimum 0 (SPEC.md §9).
  for (const field of ['obscoreG', 'obscoreP', 'obscoreFT', 'obscorePr', 'obscoreAb', 'obscoreLB']) {
    requireNumber(field, value(field), count);
  }

  // Delivery: when delivered; the postpartum variant has no date bounds and no infant rules.
  if (delivered) {
    const postpartum = isPostpartumVariant(form);
    requireCode('institutionalDelivery', value('institutionalDelivery'), DELIVERY_PLACES);
    const minInfants = form.pregnancyType === PREGNANCY_TYPE.MULTIPLE ? 2 : 1;
    const errorsBeforeCount = errors.length;
    requireNumber('infantsNumber', value('infantsNumber'), { min: minInfants, max: INFANT_COUNT_MAX, integer: true });
    const infantCountValid = errors.length === errorsBeforeCount;
    requireDate('deliveryDate', !postpartum);
    if (isExactAog(form.deliveryAOGType)) {
      requireNumber('deliveryWeeks', value('deliveryWeeks'), { min: AOG_WEEKS_MIN, max: AOG_WEEKS_MAX, integer: true });
      requireNumber('deliveryDays', value('deliveryDays'), { min: AOG_DAYS_MIN, max: AOG_DAYS_MAX, integer: true });
    }
    if (!failed.has('deliveryWeeks')) requireCode('deliveryAOG', value('deliveryAOG'), AOG_RANGES);
    const manner = value('deliveryManner');
    // §4: the manner is asked once TOLAC is answered; until then the missing TOLAC is the failure.
    if (isDeliveryMannerShown(form)) requireCode('deliveryManner', manner, (m) => isAllowedDeliveryManner(form, m));
    requireBoolean('isInduced', value('isInduced'));
    if (form.isInduced === true) {
      requireCode('inducedIndication', value('inducedIndication'), INDUCTION_INDICATIONS);
      requireCode('inducedMethod', value('inducedMethod'), INDUCTION_METHODS);
      requireCode('inducedComplication', value('inducedComplication'), INDUCTION_COMPLICATIONS);
    }
    // §4 shows caesarean detail for manner 1, §5 adds 16 for the form, §9 says 1 and 16: we require both.
    if (isCaesareanDetailShown(manner)) {
      requireCode('primaryRepeat', value('primaryRepeat'), CS_TYPES);
      requireCode('incision', value('incision'), CS_INCISIONS);
      requireBoolean('CSBilateralSalpingectomy', value('CSBilateralSalpingectomy'));
      requireBoolean('CSBTL', value('CSBTL'));
    }
    // §5 "with indication required" for the postpartum variant keeps the §4 rule: manners 1, 5 and 6.
    if (areIndicationsShown(manner)) {
      const forManner = findLookupEntry(DELIVERY_INDICATIONS, manner)?.conditions ?? [];
      requireList('deliveryIndication', value('deliveryIndication'), (id) => forManner.some((c) => c.id === id));
    }
    if (!isMissing(manner)) requireList('morbidities', value('morbidities'), isHistoryEntry);

    // With no valid infant count there is no record count to check: the count is the failure.
    if (!postpartum && infantCountValid && isNeonatalShown(form)) {
      const infants = Array.isArray(form.neonatal) ? form.neonatal : [];
      for (let i = 0; i < neonatalRecordCount(form.infantsNumber); i += 1) {
        validateInfant(i, isRecord(infants[i]) ? (infants[i] as Partial<Infant>) : {});
      }
    }
  }

  // Gyne.
  if (isGyneSectionShown(form)) requireList('gynecologicalDiagnosis', value('gynecologicalDiagnosis'), isHistoryEntry);

  // MIGS.
  requireCode('MIGSSurgeon', value('MIGSSurgeon'), MIGS_CHOICES);
  requireCode('MIGSAssist', value('MIGSAssist'), MIGS_CHOICES);
  if (areMigsBoxesShown(form.MIGSSurgeon) && form.MIGSSurgeonPSGE !== true && form.MIGSSurgeonPSRM !== true) {
    fail('MIGSSurgeonPSGE', MESSAGES.required, 'Surgeon PSGE or PSRM');
  }
  if (areMigsBoxesShown(form.MIGSAssist) && form.MIGSAssistPSGE !== true && form.MIGSAssistPSRM !== true) {
    fail('MIGSAssistPSGE', MESSAGES.required, 'Assist PSGE or PSRM');
  }

  // Discharge.
  requireDate('dischargeDate', true);
  requireCode('motherCondition', value('motherCondition'), MOTHER_CONDITIONS);
  if (isMaternalDeath(form)) {
    requireCode('antecedentType', value('antecedentType'), isMaternalDeathSubcause);
    requireCode('deathTiming', value('deathTiming'), TIMINGS);
  }
  if (isMaternalDeath(form) || anyInfantDied(form)) requireBoolean('deathReviewed', value('deathReviewed'));

  return errors;

  function validateInfant(index: number, infant: Partial<Infant>): void {
    const path = (field: keyof Infant) => `neonatal[${index}].${field}`;
    requireNumber(path('pediatricAge'), infant.pediatricAge, { min: AOG_WEEKS_MIN, max: AOG_WEEKS_MAX });
    requireNumber(path('pediatricWeight'), infant.pediatricWeight, { min: 0 });
    requireNumber(path('apgar1m'), infant.apgar1m, { min: APGAR_MIN, max: APGAR_MAX, integer: true });
    requireNumber(path('apgar5m'), infant.apgar5m, { min: APGAR_MIN, max: APGAR_MAX, integer: true });
    requireCode(path('status'), infant.status, INFANT_STATUSES);
    requireCode(path('injury'), infant.injury, BIRTH_TRAUMAS);
    requireCode(path('anomalies'), infant.anomalies, (v) => typeof v === 'boolean' && isCode(BOOLEAN_CHOICES, v));
    if (isAnomalyOthersShown(infant)) requireText(path('anomalyOthers'), infant.anomalyOthers);
    if (isCauseOfDeathShown(infant)) {
      requireCode(path('causeofdeath'), infant.causeofdeath, (v) => NEONATAL_CONDITIONS.some((g) => g.id === v));
      const group = NEONATAL_CONDITIONS.find((g) => g.id === infant.causeofdeath);
      requireCode(path('specificcause'), infant.specificcause,
        (v) => group === undefined || (group.conditions ?? []).some((c) => c.id === v));
    }
  }
}

/** The close dialog's text: the alert followed by the failing field labels (SPEC.md §4, §5). */
export function closeCaseAlertText(errors: readonly FieldError[]): string {
  const labels = [...new Set(errors.map((e) => e.label ?? e.field))];
  return [MESSAGES.closeCaseAlert, ...labels].join('\n');
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
