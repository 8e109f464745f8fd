import type { CaseForm, Infant } from '../api/case-form.js';
import { PREGNANCY_TYPE } from '../enums/pregnancy.enum.js';
import {
  areIndicationsShown, areMigsBoxesShown, isAnomalyOthersShown, isCaesareanDetailShown, isCauseOfDeathShown,
  isDeathReviewedShown, isDeliveredApplicable, isDeliveryMannerShown, isDeliverySectionShown, isExactAog,
  isGtdComplicationOthersShown, isGtdShown, isGyneSectionShown, isImmediateCauseOthersShown, isIndicationOthersShown,
  isMaternalDeath, isMorbiditiesShown, isNeonatalShown, isObProceduresShown, isPcosSymptomsShown,
  isPregnancyComplicationsShown, isPregnant, isSecondTwinShown, isSurgicalInterventionOthersShown,
  type CaseFormView,
} from './case-visibility.rules.js';

type Predicate = (form: CaseFormView) => boolean;

const pregnantWithType = (type: number): Predicate => (f) => isPregnant(f) && f.pregnancyType === type;
const delivered: Predicate = isDeliverySectionShown;
const induced: Predicate = (f) => delivered(f) && f.isInduced === true;
const secondTwinCaesarean: Predicate = (f) => isSecondTwinShown(f) && isCaesareanDetailShown(f.deliveryManner2);
const secondTwinIndications: Predicate = (f) => isSecondTwinShown(f) && areIndicationsShown(f.deliveryManner2);
const caesarean: Predicate = (f) => isDeliveryMannerShown(f) && isCaesareanDetailShown(f.deliveryManner);
const indications: Predicate = (f) => isDeliveryMannerShown(f) && areIndicationsShown(f.deliveryManner);

/**
 * When each conditional field of the case form may hold a value. A field not listed here is
 * always shown. `applyCaseChange` empties every field whose predicate is false, the form hides
 * it, and the close-case check only requires it when its predicate is true.
 */
