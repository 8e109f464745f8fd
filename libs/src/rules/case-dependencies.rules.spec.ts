import { emptyCaseForm, type CaseForm } from '../api/case-form.js';
import { closableGyneCase, closableObCase, healthyInfant } from '../testing/case-fixtures.test-helpers.js';
import {
  allowedDeliveryManners, applyCaseChange, areIndicationsShown, caseActions, caseStatus, infantDeathCount, isAdmitted,
  isCaesareanDetailShown, isCauseOfDeathShown, isDeathReviewedShown, isDeliveredQuestionShown, isDeliverySectionShown,
  isFieldShown, isInfantFieldShown, isInfantNumberInputShown, isMorbiditiesShown, isNormalDeliveryVariant,
  isPostpartumVariant, isSecondTwinShown, livebirthCount, normalizeCaseForm, sameValue, submissionCaseTypes,
  isPregnancyComplicationsShown, isGyneSectionShown, isObProceduresShown, isEmptyValue, emptyValueFor,
} from './index.js';

const blank = () => emptyCaseForm('p-1', 'C-1');
const pregnant = (overrides: Partial<CaseForm> = {}) => applyCaseChange(blank(), { caseFormType: 1, ...overrides });

describe('case form dependencies (SPEC.md §4)', () => {
  it('case type OB sets pregnant and not gyne', () => {
    const f = applyCaseChange({ ...blank(), isGyne: true }, { caseFormType: 1 });
    expect([f.isPregnancy, f.isGyne]).toEqual([true, false]);
  });

  it('case type GYNE sets not pregnant, not delivered, gyne', () => {
    const f = applyCaseChange(closableObCase(), { caseFormType: 2 });
    expect([f.isPregnancy, f.isDelivered, f.isGyne]).toEqual([false, null, true]);
    expect(f.deliveryManner).toBeNull();
    expect(f.neonatal).toEqual([]);
    expect(f.pregnancyType).toBeNull();
  });

  it('a case can be OB and gyne at once: ticking gyne on an OB case keeps it pregnant', () => {
    const f = applyCaseChange(closableObCase(), { isGyne: true });
    expect([f.caseFormType, f.isPregnancy, f.isGyne]).toEqual([1, true, true]);
  });

  it('a patch that sets a dependent field itself wins over the transition', () => {
    const f = applyCaseChange(blank(), { caseFormType: 1, isGyne: true });
    expect(f.isGyne).toBe(true);
  });

  it('postpartum true forces delivered true', () => {
    const f = applyCaseChange(pregnant({ pregnancyType: 1, isDelivered: false }), { isPostpartum: true });
    expect(f.isDelivered).toBe(true);
  });

  it('not pregnant clears delivered', () => {
    const f = applyCaseChange(closableObCase(), { isPregnancy: false });
    expect(f.isDelivered).toBeNull();
    expect(f.deliveryDate).toBeNull();
  });

  it.each([3, 4, 5])('pregnancy type %p (other than 1 or 2) clears delivered', (type) => {
    const f = applyCaseChange(closableObCase(), { pregnancyType: type });
    expect(f.isDelivered).toBeNull();
    expect(f.infantsNumber).toBeNull();
    expect(f.neonatal).toEqual([]);
  });

  it('changing pregnancy type clears type-specific fields that do not apply', () => {
    let f = applyCaseChange(pregnant(), { pregnancyType: 3, abortionType: 2 });
    expect(f.abortionType).toBe(2);
    f = applyCaseChange(f, { pregnancyType: 4 });
    expect(f.abortionType).toBeNull();
    f = applyCaseChange(f, { ectopicType: 7 });
    f = applyCaseChange(f, { pregnancyType: 5, molarType: 1 });
    expect([f.ectopicType, f.molarType]).toEqual([null, 1]);
    f = applyCaseChange(f, { pregnancyType: 2 });
    expect([f.molarType, f.isHeterotopic]).toEqual([null, null]);
  });

  it("'Has patient delivered?' is offered only when pregnant, not postpartum, and type 1 or 2", () => {
    expect(isDeliveredQuestionShown(pregnant({ pregnancyType: 1 }))).toBe(true);
    expect(isDeliveredQuestionShown(pregnant({ pregnancyType: 2 }))).toBe(true);
    expect(isDeliveredQuestionShown(pregnant({ pregnancyType: 3 }))).toBe(false);
    expect(isDeliveredQuestionShown(pregnant({ pregnancyType: 1, isPostpartum: true }))).toBe(false);
    expect(isDeliveredQuestionShown({ ...blank(), pregnancyType: 1 })).toBe(false);
  });

  it('Institutional Delivery is asked when delivered', () => {
    expect(isFieldShown('institutionalDelivery', closableObCase())).toBe(true);
    expect(isFieldShown('institutionalDelivery', { ...closableObCase(), isDelivered: false })).toBe(false);
    expect(applyCaseChange(closableObCase(), { isDelivered: false }).institutionalDelivery).toBeNull();
  });

  it('pregnancy type 1 sets infants to 1, otherwise 2', () => {
    expect(applyCaseChange(pregnant(), { pregnancyType: 1 }).infantsNumber).toBe(1);
    expect(applyCaseChange(pregnant(), { pregnancyType: 2 }).infantsNumber).toBe(2);
    const triplets = applyCaseChange(pregnant({ pregnancyType: 2 }), { infantsNumber: 3 });
    expect(triplets.infantsNumber).toBe(3);
    expect(applyCaseChange(triplets, { pregnancyType: 1 }).infantsNumber).toBe(1);
  });

  it('the neonatal list grows to the infant count, and follows it down', () => {
    let f = applyCaseChange(closableObCase(), { pregnancyType: 2 });
    expect(f.neonatal).toHaveLength(2);
    expect(f.neonatal[0]).toEqual(healthyInfant());
    f = applyCaseChange(f, { infantsNumber: 7 });
    expect(f.neonatal).toHaveLength(7);
    expect(isInfantNumberInputShown(f)).toBe(true);
    f = applyCaseChange(f, { infantsNumber: 3 });
    expect(f.neonatal).toHaveLength(3);
    expect(isInfantNumberInputShown(f)).toBe(false);
  });

  it('changing admission date recomputes age at admission from the patient birth date', () => {
    const f = applyCaseChange(closableObCase(), { admissionDate: '2026-06-14' }, { patientBirthDate: '1990-06-15' });
    expect(f.age).toBe(35);
    expect(applyCaseChange(f, { admissionDate: '2026-06-16' }, { patientBirthDate: '1990-06-15' }).age).toBe(36);
    expect(applyCaseChange(f, {}, {}).age).toBe(35);
  });

  it('BMI is recomputed from weight and height, and empty if either is missing', () => {
    expect(applyCaseChange(closableObCase(), { weight: 70, height: 175 }).bmi).toBe(22.86);
    expect(applyCaseChange(closableObCase(), { height: null }).bmi).toBeNull();
  });

  it('changing AOG type or weeks recomputes the estimated AOG', () => {
    let f = applyCaseChange(pregnant(), { admissionAOGType: 1, admissionWeeks: 30 });
    expect(f.admissionAOG).toBe(4);
    f = applyCaseChange(f, { admissionWeeks: 12 });
    expect(f.admissionAOG).toBe(1);
    f = applyCaseChange(f, { admissionAOGType: 2 });
    expect([f.admissionWeeks, f.admissionDays, f.admissionAOG]).toEqual([null, null, 1]);
    f = applyCaseChange(f, { admissionAOG: 5 });
    expect(f.admissionAOG).toBe(5);
    const d = applyCaseChange(closableObCase(), { deliveryWeeks: 35 });
    expect(d.deliveryAOG).toBe(5);
  });

  it('a MIGS choice other than FELLOW clears its PSGE and PSRM boxes', () => {
    const f = applyCaseChange(closableGyneCase({ MIGSSurgeonPSRM: true }), { MIGSSurgeon: 2 });
    expect([f.MIGSSurgeonPSGE, f.MIGSSurgeonPSRM]).toEqual([false, false]);
    const a = applyCaseChange(closableGyneCase({ MIGSAssist: 1, MIGSAssistPSGE: true }), { MIGSAssist: 3 });
    expect(a.MIGSAssistPSGE).toBe(false);
  });

  it('changing the antecedent clears its type and cause', () => {
    const died = applyCaseChange(closableObCase(), { motherCondition: 3, antecedent: 1, antecedentType: 11, antecedentCause: 1101 });
    expect([died.antecedent, died.antecedentType, died.antecedentCause]).toEqual([1, 11, 1101]);
    const f = applyCaseChange(died, { antecedent: 2 });
    expect([f.antecedent, f.antecedentType, f.antecedentCause]).toEqual([2, null, null]);
    const t = applyCaseChange(died, { antecedentType: 12 });
    expect([t.antecedent, t.antecedentType, t.antecedentCause]).toEqual([1, 12, null]);
  });

  it('an antecedent type implies its antecedent; a cause outside its type is dropped', () => {
    const f = applyCaseChange(closableObCase(), { motherCondition: 3, antecedentType: 22, antecedentCause: 1101 });
    expect([f.antecedent, f.antecedentType, f.antecedentCause]).toEqual([2, 22, null]);
  });

  it('clearing the antecedent of a form stored with a type but no antecedent clears the type, the first time as the second', () => {
    // Stored before it was normalised: the type reads as its group's antecedent (1).
    const stored: CaseForm = { ...closableObCase(), motherCondition: 3, antecedent: null, antecedentType: 11, antecedentCause: null };
    const once = applyCaseChange(stored, { antecedent: null });
    expect([once.antecedent, once.antecedentType]).toEqual([null, null]);
    expect(applyCaseChange(once, { antecedent: null })).toEqual(once);
  });

  it('maternal death details are cleared when the mother did not die', () => {
    const died = applyCaseChange(closableObCase(), { motherCondition: 3, antecedentType: 11, immediateCause: 8, immediateCauseOthers: 'x', deathTiming: 3, deathReviewed: true });
    expect(died.immediateCauseOthers).toBe('x');
    const f = applyCaseChange(died, { motherCondition: 1 });
    expect([f.antecedent, f.antecedentType, f.immediateCause, f.immediateCauseOthers, f.deathTiming, f.deathReviewed])
      .toEqual([null, null, null, null, null, null]);
  });

  it('TOLAC unanswered clears delivery manner', () => {
    const f = applyCaseChange(closableObCase(), { isTOLAC: null });
    expect(f.deliveryManner).toBeNull();
    expect(f.primaryRepeat).toBeNull();
    expect(f.deliveryIndication).toEqual([]);
  });

  it('when TOLAC is yes, manner options are restricted to ids 1, 10, 11, 12, and another manner is cleared', () => {
    expect(allowedDeliveryManners({ isTOLAC: true }).map((m) => m.id)).toEqual([1, 10, 11, 12]);
    expect(allowedDeliveryManners({ isTOLAC: false })).toHaveLength(13);
    const spontaneous = applyCaseChange(closableObCase(), { deliveryManner: 2 });
    expect(applyCaseChange(spontaneous, { isTOLAC: true }).deliveryManner).toBeNull();
    expect(applyCaseChange(closableObCase(), { isTOLAC: true }).deliveryManner).toBe(1);
  });

  it('changing delivery manner clears the indications', () => {
    const f = applyCaseChange(closableObCase(), { deliveryManner: 5 });
    expect(f.deliveryIndication).toEqual([]);
    const withOthers = applyCaseChange(closableObCase(), { deliveryIndication: [101, 999999], deliveryIndicationOthers: 'obese abdomen' });
    expect(withOthers.deliveryIndicationOthers).toBe('obese abdomen');
    expect(applyCaseChange(withOthers, { deliveryManner: 6 }).deliveryIndicationOthers).toBeNull();
    expect(applyCaseChange(withOthers, { deliveryIndication: [101] }).deliveryIndicationOthers).toBeNull();
  });

  it('a second-twin manner is shown for twins when the first manner is set and not 1', () => {
    const twins = applyCaseChange(closableObCase(), { pregnancyType: 2 });
    expect(isSecondTwinShown(twins)).toBe(false);
    const vaginal = applyCaseChange(twins, { deliveryManner: 2 });
    expect(isSecondTwinShown(vaginal)).toBe(true);
    expect(isSecondTwinShown(applyCaseChange(vaginal, { deliveryManner: 16 }))).toBe(false);
    expect(isSecondTwinShown(applyCaseChange(closableObCase(), { deliveryManner: 2 }))).toBe(false);
  });

  it('changing the first manner away from 1 leaves the second-twin caesarean fields empty', () => {
    const twins = applyCaseChange(closableObCase(), {
      pregnancyType: 2, deliveryManner2: 1, primaryRepeat2: 1, incision2: 1, CSBilateralSalpingectomy2: false, CSBTL2: true,
    });
    expect([twins.deliveryManner2, twins.primaryRepeat2, twins.CSBTL2]).toEqual([null, null, null]);
    const f = applyCaseChange(twins, { deliveryManner: 2 });
    expect([f.primaryRepeat2, f.incision2, f.CSBilateralSalpingectomy2, f.CSBTL2]).toEqual([null, null, null, null]);
    const second = applyCaseChange(f, { deliveryManner2: 1, primaryRepeat2: 2, incision2: 1, CSBilateralSalpingectomy2: false, CSBTL2: true, deliveryIndication2: [104] });
    expect([second.deliveryManner2, second.primaryRepeat2, second.deliveryIndication2]).toEqual([1, 2, [104]]);
    const back = applyCaseChange(second, { deliveryManner: 1 });
    expect([back.deliveryManner2, back.primaryRepeat2, back.incision2, back.CSBTL2, back.deliveryIndication2]).toEqual([null, null, null, null, []]);
    expect(applyCaseChange(second, { deliveryManner2: 6 }).deliveryIndication2).toEqual([]);
  });

  it('manner 1 shows Primary/Repeat, Incision, Bilateral Salpingectomy and BTL; so does 16 (§9 "1 and 16 require caesarean detail")', () => {
    expect([1, 16, 2, 5, 6, null].map(isCaesareanDetailShown)).toEqual([true, true, false, false, false, false]);
    const f = applyCaseChange(closableObCase(), { deliveryManner: 5 });
    expect([f.primaryRepeat, f.incision, f.CSBilateralSalpingectomy, f.CSBTL]).toEqual([null, null, null, null]);
  });

  it('indications show for manner 1, 5 and 6', () => {
    expect([1, 5, 6, 2, 10, 16, undefined].map(areIndicationsShown)).toEqual([true, true, true, false, false, false, false]);
  });

  it('infant status 2 to 6 shows cause of death, specific cause and the reviewed question', () => {
    expect([1, 2, 3, 4, 5, 6, null].map((status) => isCauseOfDeathShown({ status }))).toEqual([false, true, true, true, true, true, false]);
    const died = applyCaseChange(closableObCase(), { neonatal: [healthyInfant({ status: 2, causeofdeath: 1, specificcause: 104 })] });
    expect(isDeathReviewedShown(died)).toBe(true);
    const lived = applyCaseChange(died, { neonatal: [{ ...died.neonatal[0], status: 1 }] });
    expect([lived.neonatal[0].causeofdeath, lived.neonatal[0].specificcause]).toEqual([null, null]);
    expect(isDeathReviewedShown(lived)).toBe(false);
    const regrouped = applyCaseChange(died, { neonatal: [{ ...died.neonatal[0], causeofdeath: 2 }] });
    expect(regrouped.neonatal[0].specificcause).toBeNull();
  });

  it('anomalyOthers is kept only while anomalies is WITH', () => {
    const f = applyCaseChange(closableObCase(), { neonatal: [healthyInfant({ anomalies: false, anomalyOthers: 'cleft lip' })] });
    expect(f.neonatal[0].anomalyOthers).toBeNull();
    expect(isInfantFieldShown('anomalyOthers', { anomalies: true })).toBe(true);
    expect(isInfantFieldShown('apgar1m', {})).toBe(true);
  });

  it('the delivery section: normal variant when delivered and not postpartum, postpartum variant when delivered and postpartum', () => {
    const normal = closableObCase();
    expect([isDeliverySectionShown(normal), isNormalDeliveryVariant(normal), isPostpartumVariant(normal)]).toEqual([true, true, false]);
    const postpartum = applyCaseChange(normal, { isPostpartum: true });
    expect([isDeliverySectionShown(postpartum), isNormalDeliveryVariant(postpartum), isPostpartumVariant(postpartum)]).toEqual([true, false, true]);
    expect(postpartum.neonatal).toEqual([]);
    expect(isDeliverySectionShown(blank())).toBe(false);
  });

  it('Pregnancy Complications when pregnant and complicated; return to OR only then', () => {
    const f = applyCaseChange(closableObCase(), { complicatedPregnancy: true, returnToOR: true });
    expect(isPregnancyComplicationsShown(f)).toBe(true);
    expect(applyCaseChange(f, { complicatedPregnancy: false }).returnToOR).toBeNull();
  });

  it('pregnancy co-morbidities are asked when complicated or once a manner is set', () => {
    expect(isMorbiditiesShown(closableObCase())).toBe(true);
    expect(isMorbiditiesShown(pregnant({ pregnancyType: 1, complicatedPregnancy: true }))).toBe(true);
    expect(isMorbiditiesShown(pregnant({ pregnancyType: 1 }))).toBe(false);
    expect(applyCaseChange(closableObCase(), { isDelivered: false }).morbidities).toEqual([]);
  });

  it('gyne conditions and procedures for gyne cases; OB procedures for OB cases', () => {
    expect(isGyneSectionShown(closableGyneCase())).toBe(true);
    expect(isObProceduresShown(closableGyneCase())).toBe(false);
    const f = applyCaseChange(closableGyneCase({ obProcedure: [{ conditionId: 101, categoryId: 1 }] }), {});
    expect(f.obProcedure).toEqual([]);
    const ob = applyCaseChange(closableGyneCase({ gtdComplication: 8, gtdComplicationOthers: 'x' }), { caseFormType: 1 });
    expect([ob.gynecologicalDiagnosis, ob.gtdComplication, ob.gtdComplicationOthers]).toEqual([[], null, null]);
  });

  it("free-text 'other' fields are kept only with their other code: gtd complication 8, surgical intervention 6", () => {
    const f = applyCaseChange(closableGyneCase(), { gtdComplication: 8, gtdComplicationOthers: 'ovarian torsion', surgicalIntervention: 6, surgicalInterventionOthers: 'D&E' });
    expect([f.gtdComplicationOthers, f.surgicalInterventionOthers]).toEqual(['ovarian torsion', 'D&E']);
    const g = applyCaseChange(f, { gtdComplication: 1, surgicalIntervention: 1 });
    expect([g.gtdComplicationOthers, g.surgicalInterventionOthers]).toEqual([null, null]);
    expect(applyCaseChange(f, { isOthers: false, otherProcedure: 'x' }).otherProcedure).toBeNull();
  });

  it('gyne stage defaults and procedure types are filled in when missing (SPEC.md §3)', () => {
    const f = applyCaseChange(closableGyneCase(), {
      gynecologicalDiagnosis: [{ conditionId: 1601, categoryId: 16 }, { conditionId: 1000033, categoryId: 14 }, { conditionId: 101, categoryId: 1, othersField: 'x' }],
      concomitantProcedure: [{ conditionId: 101, categoryId: 1 }, { conditionId: 702, categoryId: 7 }, { conditionId: 999999, categoryId: 8 }, { conditionId: 203, categoryId: 2, procedureType: 2 }],
    });
    expect(f.gynecologicalDiagnosis.map((d) => d.gyneStage)).toEqual([1, 6, 6]);
    expect(f.gynecologicalDiagnosis[2].othersField).toBeNull();
    expect(f.concomitantProcedure.map((p) => p.procedureType)).toEqual([1, 4, 5, 2]);
  });

  it('PCOS symptoms are kept only with a PCOS history', () => {
    expect(applyCaseChange(closableObCase({ pcosHistory: true, pcosSymptoms: [1] }), { pcosHistory: false }).pcosSymptoms).toEqual([]);
  });

  it('an empty patch normalises a saved form: hidden values cleared, derived values computed', () => {
    const dirty: CaseForm = { ...closableGyneCase(), bmi: 99, deliveryManner: 1, neonatal: [healthyInfant()], MIGSAssistPSRM: true, abortionType: 2 };
    const clean = applyCaseChange(dirty, {});
    expect(clean).toEqual(closableGyneCase());
    expect(normalizeCaseForm(clean)).toEqual(clean);
  });

  it('lists that are not arrays are read as empty', () => {
    const broken = { ...closableGyneCase(), medicalHistory: null } as unknown as CaseForm;
    expect(applyCaseChange(broken, {}).medicalHistory).toEqual([]);
  });
});

