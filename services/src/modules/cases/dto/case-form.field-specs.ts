import { CASE_IDENTITY_FIELDS, type CaseForm, type GyneFormDraft, type Infant, SERVER_OWNED_CASE_FIELDS } from '@pnss/libs/api';
import {
  ABORTION_TYPES, AOG_RANGES, AOG_TYPES,
  BIRTH_TRAUMAS, CASE_FORM_TYPES, CAUSES_OF_DEATH, CS_INCISIONS, CS_TYPES, type CodeTable, DEATH_TRIMESTERS,
  DELIVERY_MANNERS, DELIVERY_PLACES, ECTOPIC_TYPES, FETAL_PRESENTATIONS, GTD_COMPLICATIONS, LABOR_ONSETS, GTD_DIAGNOSES, GYNE_ORGANS, INDUCTION_COMPLICATIONS,
  INDUCTION_INDICATIONS, INDUCTION_METHODS, INFANT_COUNT_MAX, INFANT_STATUSES, MEDICAL_SURGICAL, MIGS_CHOICES, MOLAR_TYPES,
  MOTHER_CONDITIONS, PCOS_SYMPTOMS, PREGNANCY_TYPES, SURGICAL_INTERVENTIONS, TIMINGS, TUMOR_CLASSES,
} from '@pnss/libs/enums';
import {
  DELIVERY_INDICATIONS, GYNE_DIAGNOSIS, GYNE_MORBIDITIES, GYNE_PROCEDURE, type LookupEntry, MATERNAL_DEATH_CAUSES,
  MEDICAL_HISTORY, MORBIDITIES, NEONATAL_CONDITIONS, OBSTETRIC_HISTORY, OB_PROCEDURE,
} from '@pnss/libs/lookups';
import { CASE_PLAUSIBILITY_LIMITS, INFANT_PLAUSIBILITY_LIMITS, type PlausibilityLimit } from '@pnss/libs/validation';
import type { LookupLevel } from '../../../common/validation/field-validators.js';
import { OTHERS_TEXT_MAX } from '../../../common/validation/history-entry.dto.js';

/**
 * The type of every field of the case form, as a table: the DTOs are built from it, so a field added
 * to CaseForm in @pnss/libs without a rule here fails to compile. Values are checked for their type
 * and, where @pnss/libs has a code table or reference list for the field, for membership. Whether a
 * field is required is not checked here: that is the close-case rule.
 */
export type FieldSpec =
  /** Owned by the server: accepted so that a client may echo it back, never taken from the body. */
  | { kind: 'readOnly'; type: 'text' | 'boolean' }
  | { kind: 'text'; max: number; trim?: boolean }
  | { kind: 'date' }
  | { kind: 'boolean'; nullable: boolean }
  | { kind: 'number'; min: number; max: number; integer: boolean }
  | { kind: 'code'; table: CodeTable }
  | { kind: 'codeList'; table: CodeTable }
  | { kind: 'lookup'; list: readonly LookupEntry[]; level: LookupLevel }
  | { kind: 'lookupList'; list: readonly LookupEntry[] }
  | { kind: 'entries'; list: readonly LookupEntry[]; entry: 'history' | 'diagnosis' }
  | { kind: 'infants'; maxItems: number }
  | { kind: 'gyneForm' }
  | { kind: 'version' };

const readOnly: FieldSpec = { kind: 'readOnly', type: 'text' };
const readOnlyFlag: FieldSpec = { kind: 'readOnly', type: 'boolean' };
const text = (max = OTHERS_TEXT_MAX): FieldSpec => ({ kind: 'text', max });
const date: FieldSpec = { kind: 'date' };
const yesNo: FieldSpec = { kind: 'boolean', nullable: true };
const flag: FieldSpec = { kind: 'boolean', nullable: false };
const integer = (min: number, max: number): FieldSpec => ({ kind: 'number', min, max, integer: true });
const decimal = (min: number, max: number): FieldSpec => ({ kind: 'number', min, max, integer: false });
const code = (table: CodeTable): FieldSpec => ({ kind: 'code', table });
const lookup = (list: readonly LookupEntry[], level: LookupLevel): FieldSpec => ({ kind: 'lookup', list, level });
const history = (list: readonly LookupEntry[]): FieldSpec => ({ kind: 'entries', list, entry: 'history' });

