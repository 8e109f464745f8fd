import { emptyCaseForm, type CaseForm, type Infant } from '../api/case-form.js';
import { CAESAREAN_DETAIL_MANNERS, CS_TYPE, LABOR_ONSET, PRESENTATION_OF_MANNER, VBAC_MANNERS } from '../enums/delivery.enum.js';
import { expectedBirthWeightRange } from '../validation/plausibility.js';

/** The fixed "today" of every rule test: rules never read the clock. */
export const TODAY = '2026-11-21';

export function healthyInfant(overrides: Partial<Infant> = {}): Infant {
  return {
    status: 1, anomalies: false, anomalyOthers: null, pediatricAge: 39, pediatricWeight: 3200, pediatricHeight: 50,
    apgar1m: 8, apgar5m: 9, injury: 8, causeofdeath: null, specificcause: null, ...overrides,
  };
}

/**
 * The Robson answers (issue 28) that agree with a fixture's other answers, for those its overrides
 * leave out: a previous caesarean when a repeat CS, a VBAC manner or TOLAC says so (else none); an
 * induced onset when labor was induced, no labor for a caesarean without a trial of labor, else a
 * spontaneous one; the presentation the manner says, else cephalic.
 */
function agreeingRobsonAnswers(form: CaseForm): Pick<CaseForm, 'previousCaesareans' | 'laborOnset' | 'fetalPresentation'> {
  const manners = [form.deliveryManner, form.deliveryManner2];
  const afterCaesarean = form.primaryRepeat === CS_TYPE.REPEAT || form.primaryRepeat2 === CS_TYPE.REPEAT || form.isTOLAC === true
    || manners.some((m) => typeof m === 'number' && VBAC_MANNERS.includes(m));
  const caesarean = typeof form.deliveryManner === 'number' && CAESAREAN_DETAIL_MANNERS.includes(form.deliveryManner);
  const onset = form.isInduced === true ? LABOR_ONSET.INDUCED : caesarean && form.isTOLAC !== true ? LABOR_ONSET.NO_LABOR : LABOR_ONSET.SPONTANEOUS;
  return {
    previousCaesareans: afterCaesarean ? 1 : 0,
    laborOnset: onset,
    fetalPresentation: (typeof form.deliveryManner === 'number' ? PRESENTATION_OF_MANNER[form.deliveryManner] : undefined) ?? 1,
  };
}

/**
 * An OB case, delivered by primary caesarean section, that satisfies every close rule of SPEC.md §5:
 * multiparous (P 1), no previous caesarean, a single cephalic fetus at 39 weeks, caesarean before
 * labor (Robson group 4b). The Robson answers its overrides leave out agree with what they set.
 */
export function closableObCase(overrides: Partial<CaseForm> = {}): CaseForm {
  const form = closableObBase(overrides);
  const agreeing = agreeingRobsonAnswers(form);
  for (const field of ['previousCaesareans', 'laborOnset', 'fetalPresentation'] as const) {
    if (!(field in overrides)) form[field] = agreeing[field];
  }
  // A newborn is born at the delivery's age of gestation, with a weight usual for it (the
  // plausibility rules): infants the overrides do not name follow an overridden delivery AOG.
  const weeks = form.deliveryWeeks;
  if (!('neonatal' in overrides) && typeof weeks === 'number') {
    const usual = expectedBirthWeightRange(weeks);
    form.neonatal = (form.neonatal ?? []).map((infant) => {
      const weight = infant.pediatricWeight;
      const fits = !usual || (typeof weight === 'number' && weight >= usual.low && weight <= usual.high);
      return { ...infant, pediatricAge: weeks, pediatricWeight: fits ? weight : Math.round((usual.low + usual.high) / 2) };
    });
  }
  return form;
}

function closableObBase(overrides: Partial<CaseForm>): CaseForm {
  return {
    ...emptyCaseForm('patient-1', 'C-0001'),
    _id: 'case-1',
    caseFormType: 1, isPregnancy: true, isGyne: false,
    admissionDate: '2026-11-10', dischargeDate: '2026-11-14', age: 28, weight: 65, height: 160, bmi: 25.39,
    pcosHistory: false,
    obscoreG: 2, obscoreP: 1, obscoreFT: 1, obscorePr: 0, obscoreAb: 0, obscoreLB: 1,
    complicatedPregnancy: false, isPostpartum: false,
    admissionAOGType: 1, admissionWeeks: 39, admissionDays: 2, admissionAOG: 6,
    pregnancyType: 1, isDelivered: true, institutionalDelivery: 1, infantsNumber: 1, isTOLAC: false,
    deliveryDate: '2026-11-11', deliveryAOGType: 1, deliveryWeeks: 39, deliveryDays: 3, deliveryAOG: 6,
    deliveryManner: 1, primaryRepeat: 1, incision: 1, CSBilateralSalpingectomy: false, CSBTL: false,
    deliveryIndication: [101], isInduced: false,
    morbidities: [{ conditionId: 1601, categoryId: 16 }],
    neonatal: [healthyInfant()],
    MIGSSurgeon: 3, MIGSAssist: 3,
    motherCondition: 1,
    version: 3,
    ...overrides,
  };
}

/** A gyne case (cervical cancer, laparoscopic surgery by a PSGE fellow) that satisfies every close rule. */
export function closableGyneCase(overrides: Partial<CaseForm> = {}): CaseForm {
  return {
    ...emptyCaseForm('patient-2', 'G-0001'),
    _id: 'case-2',
    caseFormType: 2, isPregnancy: false, isGyne: true,
    admissionDate: '2026-10-01', dischargeDate: '2026-10-05', age: 51, weight: 58, height: 155, bmi: 24.14,
    pcosHistory: false,
    obscoreG: 3, obscoreP: 3, obscoreFT: 3, obscorePr: 0, obscoreAb: 0, obscoreLB: 3,
    gyneOrgan: 2, organCondition: 2, gyneDiagnosis: 14,
    gynecologicalDiagnosis: [{ conditionId: 1401, categoryId: 14, gyneStage: 12 }],
    concomitantProcedure: [{ conditionId: 702, categoryId: 7, procedureType: 4 }],
    MIGSSurgeon: 1, MIGSSurgeonPSGE: true, MIGSAssist: 2,
    motherCondition: 1,
    version: 1,
    ...overrides,
  };
}
