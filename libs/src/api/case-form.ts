/**
 * The PNSS case form as the API carries it. Field names are exactly those of SPEC.md §3
 * "Patient case (form)". Calendar dates (admission, discharge, delivery, birth) are ISO 8601
 * date-only strings 'YYYY-MM-DD'; instants (createdAt, updatedAt) are full ISO 8601 strings.
 * An unanswered question is `null`; the list maps of the form travel as arrays.
 */

/**
 * 'YYYY-MM-DD'.
 * @format date
 * @maxLength 10
 */
export type IsoDate = string;
/**
 * Full ISO 8601 instant, UTC.
 * @format date-time
 * @maxLength 30
 */
export type IsoDateTime = string;

/** One entry of a history list (medicalHistory, obstetricHistory, morbidities, gynemorbidities, procedures). */
export interface HistoryEntry {
  conditionId: number;
  categoryId: number;
  /** Free text when the condition is 999999 Others. */
  others?: string | null;
  /** Procedure entries only: SPEC.md §3 procedure type (procedureTypeForCategory). */
  procedureType?: number | null;
}

/** One gynecologic diagnosis (gynecologicalDiagnosis). */
export interface GyneDiagnosisEntry {
  conditionId: number;
  categoryId: number;
  gyneStage?: number | null;
  /** Free text for 999999 Others ('Specify histopath diagnosis'). */
  othersField?: string | null;
}

/** One neonatal record (SPEC.md §3 "Infant (neonatal item)"). */
export interface Infant {
  /** INFANT_STATUSES; 2 to 6 count as mortality. */
  status: number | null;
  /** Congenital anomalies present (WITH) or not (WITHOUT). */
  anomalies: boolean | null;
  anomalyOthers: string | null;
  /** Gestational age by pediatric assessment, in completed weeks. */
  pediatricAge: number | null;
  /** Grams. */
  pediatricWeight: number | null;
  /** Centimetres. */
  pediatricHeight: number | null;
  apgar1m: number | null;
  apgar5m: number | null;
  /** BIRTH_TRAUMAS. */
  injury: number | null;
  /** Group id of the neonatalConditions list (M1-M5). */
  causeofdeath: number | null;
  /** Condition id within that group. */
  specificcause: number | null;
}

/** The gyne form draft of SPEC.md §3, kept as the spec names it. */
export interface GyneFormDraft {
  Id?: string | null;
  service?: string | null;
  admissionDate?: IsoDate | null;
  admissionRoom?: string | null;
  category?: number | null;
  condition?: number | null;
  categoryLaterality?: number | null;
  operation?: number | null;
  approach?: number | null;
  procedure?: number | null;
  operationLaterality?: number | null;
  hysterectomy?: boolean | null;
  dischargeDate?: IsoDate | null;
  status?: string | null;
}

export interface CaseForm {
  // Identity and status
  _id: string | null;
  patientid: string;
  caseNum: string;
  /** 1 OB, 2 GYNE. */
  caseFormType: number | null;
  isGyne: boolean;
  isPregnancy: boolean;
  isClose: boolean;
  isArchived: boolean;
  submissionId: string | null;
  room: string | null;
  admissionDate: IsoDate | null;
  dischargeDate: IsoDate | null;
  /** Whole years at admission, derived from the patient's birth date. */
  age: number | null;
  /** Kilograms. */
  weight: number | null;
  /** Centimetres. */
  height: number | null;
  /** Derived: weight / (height in m)^2, 2 decimals. */
  bmi: number | null;

  // Admission gestational age
  admissionAOGType: number | null;
  /** AOG_RANGES id: derived from weeks when exact, chosen when estimated. */
  admissionAOG: number | null;
  admissionWeeks: number | null;
  admissionDays: number | null;

  // Pregnancy
  pregnancyType: number | null;
  isHeterotopic: boolean | null;
  abortionType: number | null;
  ectopicType: number | null;
  molarType: number | null;
  isPostpartum: boolean | null;
  isDelivered: boolean | null;
  /** DELIVERY_PLACES: 1 Institutional, 2 Noninstitutional/Transit. */
  institutionalDelivery: number | null;
  infantsNumber: number | null;
  neonatal: Infant[];
  isTOLAC: boolean | null;
  complicatedPregnancy: boolean | null;
  isInduced: boolean | null;
  inducedIndication: number | null;
  inducedMethod: number | null;
  inducedComplication: number | null;
  returnToOR: boolean | null;
  pcosHistory: boolean | null;
  pcosSymptoms: number[];

  // OB score
  obscoreG: number | null;
  obscoreP: number | null;
  obscoreFT: number | null;
  obscorePr: number | null;
  obscoreAb: number | null;
  obscoreLB: number | null;

