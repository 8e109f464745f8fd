import type { CaseForm, GyneDiagnosisEntry, HistoryEntry, Infant } from '../api/case-form.js';
import type { SubmissionCaseType } from '../enums/case-type.enum.js';
import type { CodeTable } from '../enums/code-table.js';
import { CODE_TABLES } from '../enums/code-tables.js';
import { INFANT_COUNT_MAX } from '../enums/pregnancy.enum.js';
import { PREVIOUS_CAESAREANS_MAX } from '../enums/delivery.enum.js';
import { ICD_MM_GROUPS, type IcdMmType } from '../classifications/icd-mm.js';
import { ROBSON_GROUPS, ROBSON_UNCLASSIFIABLE } from '../classifications/robson.js';
import type { LookupEntry } from '../lookups/lookup-entry.js';
import { DELIVERY_INDICATIONS } from '../lookups/lists/delivery-indications.list.js';
import { GYNE_DIAGNOSIS } from '../lookups/lists/gyne-diagnosis.list.js';
import { MATERNAL_DEATH_CAUSES } from '../lookups/lists/maternal-death-causes.list.js';
import { NEONATAL_CONDITIONS } from '../lookups/lists/neonatal-conditions.list.js';

/**
 * The data dictionary of the census package: exactly what leaves the department, field by field
 * (issue 25 item 8). It is the one place that says so: the builder writes only these fields, the
 * society's hub refuses any other, and `data-dictionary.md` is generated from it
 * (`npm run data-dictionary -w libs`). A field added to the case form does not leave until it is
 * given a line here or in WITHHELD_CASE_FIELDS: the types below do not compile otherwise.
 *
 * Raise DATA_DICTIONARY_VERSION when a field is added, removed, or changes meaning.
 * 2026.1: the first dictionary (every case-form field but the identifiers, exact dates).
 * 2026.2: dates leave as the discharge month and whole-day intervals, free text only with
 * PACKAGE_FREE_TEXT, the age capped at 90 (issue 25 item 8); the Robson answers previousCaesareans,
 * laborOnset and fetalPresentation, and the derived robsonGroup, icdMmGroup and icdMmType
 * (issue 28); the maternal fetal CSV gains Previous CS, Onset of Labor, Presentation or Lie and
 * Robson Group, the maternal mortality CSV ICD-MM Group and ICD-MM Type.
 */
export const DATA_DICTIONARY_VERSION = '2026.2';

/**
 * Why dates leave as a month and day intervals. Exact dates of care are identifiers under the usual
 * de-identification standards (HIPAA Safe Harbor, 45 CFR 164.514(b)(2): all elements of dates except
 * the year). The society's reports count a case by its discharge date within a period, and read the
 * length of stay and the time from admission to delivery; they need no day of the month. So a case
 * carries one month, its discharge month (the period the reports count it in), and the intervals
 * between its dates in whole days. Not the other dates' months: an admission month and a discharge
 * month with the length of stay give back both days whenever a stay crosses a month's end (admitted
 * in March, discharged in April after 1 day: 31 March and 1 April). Offsets from a random anchor per
 * package were the other way; they hide the period, which the reports need. The month is more than
 * Safe Harbor's year: it is the least the period reports need, with no day left to link a case to a
 * delivery register. The manifest's startDate and endDate are widened to whole months the same way.
 */
export const DATE_POLICY =
  'Dates leave as the discharge month (YYYY-MM) and whole-day intervals (length of stay, admission to delivery, delivery to discharge); no day of the month leaves.';

/** The oldest age a package states: 90 stands for 90 or older (HIPAA Safe Harbor aggregates ages over 89). */
export const AGE_CAP = 90;

/** What a field holds, as the hub checks it. Every field but the four identity fields may be null. */
export type FieldType =
  /** A non-empty text id. */
  | 'id'
  /** 64 lower-case hexadecimal digits. */
  | 'key'
  | 'integer'
  | 'number'
  | 'boolean'
  /** One id of `codes`. */
  | 'code'
  /** A list of ids of `codes`. */
  | 'codes'
  /** 'YYYY-MM'. */
  | 'month'
  /** Whole days, may be negative. */
  | 'days'
  /** Free text. */
  | 'text'
  /** A list of records, each with the fields of `items`. */
  | 'records'
  /** A list of submission case types. */
  | 'caseTypes'
  /** One of `values`. */
  | 'value';