describe('case state and actions (SPEC.md §2 title bar, §4 states)', () => {
  it.each([
    [{ isClose: false, submissionId: null }, 'Open'],
    [{ isClose: true, submissionId: null }, 'Closed'],
    [{ isClose: true, submissionId: 'S-1' }, 'Submitted'],
  ] as const)('%p is %p', (form, status) => {
    expect(caseStatus(form)).toBe(status);
  });

  it.each([
    ['open, saved case', { _id: 'c', isClose: false, isArchived: false }, { archive: true, unarchive: false, save: true, close: true, reopen: false, amend: false, withdraw: false, readOnly: false }],
    ['new case', { _id: null, isClose: false, isArchived: false }, { archive: false, unarchive: false, save: true, close: false, reopen: false, amend: false, withdraw: false, readOnly: false }],
    ['archived case', { _id: 'c', isClose: false, isArchived: true }, { archive: false, unarchive: true, save: true, close: false, reopen: false, amend: false, withdraw: false, readOnly: false }],
    ['closed case', { _id: 'c', isClose: true, isArchived: false }, { archive: false, unarchive: false, save: false, close: false, reopen: true, amend: false, withdraw: false, readOnly: true }],
    ['a submitted case (closed with a submissionId) is not reopened, edited or archived, only reopened for amendment or withdrawn', { _id: 'c', isClose: true, isArchived: false, submissionId: 'S-1' },
      { archive: false, unarchive: false, save: false, close: false, reopen: false, amend: true, withdraw: true, readOnly: true }],
  ])('%s', (_name, form, actions) => {
    expect(caseActions(form)).toEqual(actions);
  });

  it('a patient shows Admitted while a case has no dischargeDate', () => {
    expect(isAdmitted([{ dischargeDate: '2026-01-01' }, { dischargeDate: null }])).toBe(true);
    expect(isAdmitted([{ dischargeDate: '2026-01-01' }])).toBe(false);
  });

  it('counts live births and infant deaths', () => {
    const f = { neonatal: [healthyInfant(), healthyInfant({ status: 4 }), healthyInfant({ status: 2 })] };
    expect([livebirthCount(f), infantDeathCount(f), livebirthCount({}), infantDeathCount({})]).toEqual([1, 2, 0, 0]);
  });

  it('submission case types: maternal fetal, gyne, maternal mortality and GTD', () => {
    expect(submissionCaseTypes(closableObCase())).toEqual(['maternalfetalcase']);
    expect(submissionCaseTypes(closableGyneCase())).toEqual(['gynecase']);
    expect(submissionCaseTypes(closableObCase({ motherCondition: 3 }))).toEqual(['maternalfetalcase', 'maternalmortalitycase']);
    expect(submissionCaseTypes(closableGyneCase({ gtdDiagnosis: 4 }))).toEqual(['gynecase', 'gtdcase']);
    expect(submissionCaseTypes({ isPregnancy: true, pregnancyType: 5 })).toEqual(['maternalfetalcase', 'gtdcase']);
  });
});

describe('helpers', () => {
  it('sameValue compares JSON values structurally, null and undefined alike', () => {
    expect(sameValue([1, { a: 2 }], [1, { a: 2 }])).toBe(true);
    expect(sameValue([1], [1, 2])).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue(0, null)).toBe(false);
  });

  it('the empty value of a field: [] for lists, false for checkboxes, null otherwise', () => {
    expect([emptyValueFor('neonatal'), emptyValueFor('MIGSAssistPSGE'), emptyValueFor('isTOLAC')]).toEqual([[], false, null]);
    expect([isEmptyValue(null), isEmptyValue([]), isEmptyValue(false), isEmptyValue(0), isEmptyValue('')]).toEqual([true, true, true, false, false]);
  });
});