  // Delivery
  deliveryDate: IsoDate | null;
  deliveryAOGType: number | null;
  deliveryAOG: number | null;
  deliveryWeeks: number | null;
  deliveryDays: number | null;
  // Robson classification (WHO 2015): asked for every delivery, beside parity, infants and AOG
  /** Previous caesarean sections: 0 for none. */
  previousCaesareans: number | null;
  /** LABOR_ONSETS: 1 spontaneous, 2 induced, 3 no labor (caesarean before labor). */
  laborOnset: number | null;
  /** FETAL_PRESENTATIONS of the first or only fetus: 1 cephalic, 2 breech, 3 transverse or oblique. */
  fetalPresentation: number | null;
  deliveryManner: number | null;
  primaryRepeat: number | null;
  incision: number | null;
  CSBilateralSalpingectomy: boolean | null;
  CSBTL: boolean | null;
  /** Indication ids of the deliveryIndications list. */
  deliveryIndication: number[];
  /** Free text when indication 999999 Others is chosen. */
  deliveryIndicationOthers: string | null;
  // Second twin
  deliveryManner2: number | null;
  primaryRepeat2: number | null;
  incision2: number | null;
  CSBilateralSalpingectomy2: boolean | null;
  CSBTL2: boolean | null;
  deliveryIndication2: number[];
  deliveryIndicationOthers2: string | null;

  // Gyne
  gyneOrgan: number | null;
  /** TUMOR_CLASSES. */
  organCondition: number | null;
  /** The principal diagnosis category of the gyneDiagnosis list. */
  gyneDiagnosis: number | null;
  gynecologicalDiagnosis: GyneDiagnosisEntry[];
  gynemorbidities: HistoryEntry[];
  hasFailedMIS: boolean | null;
  gtdDiagnosis: number | null;
  gtdComplication: number | null;
  gtdComplicationOthers: string | null;
  medicalSurgical: number | null;
  surgicalIntervention: number | null;
  surgicalInterventionOthers: string | null;
  concomitantProcedure: HistoryEntry[];
  obProcedure: HistoryEntry[];
  isMedical: boolean | null;
  isSurgical: boolean | null;
  isChemotherapy: boolean | null;
  isRadiotherapy: boolean | null;
  isOthers: boolean | null;
  otherProcedure: string | null;
  gyneForm?: GyneFormDraft | null;

  // MIGS: 1 FELLOW, 2 NO, 3 N/A
  MIGSSurgeon: number | null;
  MIGSAssist: number | null;
  MIGSSurgeonPSGE: boolean;
  MIGSSurgeonPSRM: boolean;
  MIGSAssistPSGE: boolean;
  MIGSAssistPSRM: boolean;

  // Discharge
  /** MOTHER_CONDITIONS; 3 = death. */
  motherCondition: number | null;
  /** maternalDeathCauses top level: 1 Direct, 2 Indirect, 3 Nonmaternal. */
  antecedent: number | null;
  /** maternalDeathCauses subcause within the antecedent (e.g. 11 Hemorrhage). */
  antecedentType: number | null;
  /** maternalDeathCauses specific cause within the type. */
  antecedentCause: number | null;
  /** CAUSES_OF_DEATH; 8 Others with immediateCauseOthers. */
  immediateCause: number | null;
  immediateCauseOthers: string | null;
  /** TIMINGS. */
  complicationOnset: number | null;
  complicationOnsetSpecific: string | null;
  /** TIMINGS. */
  deathTiming: number | null;
  /** DEATH_TRIMESTERS. */
  deathTimingComplication: number | null;
  deathReviewed: boolean | null;

  // History maps, sent as arrays
  medicalHistory: HistoryEntry[];
  obstetricHistory: HistoryEntry[];
  morbidities: HistoryEntry[];

  /** Optimistic concurrency: the server refuses an update whose version is not the stored one. */
  version: number;
  createdAt?: IsoDateTime;
  updatedAt?: IsoDateTime;
}

/**
 * The case fields the server owns (SPEC.md §4): the lifecycle routes (close, reopen, archive, a census
 * package) and the server's clock set them; a client never does. This is the one list: the form's
 * payload, its "unsaved edits" check, the conflict dialog, the server's DTO and the audit log read it.
 */
export const SERVER_OWNED_CASE_FIELDS = ['isClose', 'isArchived', 'submissionId', 'createdAt', 'updatedAt'] as const satisfies ReadonlyArray<keyof CaseForm>;
/** The server-owned fields that are the server's clock, not the case's state. */
export const CASE_TIMESTAMP_FIELDS = ['createdAt', 'updatedAt'] as const satisfies ReadonlyArray<ServerOwnedCaseField>;
export type ServerOwnedCaseField = (typeof SERVER_OWNED_CASE_FIELDS)[number];

/** The case's identity: set once by the server, sent back only to name the case of the address. */
export const CASE_IDENTITY_FIELDS = ['_id', 'patientid'] as const satisfies ReadonlyArray<keyof CaseForm>;