/** A number within its plausibility limit of @pnss/libs (the form shows and checks the same). */
const limited = (limit: PlausibilityLimit): FieldSpec => ({
  kind: 'number', min: limit.min, max: limit.max, integer: limit.integer === true,
});

const CASE_NUMBER_MAX = 50;
/** A save's confirmedWarnings: at most this many field names, each at most this long. */
export const CONFIRMED_WARNINGS_MAX = 50;
export const CONFIRMED_FIELD_NAME_MAX = 100;
const C = CASE_PLAUSIBILITY_LIMITS;
const I = INFANT_PLAUSIBILITY_LIMITS;

export const INFANT_FIELD_SPECS: { [K in keyof Infant]-?: FieldSpec } = {
  status: code(INFANT_STATUSES),
  anomalies: yesNo,
  anomalyOthers: text(),
  pediatricAge: limited(I.pediatricAge),
  pediatricWeight: limited(I.pediatricWeight),
  pediatricHeight: limited(I.pediatricHeight),
  apgar1m: limited(I.apgar1m),
  apgar5m: limited(I.apgar5m),
  injury: code(BIRTH_TRAUMAS),
  causeofdeath: lookup(NEONATAL_CONDITIONS, 'category'),
  specificcause: lookup(NEONATAL_CONDITIONS, 'any'),
};

/** The gyne form draft is a clinician's work in progress: its types are checked, not its codes. */
export const GYNE_FORM_FIELD_SPECS: { [K in keyof GyneFormDraft]-?: FieldSpec } = {
  Id: text(100),
  service: text(100),
  admissionDate: date,
  admissionRoom: text(50),
  category: integer(0, 10_000_000),
  condition: integer(0, 10_000_000),
  categoryLaterality: integer(0, 100),
  operation: integer(0, 10_000_000),
  approach: integer(0, 100),
  procedure: integer(0, 10_000_000),
  operationLaterality: integer(0, 100),
  hysterectomy: yesNo,
  dischargeDate: date,
  status: text(100),
};