export interface FieldDefinition {
  type: FieldType;
  /** What the society reads in it. */
  meaning: string;
  /** The code table or reference list of a code (its label goes beside it in the CSVs). */
  codes?: CodeTable | readonly LookupEntry[];
  /** Free text a clinician typed: it leaves only when the department sets PACKAGE_FREE_TEXT=true. */
  freeText?: true;
  /** Always present and never empty. */
  required?: true;
  /** integer: the range it must fall in. */
  range?: readonly [number, number];
  /** records: the fields of each record. */
  items?: Readonly<Record<string, FieldDefinition>>;
  /** value: the values it may hold. */
  values?: readonly (string | number)[];
}

/**
 * The case-form fields that never leave the department, each with the reason, or with what leaves
 * in its place.
 */
export const WITHHELD_CASE_FIELDS = {
  _id: "the department's record id: caseId carries it, meaningless outside the department",
  patientid: 'identifies the patient: patientKey stands for her',
  caseNum: "the hospital's case number identifies the patient",
  room: 'the room identifies the patient on the ward',
  age: 'leaves as ageAtAdmission (90 or older as 90)',
  admissionDate: 'an exact date of care: the intervals carry it',
  dischargeDate: 'an exact date of care: dischargeMonth and the intervals carry it',
  deliveryDate: 'an exact date of care: admissionToDeliveryDays and deliveryToDischargeDays carry it',
  gyneForm: 'a working draft of the gyne form, with its own dates and room',
  isClose: 'bookkeeping: every packaged case is closed',
  isArchived: 'bookkeeping: a packaged case is never archived',
  submissionId: 'bookkeeping: the manifest names the submission',
  version: 'bookkeeping: leaves as caseVersion',
  createdAt: "bookkeeping: the record's creation time",
  updatedAt: "bookkeeping: the record's last change",
} as const satisfies Partial<Record<keyof CaseForm, string>>;

export type WithheldCaseField = keyof typeof WITHHELD_CASE_FIELDS;

/** The free-text answers of the case form: they leave only when PACKAGE_FREE_TEXT is true. */
export const FREE_TEXT_CASE_FIELDS = [
  'deliveryIndicationOthers', 'deliveryIndicationOthers2', 'gtdComplicationOthers', 'surgicalInterventionOthers', 'otherProcedure',
  'immediateCauseOthers', 'complicationOnsetSpecific',
] as const satisfies ReadonlyArray<keyof CaseForm>;
type FreeTextCaseField = (typeof FREE_TEXT_CASE_FIELDS)[number];

export type PackagedInfant = Omit<Infant, 'anomalyOthers'> & Partial<Pick<Infant, 'anomalyOthers'>>;

/** One case as it leaves the department: the fields of DATA_DICTIONARY, free text only when allowed. */
export type PackagedCase = Omit<CaseForm, WithheldCaseField | FreeTextCaseField | 'neonatal'> & Partial<Pick<CaseForm, FreeTextCaseField>> & {
  caseId: string;
  patientKey: string;
  caseVersion: number;
  ageAtAdmission: number | null;
  caseTypes: SubmissionCaseType[];
  dischargeMonth: string | null;
  lengthOfStayDays: number | null;
  admissionToDeliveryDays: number | null;
  deliveryToDischargeDays: number | null;
  neonatal: PackagedInfant[];
  /** The Robson group (libs robsonSegmentOf): a group key, 'unclassifiable', or null for no birth in the department. */
  robsonGroup: string | null;
  /** The WHO ICD-MM group of a maternal death (libs icdMmOf); null for no maternal death or an unmapped cause. */
  icdMmGroup: number | null;
  /** Its type, 'unmapped' when the recorded cause has no group; null for no maternal death. */
  icdMmType: IcdMmType | 'unmapped' | null;
};

const T = CODE_TABLES;
const code = (codes: CodeTable | readonly LookupEntry[], meaning: string): FieldDefinition => ({ type: 'code', codes, meaning });
const integer = (meaning: string, range?: readonly [number, number]): FieldDefinition => ({ type: 'integer', meaning, ...(range ? { range } : {}) });
const number = (meaning: string): FieldDefinition => ({ type: 'number', meaning });
const yesNo = (meaning: string): FieldDefinition => ({ type: 'boolean', meaning });
const freeText = (meaning: string): FieldDefinition => ({ type: 'text', meaning, freeText: true });