/**
 * Bookkeeping, not clinical content: identity, server-owned fields and the version. Left out when
 * deciding whether the user has unsaved edits, offering a field in the conflict dialog, or auditing.
 */
export const CASE_BOOKKEEPING_FIELDS: ReadonlyArray<keyof CaseForm> = [...CASE_IDENTITY_FIELDS, ...SERVER_OWNED_CASE_FIELDS, 'version'];

/** Body of POST /api/patients/:patientid/cases and PUT .../cases/:caseid. */
export type CaseFormPayload = Omit<CaseForm, '_id' | ServerOwnedCaseField> & {
  _id?: string | null;
  /**
   * The fields whose soft plausibility warning (`softWarnings`) the user confirmed. A save that
   * brings an unconfirmed warning is refused (400, one error per field with the warning's message).
   */
  confirmedWarnings?: string[];
};

/** The form without its server-owned fields: what a client sends on save. */
export function withoutServerOwned(form: CaseForm): CaseFormPayload {
  const payload: Record<string, unknown> = { ...form };
  for (const field of SERVER_OWNED_CASE_FIELDS) delete payload[field];
  return payload as CaseFormPayload;
}

/** Reply of PUT .../close and .../reopen (SPEC.md §7: may carry error or message). */
export interface CaseStateResponse {
  _id: string;
  isClose: boolean;
  isArchived: boolean;
  version: number;
  message?: string;
  error?: string;
}

export function emptyInfant(): Infant {
  return {
    status: null, anomalies: null, anomalyOthers: null, pediatricAge: null, pediatricWeight: null,
    pediatricHeight: null, apgar1m: null, apgar5m: null, injury: null, causeofdeath: null, specificcause: null,
  };
}

/** A blank case form for a patient: every question unanswered, every list empty. */
export function emptyCaseForm(patientid: string, caseNum = ''): CaseForm {
  return {
    _id: null, patientid, caseNum, caseFormType: null, isGyne: false, isPregnancy: false, isClose: false,
    isArchived: false, submissionId: null, room: null, admissionDate: null, dischargeDate: null, age: null,
    weight: null, height: null, bmi: null,
    admissionAOGType: null, admissionAOG: null, admissionWeeks: null, admissionDays: null,
    pregnancyType: null, isHeterotopic: null, abortionType: null, ectopicType: null, molarType: null,
    isPostpartum: null, isDelivered: null, institutionalDelivery: null, infantsNumber: null, neonatal: [],
    isTOLAC: null, complicatedPregnancy: null, isInduced: null, inducedIndication: null, inducedMethod: null,
    inducedComplication: null, returnToOR: null, pcosHistory: null, pcosSymptoms: [],
    obscoreG: null, obscoreP: null, obscoreFT: null, obscorePr: null, obscoreAb: null, obscoreLB: null,
    deliveryDate: null, deliveryAOGType: null, deliveryAOG: null, deliveryWeeks: null, deliveryDays: null,
    previousCaesareans: null, laborOnset: null, fetalPresentation: null,
    deliveryManner: null, primaryRepeat: null, incision: null, CSBilateralSalpingectomy: null, CSBTL: null,
    deliveryIndication: [], deliveryIndicationOthers: null,
    deliveryManner2: null, primaryRepeat2: null, incision2: null, CSBilateralSalpingectomy2: null, CSBTL2: null,
    deliveryIndication2: [], deliveryIndicationOthers2: null,
    gyneOrgan: null, organCondition: null, gyneDiagnosis: null, gynecologicalDiagnosis: [], gynemorbidities: [],
    hasFailedMIS: null, gtdDiagnosis: null, gtdComplication: null, gtdComplicationOthers: null,
    medicalSurgical: null, surgicalIntervention: null, surgicalInterventionOthers: null, concomitantProcedure: [],
    obProcedure: [], isMedical: null, isSurgical: null, isChemotherapy: null, isRadiotherapy: null, isOthers: null,
    otherProcedure: null,
    MIGSSurgeon: null, MIGSAssist: null, MIGSSurgeonPSGE: false, MIGSSurgeonPSRM: false, MIGSAssistPSGE: false,
    MIGSAssistPSRM: false,
    motherCondition: null, antecedent: null, antecedentType: null, antecedentCause: null, immediateCause: null,
    immediateCauseOthers: null, complicationOnset: null, complicationOnsetSpecific: null, deathTiming: null,
    deathTimingComplication: null, deathReviewed: null,
    medicalHistory: [], obstetricHistory: [], morbidities: [],
    version: 0,
  };
}

/** Every key a case form may carry, for the server's unknown-field check. */
export const CASE_FORM_FIELDS: ReadonlyArray<keyof CaseForm> = [
  ...(Object.keys(emptyCaseForm('')) as Array<keyof CaseForm>), 'gyneForm', 'createdAt', 'updatedAt',
];