export const CASE_FORM_FIELD_SPECS: { [K in keyof CaseForm]-?: FieldSpec } = {
  _id: readOnly,
  patientid: readOnly,
  caseNum: { kind: 'text', max: CASE_NUMBER_MAX, trim: true },
  caseFormType: code(CASE_FORM_TYPES),
  isGyne: flag,
  isPregnancy: flag,
  isClose: readOnlyFlag,
  isArchived: readOnlyFlag,
  submissionId: readOnly,
  room: text(50),
  admissionDate: date,
  dischargeDate: date,
  age: limited(C.age),
  weight: limited(C.weight),
  height: limited(C.height),
  bmi: decimal(0, 1000),

  admissionAOGType: code(AOG_TYPES),
  admissionAOG: code(AOG_RANGES),
  admissionWeeks: limited(C.admissionWeeks),
  admissionDays: limited(C.admissionDays),

  pregnancyType: code(PREGNANCY_TYPES),
  isHeterotopic: yesNo,
  abortionType: code(ABORTION_TYPES),
  ectopicType: code(ECTOPIC_TYPES),
  molarType: code(MOLAR_TYPES),
  isPostpartum: yesNo,
  isDelivered: yesNo,
  institutionalDelivery: code(DELIVERY_PLACES),
  infantsNumber: limited(C.infantsNumber),
  neonatal: { kind: 'infants', maxItems: INFANT_COUNT_MAX },
  isTOLAC: yesNo,
  complicatedPregnancy: yesNo,
  isInduced: yesNo,
  inducedIndication: code(INDUCTION_INDICATIONS),
  inducedMethod: code(INDUCTION_METHODS),
  inducedComplication: code(INDUCTION_COMPLICATIONS),
  returnToOR: yesNo,
  pcosHistory: yesNo,
  pcosSymptoms: { kind: 'codeList', table: PCOS_SYMPTOMS },

  obscoreG: limited(C.obscoreG),
  obscoreP: limited(C.obscoreP),
  obscoreFT: limited(C.obscoreFT),
  obscorePr: limited(C.obscorePr),
  obscoreAb: limited(C.obscoreAb),
  obscoreLB: limited(C.obscoreLB),

  deliveryDate: date,
  deliveryAOGType: code(AOG_TYPES),
  deliveryAOG: code(AOG_RANGES),
  deliveryWeeks: limited(C.deliveryWeeks),
  deliveryDays: limited(C.deliveryDays),
  previousCaesareans: limited(C.previousCaesareans),
  laborOnset: code(LABOR_ONSETS),
  fetalPresentation: code(FETAL_PRESENTATIONS),
  deliveryManner: code(DELIVERY_MANNERS),
  primaryRepeat: code(CS_TYPES),
  incision: code(CS_INCISIONS),
  CSBilateralSalpingectomy: yesNo,
  CSBTL: yesNo,
  deliveryIndication: { kind: 'lookupList', list: DELIVERY_INDICATIONS },
  deliveryIndicationOthers: text(),
  deliveryManner2: code(DELIVERY_MANNERS),
  primaryRepeat2: code(CS_TYPES),
  incision2: code(CS_INCISIONS),
  CSBilateralSalpingectomy2: yesNo,
  CSBTL2: yesNo,
  deliveryIndication2: { kind: 'lookupList', list: DELIVERY_INDICATIONS },
  deliveryIndicationOthers2: text(),

  gyneOrgan: code(GYNE_ORGANS),
  organCondition: code(TUMOR_CLASSES),
  gyneDiagnosis: lookup(GYNE_DIAGNOSIS, 'category'),
  gynecologicalDiagnosis: { kind: 'entries', list: GYNE_DIAGNOSIS, entry: 'diagnosis' },
  gynemorbidities: history(GYNE_MORBIDITIES),
  hasFailedMIS: yesNo,
  gtdDiagnosis: code(GTD_DIAGNOSES),
  gtdComplication: code(GTD_COMPLICATIONS),
  gtdComplicationOthers: text(),
  medicalSurgical: code(MEDICAL_SURGICAL),
  surgicalIntervention: code(SURGICAL_INTERVENTIONS),
  surgicalInterventionOthers: text(),
  concomitantProcedure: history(GYNE_PROCEDURE),
  obProcedure: history(OB_PROCEDURE),
  isMedical: yesNo,
  isSurgical: yesNo,
  isChemotherapy: yesNo,
  isRadiotherapy: yesNo,
  isOthers: yesNo,
  otherProcedure: text(),
  gyneForm: { kind: 'gyneForm' },

  MIGSSurgeon: code(MIGS_CHOICES),
  MIGSAssist: code(MIGS_CHOICES),
  MIGSSurgeonPSGE: flag,
  MIGSSurgeonPSRM: flag,
  MIGSAssistPSGE: flag,
  MIGSAssistPSRM: flag,

  motherCondition: code(MOTHER_CONDITIONS),
  antecedent: lookup(MATERNAL_DEATH_CAUSES, 'category'),
  antecedentType: lookup(MATERNAL_DEATH_CAUSES, 'any'),
  antecedentCause: lookup(MATERNAL_DEATH_CAUSES, 'any'),
  immediateCause: code(CAUSES_OF_DEATH),
  immediateCauseOthers: text(),
  complicationOnset: code(TIMINGS),
  complicationOnsetSpecific: text(),
  deathTiming: code(TIMINGS),
  deathTimingComplication: code(DEATH_TRIMESTERS),
  deathReviewed: yesNo,

  medicalHistory: history(MEDICAL_HISTORY),
  obstetricHistory: history(OBSTETRIC_HISTORY),
  morbidities: history(MORBIDITIES),

  version: { kind: 'version' },
  createdAt: readOnly,
  updatedAt: readOnly,
};

/**
 * The fields a client may not set: the server-owned fields of @pnss/libs and the case's identity
 * (which, when sent, must name the case of the address).
 */
export const READ_ONLY_CASE_FIELDS: ReadonlyArray<keyof CaseForm> = [...CASE_IDENTITY_FIELDS, ...SERVER_OWNED_CASE_FIELDS];
