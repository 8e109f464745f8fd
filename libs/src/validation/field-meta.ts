/** The left-nav sections of the case form (SPEC.md §2), in their order. */
export const CASE_SECTIONS = [
  'Admission',
  'Obstetric History',
  'Delivery',
  'Co-morbidities',
  'Gynecological Conditions',
  'MIGS Information',
  'Discharge',
] as const;
export type CaseSection = (typeof CASE_SECTIONS)[number];

export interface FieldMeta {
  label: string;
  section: CaseSection;
}

const A: CaseSection = 'Admission';
const O: CaseSection = 'Obstetric History';
const D: CaseSection = 'Delivery';
const C: CaseSection = 'Co-morbidities';
const G: CaseSection = 'Gynecological Conditions';
const M: CaseSection = 'MIGS Information';
const X: CaseSection = 'Discharge';

/**
 * Label and left-nav section of every case-form field: the form's labels, the nav flags and the
 * close dialog all read this table. Neonatal fields are keyed `neonatal[].field`.
 */
export const FIELD_META: Readonly<Record<string, FieldMeta>> = {
  caseNum: { label: 'Case #', section: A },
  caseFormType: { label: 'Case Type', section: A },
  room: { label: 'Room', section: A },
  admissionDate: { label: 'Admission Date', section: A },
  age: { label: 'Age on Admission', section: A },
  weight: { label: 'Weight (kg)', section: A },
  height: { label: 'Height (cm)', section: A },
  bmi: { label: 'BMI', section: A },
  isPregnancy: { label: 'Pregnant', section: A },
  isGyne: { label: 'Gyne Case', section: A },
  admissionAOGType: { label: 'AOG on Admission Type', section: A },
  admissionAOG: { label: 'AOG on Admission', section: A },
  admissionWeeks: { label: 'AOG on Admission (weeks)', section: A },
  admissionDays: { label: 'AOG on Admission (days)', section: A },
  pregnancyType: { label: 'Type of Pregnancy', section: A },
  isHeterotopic: { label: 'Heterotopic Pregnancy', section: A },
  abortionType: { label: 'Type of Abortion', section: A },
  ectopicType: { label: 'Type of Ectopic Pregnancy', section: A },
  molarType: { label: 'Type of Molar Pregnancy', section: A },
  isPostpartum: { label: 'Admitted Postpartum', section: A },
  isDelivered: { label: 'Has patient delivered?', section: A },
  isTOLAC: { label: 'Trial of Labor after Caesarean (TOLAC)', section: A },
  complicatedPregnancy: { label: 'Complicated Pregnancy', section: A },
  returnToOR: { label: 'Return to OR', section: A },
  pcosHistory: { label: 'History of PCOS', section: A },
  pcosSymptoms: { label: 'PCOS Symptoms', section: A },

  obscoreG: { label: 'OB Score G', section: O },
  obscoreP: { label: 'OB Score P', section: O },
  obscoreFT: { label: 'OB Score FT', section: O },
  obscorePr: { label: 'OB Score Pr', section: O },
  obscoreAb: { label: 'OB Score Ab', section: O },
  obscoreLB: { label: 'OB Score LB', section: O },
  obstetricHistory: { label: 'Obstetric History', section: O },

  institutionalDelivery: { label: 'Institutional Delivery', section: D },
  infantsNumber: { label: 'Number of Infants', section: D },
  deliveryDate: { label: 'Delivery Date', section: D },
  deliveryAOGType: { label: 'AOG on Delivery Type', section: D },
  deliveryAOG: { label: 'AOG on Delivery', section: D },
  deliveryWeeks: { label: 'AOG on Delivery (weeks)', section: D },
  deliveryDays: { label: 'AOG on Delivery (days)', section: D },
  previousCaesareans: { label: 'Previous Caesarean Sections', section: D },
  laborOnset: { label: 'Onset of Labor', section: D },
  fetalPresentation: { label: 'Presentation or Lie', section: D },
  deliveryManner: { label: 'Manner of Delivery', section: D },
  primaryRepeat: { label: 'Primary/Repeat CS', section: D },
  incision: { label: 'CS Incision', section: D },
  CSBilateralSalpingectomy: { label: 'Bilateral Salpingectomy', section: D },
  CSBTL: { label: 'BTL', section: D },
  deliveryIndication: { label: 'Indications', section: D },
  deliveryIndicationOthers: { label: 'Other Indication', section: D },
  deliveryManner2: { label: 'Manner of Delivery (Second Twin)', section: D },
  primaryRepeat2: { label: 'Primary/Repeat CS (Second Twin)', section: D },
  incision2: { label: 'CS Incision (Second Twin)', section: D },
  CSBilateralSalpingectomy2: { label: 'Bilateral Salpingectomy (Second Twin)', section: D },
  CSBTL2: { label: 'BTL (Second Twin)', section: D },
  deliveryIndication2: { label: 'Indications (Second Twin)', section: D },
  deliveryIndicationOthers2: { label: 'Other Indication (Second Twin)', section: D },
  isInduced: { label: 'Induced Labor', section: D },
  inducedIndication: { label: 'Indication for Induction', section: D },
  inducedMethod: { label: 'Method of Induction', section: D },
  inducedComplication: { label: 'Complication of Induction', section: D },
  neonatal: { label: 'Neonatal Outcome', section: D },
  'neonatal[].status': { label: 'Birth Outcome', section: D },
  'neonatal[].anomalies': { label: 'Congenital Anomalies', section: D },
  'neonatal[].anomalyOthers': { label: 'Specify Anomalies', section: D },
  'neonatal[].pediatricAge': { label: 'Pediatric AOG (weeks)', section: D },
  'neonatal[].pediatricWeight': { label: 'Birth Weight (g)', section: D },
  'neonatal[].pediatricHeight': { label: 'Birth Length (cm)', section: D },
  'neonatal[].apgar1m': { label: 'Apgar 1 m', section: D },
  'neonatal[].apgar5m': { label: 'Apgar 5 m', section: D },
  'neonatal[].injury': { label: 'Birth Trauma', section: D },
  'neonatal[].causeofdeath': { label: 'Cause of Death', section: D },
  'neonatal[].specificcause': { label: 'Specific Cause', section: D },

  medicalHistory: { label: 'Past Medical Conditions', section: C },
  morbidities: { label: 'Pregnancy Co-morbidities', section: C },
  obProcedure: { label: 'OB Procedures', section: C },

  gyneOrgan: { label: 'Gyne Organ', section: G },
  organCondition: { label: 'Organ Condition', section: G },
  gyneDiagnosis: { label: 'Principal Gyne Diagnosis', section: G },
  gynecologicalDiagnosis: { label: 'Gynecologic Diagnosis', section: G },
  gynemorbidities: { label: 'Gyne Co-morbidities', section: G },
  hasFailedMIS: { label: 'Failed MIS', section: G },
  gtdDiagnosis: { label: 'GTD Diagnosis', section: G },
  gtdComplication: { label: 'GTD Complication', section: G },
  gtdComplicationOthers: { label: 'Other GTD Complication', section: G },
  medicalSurgical: { label: 'Management', section: G },
  surgicalIntervention: { label: 'Surgical Intervention', section: G },
  surgicalInterventionOthers: { label: 'Other Surgical Intervention', section: G },
  concomitantProcedure: { label: 'Gyne Procedures', section: G },
  isMedical: { label: 'Medical Treatment', section: G },
  isSurgical: { label: 'Surgical Treatment', section: G },
  isChemotherapy: { label: 'Chemotherapy', section: G },
  isRadiotherapy: { label: 'Radiotherapy', section: G },
  isOthers: { label: 'Other Treatment', section: G },
  otherProcedure: { label: 'Specify Other Treatment', section: G },

  MIGSSurgeon: { label: 'MIGS Surgeon', section: M },
  MIGSAssist: { label: 'MIGS Assist', section: M },
  MIGSSurgeonPSGE: { label: 'Surgeon PSGE', section: M },
  MIGSSurgeonPSRM: { label: 'Surgeon PSRM', section: M },
  MIGSAssistPSGE: { label: 'Assist PSGE', section: M },
  MIGSAssistPSRM: { label: 'Assist PSRM', section: M },

  dischargeDate: { label: 'Discharge Date', section: X },
  motherCondition: { label: 'Mother Condition', section: X },
  antecedent: { label: 'Antecedent Cause Group', section: X },
  antecedentType: { label: 'Antecedent Cause Type', section: X },
  antecedentCause: { label: 'Antecedent Cause', section: X },
  immediateCause: { label: 'Immediate Cause', section: X },
  immediateCauseOthers: { label: 'Other Immediate Cause', section: X },
  complicationOnset: { label: 'Onset of Complication', section: X },
  complicationOnsetSpecific: { label: 'Specify Onset', section: X },
  deathTiming: { label: 'Timing of Death', section: X },
  deathTimingComplication: { label: 'Trimester of Complication', section: X },
  deathReviewed: { label: 'Death Reviewed', section: X },
};

const INFANT_PATH = /^neonatal\[(\d+)\]\.(\w+)$/;

/** Label and section of a field path; 'neonatal[1].apgar1m' reads 'Infant 2: Apgar 1 m'. */
export function fieldMeta(path: string): FieldMeta {
  const infant = INFANT_PATH.exec(path);
  if (infant) {
    const meta = FIELD_META[`neonatal[].${infant[2]}`];
    const label = meta?.label ?? infant[2];
    return { label: `Infant ${Number(infant[1]) + 1}: ${label}`, section: 'Delivery' };
  }
  return FIELD_META[path] ?? { label: path, section: 'Admission' };
}