/** An entry of a history list: a condition of a reference list, and the Others text when allowed. */
const HISTORY_ENTRY: { readonly [K in keyof HistoryEntry]-?: FieldDefinition } = {
  conditionId: integer("the condition's id in the field's reference list (999999 Others)"),
  categoryId: integer("the condition's category id in that list"),
  others: freeText('the text typed for Others'),
  procedureType: code(T.procedureType, 'procedure entries: Laparotomy, Laparoscopy, Hysteroscopy, MIS or Others'),
};

const GYNE_DIAGNOSIS_ENTRY: { readonly [K in keyof GyneDiagnosisEntry]-?: FieldDefinition } = {
  conditionId: integer('the condition id of the gynecologic diagnosis list (999999 Others)'),
  categoryId: integer('its category id'),
  gyneStage: code(T.gyneStage, 'FIGO stage (N/A for a benign condition)'),
  othersField: freeText("the histopath diagnosis typed for Others ('Specify histopath diagnosis')"),
};

const INFANT: { readonly [K in keyof PackagedInfant]-?: FieldDefinition } = {
  status: code(T.infantStatus, 'birth outcome: livebirth, early or late neonatal death, antepartal or intrapartal stillbirth'),
  anomalies: yesNo('congenital anomalies present'),
  anomalyOthers: freeText('the anomalies, as typed'),
  pediatricAge: integer('gestational age by pediatric assessment, completed weeks', [0, 52]),
  pediatricWeight: number('birth weight, grams'),
  pediatricHeight: number('birth length, centimetres'),
  apgar1m: integer('Apgar score at 1 minute', [0, 10]),
  apgar5m: integer('Apgar score at 5 minutes', [0, 10]),
  injury: code(T.birthTrauma, 'birth trauma'),
  causeofdeath: code(NEONATAL_CONDITIONS, 'cause of death group (M1-M5), for outcomes 2 to 6'),
  specificcause: code(NEONATAL_CONDITIONS, 'the condition within that group'),
};

const history = (meaning: string): FieldDefinition => ({ type: 'records', meaning, items: HISTORY_ENTRY });
const codes = (table: CodeTable | readonly LookupEntry[], meaning: string): FieldDefinition => ({ type: 'codes', codes: table, meaning });

