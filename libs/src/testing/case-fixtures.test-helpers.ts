import { emptyCaseForm, type CaseForm, type Infant } from '../api/case-form.js';

/** The fixed "today" of every rule test: rules never read the clock. */
export const TODAY = '2026-11-21';

export function healthyInfant(overrides: Partial<Infant> = {}): Infant {
  return {
    status: 1, anomalies: false, anomalyOthers: null, pediatricAge: 39, pediatricWeight: 3200, pediatricHeight: 50,
    apgar1m: 8, apgar5m: 9, injury: 8, causeofdeath: null, specificcause: null, ...overrides,
  };
}

/**
 * An OB case, delivered by primary caesarean section, that satisfies every close rule of SPEC.md §5:
 * multiparous (P 1), no previous caesarean, a single cephalic fetus at 39 weeks, caesarean before
 * labor (Robson group 4b).
 */
export function closableObCase(overrides: Partial<CaseForm> = {}): CaseForm {
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
    previousCaesareans: 0, laborOnset: 3, fetalPresentation: 1,
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