export const CASE_FIELD_VISIBILITY: Partial<Record<keyof CaseForm, Predicate>> = {
  admissionAOGType: isPregnant,
  admissionAOG: isPregnant,
  admissionWeeks: (f) => isPregnant(f) && isExactAog(f.admissionAOGType),
  admissionDays: (f) => isPregnant(f) && isExactAog(f.admissionAOGType),
  pregnancyType: isPregnant,
  isHeterotopic: pregnantWithType(PREGNANCY_TYPE.MULTIPLE),
  abortionType: pregnantWithType(PREGNANCY_TYPE.ABORTION),
  ectopicType: pregnantWithType(PREGNANCY_TYPE.ECTOPIC),
  molarType: pregnantWithType(PREGNANCY_TYPE.MOLAR),
  isPostpartum: isPregnant,
  isDelivered: isDeliveredApplicable,
  infantsNumber: isDeliveredApplicable,
  complicatedPregnancy: isPregnant,
  returnToOR: isPregnancyComplicationsShown,
  morbidities: isMorbiditiesShown,
  obProcedure: isObProceduresShown,
  pcosSymptoms: isPcosSymptomsShown,

  institutionalDelivery: delivered,
  isTOLAC: delivered,
  isInduced: delivered,
  inducedIndication: induced,
  inducedMethod: induced,
  inducedComplication: induced,
  deliveryDate: delivered,
  deliveryAOGType: delivered,
  deliveryAOG: delivered,
  deliveryWeeks: (f) => delivered(f) && isExactAog(f.deliveryAOGType),
  deliveryDays: (f) => delivered(f) && isExactAog(f.deliveryAOGType),
  previousCaesareans: delivered,
  laborOnset: delivered,
  fetalPresentation: delivered,
  deliveryManner: isDeliveryMannerShown,
  primaryRepeat: caesarean,
  incision: caesarean,
  CSBilateralSalpingectomy: caesarean,
  CSBTL: caesarean,
  deliveryIndication: indications,
  deliveryIndicationOthers: (f) => indications(f) && isIndicationOthersShown(f.deliveryIndication),
  deliveryManner2: isSecondTwinShown,
  primaryRepeat2: secondTwinCaesarean,
  incision2: secondTwinCaesarean,
  CSBilateralSalpingectomy2: secondTwinCaesarean,
  CSBTL2: secondTwinCaesarean,
  deliveryIndication2: secondTwinIndications,
  deliveryIndicationOthers2: (f) => secondTwinIndications(f) && isIndicationOthersShown(f.deliveryIndication2),
  neonatal: isNeonatalShown,

  gyneOrgan: isGyneSectionShown,
  organCondition: isGyneSectionShown,
  gyneDiagnosis: isGyneSectionShown,
  gynecologicalDiagnosis: isGyneSectionShown,
  gynemorbidities: isGyneSectionShown,
  hasFailedMIS: isGyneSectionShown,
  gtdDiagnosis: isGtdShown,
  gtdComplication: isGtdShown,
  gtdComplicationOthers: isGtdComplicationOthersShown,
  medicalSurgical: isGyneSectionShown,
  surgicalIntervention: isGyneSectionShown,
  surgicalInterventionOthers: isSurgicalInterventionOthersShown,
  concomitantProcedure: isGyneSectionShown,
  isMedical: isGyneSectionShown,
  isSurgical: isGyneSectionShown,
  isChemotherapy: isGyneSectionShown,
  isRadiotherapy: isGyneSectionShown,
  isOthers: isGyneSectionShown,
  otherProcedure: (f) => isGyneSectionShown(f) && f.isOthers === true,

  MIGSSurgeonPSGE: (f) => areMigsBoxesShown(f.MIGSSurgeon),
  MIGSSurgeonPSRM: (f) => areMigsBoxesShown(f.MIGSSurgeon),
  MIGSAssistPSGE: (f) => areMigsBoxesShown(f.MIGSAssist),
  MIGSAssistPSRM: (f) => areMigsBoxesShown(f.MIGSAssist),

  antecedent: isMaternalDeath,
  antecedentType: isMaternalDeath,
  antecedentCause: isMaternalDeath,
  immediateCause: isMaternalDeath,
  immediateCauseOthers: isImmediateCauseOthersShown,
  complicationOnset: isMaternalDeath,
  complicationOnsetSpecific: (f) => isMaternalDeath(f) && f.complicationOnset != null,
  deathTiming: isMaternalDeath,
  deathTimingComplication: isMaternalDeath,
  deathReviewed: isDeathReviewedShown,
};

/** When each conditional field of a neonatal record may hold a value. */
export const INFANT_FIELD_VISIBILITY: Partial<Record<keyof Infant, (infant: Partial<Infant>) => boolean>> = {
  anomalyOthers: isAnomalyOthersShown,
  causeofdeath: isCauseOfDeathShown,
  specificcause: isCauseOfDeathShown,
};

/** Whether a case-form field is shown for this form. */
export function isFieldShown(field: keyof CaseForm, form: CaseFormView): boolean {
  const predicate = CASE_FIELD_VISIBILITY[field];
  return predicate ? predicate(form) : true;
}

export function isInfantFieldShown(field: keyof Infant, infant: Partial<Infant>): boolean {
  const predicate = INFANT_FIELD_VISIBILITY[field];
  return predicate ? predicate(infant) : true;
}

const LIST_FIELDS: ReadonlyArray<keyof CaseForm> = [
  'neonatal', 'pcosSymptoms', 'deliveryIndication', 'deliveryIndication2', 'gynecologicalDiagnosis', 'gynemorbidities',
  'concomitantProcedure', 'obProcedure', 'medicalHistory', 'obstetricHistory', 'morbidities',
];
const CHECKBOX_FIELDS: ReadonlyArray<keyof CaseForm> = ['MIGSSurgeonPSGE', 'MIGSSurgeonPSRM', 'MIGSAssistPSGE', 'MIGSAssistPSRM'];

/** The value a hidden field holds: [] for lists, false for checkboxes, null for every question. */
export function emptyValueFor(field: keyof CaseForm): [] | false | null {
  if (LIST_FIELDS.includes(field)) return [];
  if (CHECKBOX_FIELDS.includes(field)) return false;
  return null;
}

export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === false || (Array.isArray(value) && value.length === 0);
}