/** Every field of cases.json, in the order of the case form (cases.json writes them in alphabetical order). */
export const DATA_DICTIONARY: { readonly [K in keyof PackagedCase]-?: FieldDefinition } = {
  // Identity, period and intervals
  caseId: { type: 'id', required: true, meaning: "the department's id of the case: the same in every version of the package, so a later version replaces the earlier record" },
  patientKey: { type: 'key', required: true, meaning: "HMAC-SHA-256 of the patient's id with the department's PACKAGE_SECRET: the same for all her cases, meaningless without the secret" },
  caseVersion: { type: 'integer', required: true, range: [1, Number.MAX_SAFE_INTEGER], meaning: "the case record's version at packaging: it grows with every correction" },
  caseTypes: { type: 'caseTypes', required: true, meaning: 'the review lists the case is in: maternalfetalcase, gynecase, maternalmortalitycase, gtdcase (its CSVs)' },
  ageAtAdmission: integer(`whole years on the admission date, from the birth date (which stays at the department); ${AGE_CAP} means ${AGE_CAP} or older`, [0, AGE_CAP]),
  dischargeMonth: { type: 'month', meaning: 'the month of discharge, YYYY-MM: the period the reports count the case in' },
  lengthOfStayDays: { type: 'days', meaning: 'days from admission to discharge' },
  admissionToDeliveryDays: { type: 'days', meaning: 'days from admission to delivery; negative when the patient delivered before admission (postpartum)' },
  deliveryToDischargeDays: { type: 'days', meaning: 'days from delivery to discharge' },

  // Admission
  caseFormType: code(T.caseFormType, 'OB or GYNE'),
  isPregnancy: yesNo('pregnant (an OB case)'),
  isGyne: yesNo('a gyne case'),
  weight: number('weight on admission, kg'),
  height: number('height, cm'),
  bmi: number('body mass index, from weight and height, 2 decimals'),
  pcosHistory: yesNo('history of polycystic ovary syndrome'),
  pcosSymptoms: codes(T.pcosSymptoms, 'PCOS signs'),
  admissionAOGType: code(T.aogType, 'how the age of gestation on admission is known: Exact or Estimated'),
  admissionAOG: code(T.aogRange, 'age of gestation on admission, by range'),
  admissionWeeks: integer('age of gestation on admission, completed weeks (Exact)', [0, 52]),
  admissionDays: integer('and days', [0, 6]),

  // Pregnancy
  pregnancyType: code(T.pregnancyType, 'singleton, multiple, abortion, ectopic, molar'),
  isHeterotopic: yesNo('a heterotopic pregnancy (multiple)'),
  abortionType: code(T.abortionType, 'type of abortion'),
  ectopicType: code(T.ectopicType, 'site of the ectopic pregnancy'),
  molarType: code(T.molarType, 'partial or complete mole'),
  isPostpartum: yesNo('admitted after delivering elsewhere'),
  isDelivered: yesNo('delivered'),
  institutionalDelivery: code(T.deliveryPlace, 'institutional or non-institutional delivery'),
  infantsNumber: integer('number of infants', [1, INFANT_COUNT_MAX]),
  neonatal: { type: 'records', meaning: 'one record per infant', items: INFANT },
  isTOLAC: yesNo('trial of labor after caesarean'),
  complicatedPregnancy: yesNo('a complicated pregnancy'),
  isInduced: yesNo('labor induced'),
  inducedIndication: code(T.inductionIndication, 'indication for induction'),
  inducedMethod: code(T.inductionMethod, 'method of induction'),
  inducedComplication: code(T.inductionComplication, 'complication of induction'),
  returnToOR: yesNo('returned to the operating room'),

  // OB score
  obscoreG: integer('gravida'),
  obscoreP: integer('para'),
  obscoreFT: integer('full-term births'),
  obscorePr: integer('preterm births'),
  obscoreAb: integer('abortions'),
  obscoreLB: integer('living children'),

  // Delivery
  deliveryAOGType: code(T.aogType, 'how the age of gestation at delivery is known'),
  deliveryAOG: code(T.aogRange, 'age of gestation at delivery, by range'),
  deliveryWeeks: integer('age of gestation at delivery, completed weeks (Exact)', [0, 52]),
  deliveryDays: integer('and days', [0, 6]),
  deliveryManner: code(T.deliveryManner, 'manner of delivery'),
  primaryRepeat: code(T.csType, 'primary or repeat caesarean'),
  incision: code(T.csIncision, 'uterine incision of the caesarean'),
  CSBilateralSalpingectomy: yesNo('bilateral salpingectomy at caesarean'),
  CSBTL: yesNo('bilateral tubal ligation at caesarean'),
  deliveryIndication: codes(DELIVERY_INDICATIONS, 'indications of the caesarean or instrumental delivery'),
  deliveryIndicationOthers: freeText('the indication typed for Others'),
  deliveryManner2: code(T.deliveryManner, 'manner of delivery of the second twin'),
  primaryRepeat2: code(T.csType, 'second twin: primary or repeat caesarean'),
  incision2: code(T.csIncision, 'second twin: uterine incision'),
  CSBilateralSalpingectomy2: yesNo('second twin: bilateral salpingectomy'),
  CSBTL2: yesNo('second twin: bilateral tubal ligation'),
  deliveryIndication2: codes(DELIVERY_INDICATIONS, "indications of the second twin's delivery"),
  deliveryIndicationOthers2: freeText("the second twin's indication typed for Others"),
  previousCaesareans: integer('number of previous caesarean sections (Robson)', [0, PREVIOUS_CAESAREANS_MAX]),
  laborOnset: code(T.laborOnset, 'onset of labor: spontaneous, induced, or no labor (caesarean before labor) (Robson)'),
  fetalPresentation: code(T.fetalPresentation, 'fetal presentation or lie: cephalic, breech, transverse or oblique (Robson)'),

  // Classifications, derived at the department by the libs functions its reports use
  robsonGroup: {
    type: 'value', values: [...ROBSON_GROUPS.map((g) => g.key), ROBSON_UNCLASSIFIABLE],
    meaning: "the Robson Ten-Group Classification (WHO 2015) of a birth in the department, with 2a/2b, 4a/4b, 5.1/5.2; 'unclassifiable' when an answer it needs is missing; empty for no birth in the department",
  },
  icdMmGroup: integer('the WHO ICD-MM group (1-9) of a maternal death; empty for no maternal death or a cause that maps to no group', [1, 9]),
  icdMmType: {
    type: 'value', values: [...new Set(ICD_MM_GROUPS.map((g) => g.type)), 'unmapped'],
    meaning: "the ICD-MM type of a maternal death: direct, indirect, unspecified, coincidental, or 'unmapped'; empty for no maternal death",
  },

  // Gyne
  gyneOrgan: code(T.gyneOrgan, 'organ'),
  organCondition: code(T.tumorClass, 'benign, malignant or special'),
  gyneDiagnosis: code(GYNE_DIAGNOSIS, 'principal diagnosis category'),
  gynecologicalDiagnosis: { type: 'records', meaning: 'gynecologic diagnoses with their stage', items: GYNE_DIAGNOSIS_ENTRY },
  gynemorbidities: history('gynecologic co-morbidities (gynecologic co-morbidity list)'),
  hasFailedMIS: yesNo('a minimally invasive surgery converted'),
  gtdDiagnosis: code(T.gtdDiagnosis, 'gestational trophoblastic disease: partial or complete mole, invasive mole, choriocarcinoma, PSTT'),
  gtdComplication: code(T.gtdComplication, 'complication of the GTD'),
  gtdComplicationOthers: freeText('the GTD complication typed for Others'),
  medicalSurgical: code(T.medicalSurgical, 'medical or surgical management'),
  surgicalIntervention: code(T.surgicalIntervention, 'surgical intervention'),
  surgicalInterventionOthers: freeText('the surgical intervention typed for Others'),
  concomitantProcedure: history('gynecologic procedures (gynecologic procedure list)'),
  obProcedure: history('obstetric procedures (obstetric procedure list)'),
  isMedical: yesNo('medical treatment'),
  isSurgical: yesNo('surgical treatment'),
  isChemotherapy: yesNo('chemotherapy'),
  isRadiotherapy: yesNo('radiotherapy'),
  isOthers: yesNo('other treatment'),
  otherProcedure: freeText('the other treatment, as typed'),

  // MIGS
  MIGSSurgeon: code(T.migsChoice, 'the surgeon is a MIGS fellow'),
  MIGSAssist: code(T.migsChoice, 'the assistant is a MIGS fellow'),
  MIGSSurgeonPSGE: yesNo("surgeon: PSGE fellow"),
  MIGSSurgeonPSRM: yesNo('surgeon: PSRM fellow'),
  MIGSAssistPSGE: yesNo('assistant: PSGE fellow'),
  MIGSAssistPSRM: yesNo('assistant: PSRM fellow'),

  // Discharge
  motherCondition: code(T.motherCondition, "the mother's condition at discharge: improved, unimproved, died"),
  antecedent: code(MATERNAL_DEATH_CAUSES, 'maternal death: direct, indirect or nonmaternal'),
  antecedentType: code(MATERNAL_DEATH_CAUSES, 'maternal death: the group of the underlying cause'),
  antecedentCause: code(MATERNAL_DEATH_CAUSES, 'maternal death: the underlying cause'),
  immediateCause: code(T.causeOfDeath, 'maternal death: the immediate cause'),
  immediateCauseOthers: freeText('the immediate cause typed for Others'),
  complicationOnset: code(T.timing, 'maternal death: onset of the complication'),
  complicationOnsetSpecific: freeText('the onset, as typed'),
  deathTiming: code(T.timing, 'maternal death: timing'),
  deathTimingComplication: code(T.deathTrimester, 'maternal death: trimester'),
  deathReviewed: yesNo('the death was reviewed'),

  // History
  medicalHistory: history('past medical conditions (medical history list)'),
  obstetricHistory: history('obstetric history (obstetric history list)'),
  morbidities: history('pregnancy co-morbidities (pregnancy co-morbidity list)'),
};
