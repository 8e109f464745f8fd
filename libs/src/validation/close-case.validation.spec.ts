import type { CaseForm } from '../api/case-form.js';
import { applyCaseChange } from '../rules/case-dependencies.rules.js';
import { TODAY, closableGyneCase, closableObCase, healthyInfant } from '../testing/case-fixtures.test-helpers.js';
import { sectionsWithErrors, validateCloseCase } from './close-case.validation.js';

const check = (form: unknown) => validateCloseCase(form, { today: TODAY });
const failing = (form: unknown) => check(form).map((e) => `${e.field}: ${e.message}`);

describe('close-case check (SPEC.md §5): the fixtures satisfy every rule', () => {
  it.each([
    ['a delivered OB case', closableObCase()],
    ['a gyne case', closableGyneCase()],
    ['the same OB case once normalised', applyCaseChange(closableObCase(), {})],
    ['the same gyne case once normalised', applyCaseChange(closableGyneCase(), {})],
  ])('%s closes', (_name, form) => {
    expect(check(form)).toEqual([]);
  });
});

type Row = [rule: string, base: () => CaseForm, patch: Partial<CaseForm>, expected: string[]];

const ob = closableObCase;
const gyne = closableGyneCase;

const rows: Row[] = [
  // Admission, always
  ['Admission: admissionDate always required', ob, { admissionDate: null }, ['admissionDate: required']],
  ['Dates: admission not in the future', ob, { admissionDate: '2026-11-22' }, ['admissionDate: Cannot be a future date']],
  ['Dates: admission not before 1 January two years back', ob, { admissionDate: '2023-12-31' }, ['admissionDate: Cannot be older than 2 years']],
  ['Dates: a value that is not a date is invalid', ob, { admissionDate: '2026-02-30' }, ['admissionDate: Invalid Value']],
  ['Admission: age always required', ob, { age: null }, ['age: required']],
  ['Admission: a numeric outside range gives Invalid Value (age)', ob, { age: -1 }, ['age: Invalid Value']],
  ['Admission: weight always required', ob, { weight: null }, ['weight: required']],
  ['Admission: weight minimum 0', ob, { weight: -3 }, ['weight: Invalid Value']],
  ['Admission: height always required', ob, { height: null }, ['height: required']],
  ['Admission: bmi always required', ob, { bmi: null }, ['bmi: required']],
  ['Admission: caseFormType always required', ob, { caseFormType: null }, ['caseFormType: required']],
  ['Admission: caseFormType is 1 OB or 2 GYNE', ob, { caseFormType: 3 }, ['caseFormType: Invalid Value']],
  ['Admission: pcosHistory always required', ob, { pcosHistory: null }, ['pcosHistory: required']],
  ['Admission: pcosSymptoms when pcosHistory is true', ob, { pcosHistory: true }, ['pcosSymptoms: required']],
  ['Admission: OB score G required', ob, { obscoreG: null }, ['obscoreG: required']],
  ['Admission: OB score P required', ob, { obscoreP: null }, ['obscoreP: required']],
  ['Admission: OB score FT required', ob, { obscoreFT: null }, ['obscoreFT: required']],
  ['Admission: OB score Pr required', ob, { obscorePr: null }, ['obscorePr: required']],
  ['Admission: OB score Ab required', ob, { obscoreAb: null }, ['obscoreAb: required']],
  ['Admission: OB score LB required', ob, { obscoreLB: null }, ['obscoreLB: required']],
  ['Admission: OB score minimum 0', ob, { obscoreLB: -1 }, ['obscoreLB: Invalid Value']],
  ['Plausibility: a weight outside 25-300 kg is Invalid Value', ob, { weight: 6800 }, ['weight: Invalid Value']],
  ['Plausibility: height typed in metres is Invalid Value', ob, { height: 1.55 }, ['height: Invalid Value']],
  ['Plausibility: the OB score must add up (P = FT + Pr)', ob, { obscoreP: 2 }, ['obscoreP: P must equal FT + Pr (1 + 0 = 1)']],
  ['Plausibility: a birth weight below 200 g is Invalid Value', ob, { neonatal: [healthyInfant({ pediatricWeight: 150 })] }, ['neonatal[0].pediatricWeight: Invalid Value']],
  // Admission, when pregnant
  ['When pregnant: complicatedPregnancy', ob, { complicatedPregnancy: null }, ['complicatedPregnancy: required']],
  ['When pregnant: isPostpartum', ob, { isPostpartum: null }, ['isPostpartum: required']],
  ['When pregnant: admissionAOG', ob, { admissionAOGType: 2, admissionWeeks: null, admissionDays: null, admissionAOG: null }, ['admissionAOG: required']],
  ['When pregnant: pregnancyType', ob, { pregnancyType: null }, ['pregnancyType: required']],
  ['When pregnant and delivered: isTOLAC', ob, { isTOLAC: null }, ['isTOLAC: required']],
  ['admissionWeeks when AOG type is exact', ob, { admissionWeeks: null }, ['admissionWeeks: required']],
  ['admissionWeeks 0-52', ob, { admissionWeeks: 53 }, ['admissionWeeks: Invalid Value']],
  ['admissionDays when AOG type is exact', ob, { admissionDays: null }, ['admissionDays: required']],
  ['admissionDays 0-6', ob, { admissionDays: 7 }, ['admissionDays: Invalid Value']],
  ['isHeterotopic when pregnancyType is 2', () => ob({ pregnancyType: 2, infantsNumber: 2, neonatal: [healthyInfant(), healthyInfant()] }), {}, ['isHeterotopic: required']],
  ['abortionType when pregnancyType is 3', () => ob({ pregnancyType: 3, isDelivered: null }), {}, ['abortionType: required']],
  ['ectopicType when pregnancyType is 4', () => ob({ pregnancyType: 4, isDelivered: null }), {}, ['ectopicType: required']],
  ['molarType when pregnancyType is 5', () => ob({ pregnancyType: 5, isDelivered: null }), {}, ['molarType: required']],
  ['isDelivered when pregnant, not postpartum, type 1 or 2', ob, { isDelivered: null }, ['isDelivered: required']],
  ['institutionalDelivery when pregnant and delivered', ob, { institutionalDelivery: null }, ['institutionalDelivery: required']],
  ['returnToOR when complicated', ob, { complicatedPregnancy: true }, ['returnToOR: required']],
  // Delivery
  ['Delivery: infantsNumber', ob, { infantsNumber: null }, ['infantsNumber: required']],
  ['Delivery: infant number input 6 to 20', ob, { pregnancyType: 2, isHeterotopic: false, infantsNumber: 21 }, ['infantsNumber: Invalid Value']],
  ['Delivery: deliveryDate', ob, { deliveryDate: null }, ['deliveryDate: required']],
  ['Dates: delivery not in the future', ob, { deliveryDate: '2026-12-01' }, ['deliveryDate: Cannot be a future date']],
  ['Delivery: deliveryAOG', ob, { deliveryAOG: null }, ['deliveryAOG: required']],
  ['Delivery: deliveryWeeks when exact', ob, { deliveryWeeks: null }, ['deliveryWeeks: required']],
  ['Delivery: deliveryDays 0-6', ob, { deliveryDays: -1 }, ['deliveryDays: Invalid Value']],
  ['Delivery: deliveryManner', ob, { deliveryManner: null }, ['deliveryManner: required']],
  ['Delivery: TOLAC yes restricts the manner to 1, 10, 11, 12', () => ob({ deliveryManner: 2, deliveryIndication: [] }), { isTOLAC: true }, ['deliveryManner: Invalid Value']],
  ['Delivery: isInduced', ob, { isInduced: null }, ['isInduced: required']],
  ['Delivery: induction details when induced', ob, { isInduced: true }, ['inducedIndication: required', 'inducedMethod: required', 'inducedComplication: required']],
  ['Delivery: primaryRepeat when manner is 1', ob, { primaryRepeat: null }, ['primaryRepeat: required']],
  ['Delivery: incision when manner is 1', ob, { incision: null }, ['incision: required']],
  ['Delivery: CSBilateralSalpingectomy when manner is 1', ob, { CSBilateralSalpingectomy: null }, ['CSBilateralSalpingectomy: required']],
  ['Delivery: CSBTL when manner is 1', ob, { CSBTL: null }, ['CSBTL: required']],
  ['Delivery: caesarean detail for manner 16 too (§9 "1 and 16 require caesarean detail")', () => ob({ deliveryManner: 16, deliveryIndication: [] }), { CSBTL: null }, ['CSBTL: required']],
  ['Delivery: deliveryIndication when manner is 1', ob, { deliveryIndication: [] }, ['deliveryIndication: required']],
  ['Delivery: deliveryIndication when manner is 5 (forceps)', () => ob({ deliveryManner: 5, primaryRepeat: null, incision: null, CSBilateralSalpingectomy: null, CSBTL: null }), { deliveryIndication: [] }, ['deliveryIndication: required']],
  ['Delivery: deliveryIndication when manner is 6 (vacuum)', () => ob({ deliveryManner: 6, primaryRepeat: null, incision: null, CSBilateralSalpingectomy: null, CSBTL: null }), { deliveryIndication: [] }, ['deliveryIndication: required']],
  ['Delivery: an indication of another manner is invalid', ob, { deliveryIndication: [601] }, ['deliveryIndication: Invalid Value']],
  ['Delivery: morbidities required once a manner is set', ob, { morbidities: [] }, ['morbidities: required']],
  // Neonatal
  ['Neonatal: one complete record per infant', ob, { neonatal: [] }, [
    'neonatal[0].pediatricAge: required', 'neonatal[0].pediatricWeight: required', 'neonatal[0].apgar1m: required',
    'neonatal[0].apgar5m: required', 'neonatal[0].status: required', 'neonatal[0].injury: required', 'neonatal[0].anomalies: required',
  ]],
  ['Neonatal: apgar1m 0-10', ob, { neonatal: [healthyInfant({ apgar1m: 11 })] }, ['neonatal[0].apgar1m: Invalid Value']],
  ['Neonatal: apgar5m required', ob, { neonatal: [healthyInfant({ apgar5m: null })] }, ['neonatal[0].apgar5m: required']],
  ['Neonatal: anomalyOthers when anomalies is true', ob, { neonatal: [healthyInfant({ anomalies: true })] }, ['neonatal[0].anomalyOthers: required']],
  ['Neonatal: causeofdeath and specificcause when status is 2 to 6; deathReviewed when any infant has status 2 to 6', ob,
    { neonatal: [healthyInfant({ status: 4 })] },
    ['neonatal[0].causeofdeath: required', 'neonatal[0].specificcause: required', 'deathReviewed: required']],
  ['Neonatal: the second twin is checked too', () => ob({ pregnancyType: 2, isHeterotopic: false, infantsNumber: 2, neonatal: [healthyInfant(), healthyInfant({ injury: null })] }), {}, ['neonatal[1].injury: required']],
  ['Postpartum variant: no date bounds and no infant rules', ob, { isPostpartum: true, isDelivered: true, deliveryDate: '2020-01-01', neonatal: [] }, []],
  ['Postpartum variant: indication still required', ob, { isPostpartum: true, deliveryIndication: [] }, ['deliveryIndication: required']],
  // Gyne
  ['Gyne: gynecologicalDiagnosis needs at least one entry when isGyne', gyne, { gynecologicalDiagnosis: [] }, ['gynecologicalDiagnosis: required']],
  // MIGS
  ['MIGS: MIGSSurgeon required', gyne, { MIGSSurgeon: null, MIGSSurgeonPSGE: false }, ['MIGSSurgeon: required']],
  ['MIGS: MIGSAssist required', gyne, { MIGSAssist: null }, ['MIGSAssist: required']],
  ['MIGS: FELLOW needs a PSGE or PSRM box (surgeon)', gyne, { MIGSSurgeonPSGE: false }, ['MIGSSurgeonPSGE: required']],
  ['MIGS: PSRM alone satisfies FELLOW', gyne, { MIGSSurgeonPSGE: false, MIGSSurgeonPSRM: true }, []],
  ['MIGS: FELLOW needs a PSGE or PSRM box (assist)', gyne, { MIGSAssist: 1 }, ['MIGSAssistPSGE: required']],
  // Discharge
  ['Discharge: dischargeDate required', ob, { dischargeDate: null }, ['dischargeDate: required']],
  ['Dates: discharge not in the future', ob, { dischargeDate: '2027-01-01' }, ['dischargeDate: Cannot be a future date']],
  ['Discharge: motherCondition required', ob, { motherCondition: null }, ['motherCondition: required']],
  ['Discharge: antecedentType, deathTiming and deathReviewed when motherCondition is 3', ob, { motherCondition: 3 },
    ['antecedentType: required', 'deathTiming: required', 'deathReviewed: required']],
  ['Discharge: a maternal death with its causes recorded closes', ob,
    { motherCondition: 3, antecedent: 1, antecedentType: 11, antecedentCause: 1101, deathTiming: 3, deathReviewed: true }, []],
  ['Discharge: antecedentType must be a subcause', ob, { motherCondition: 3, antecedentType: 1101, deathTiming: 3, deathReviewed: true }, ['antecedentType: Invalid Value']],
];

describe('close-case check (SPEC.md §5): breaking each rule in turn names exactly that field', () => {
  it.each(rows)('%s', (_rule, base, patch, expected) => {
    expect(failing({ ...base(), ...patch })).toEqual(expected);
  });
});

/** Breaks that normalising repairs or reshapes, because the broken value is derived or cleared. */
const REPAIRED_BY_NORMALISING: Record<string, string[]> = {
  'Admission: bmi always required': [],
  'Delivery: infantsNumber': [],
  'Delivery: deliveryAOG': [],
  'Delivery: TOLAC yes restricts the manner to 1, 10, 11, 12': ['deliveryManner: required'],
};

describe('close-case check on the normalised form (the server normalises with applyCaseChange before it checks)', () => {
  it.each(rows)('%s', (rule, base, patch, expected) => {
    const normalised = applyCaseChange({ ...base(), ...patch }, {});
    expect(failing(normalised)).toEqual(REPAIRED_BY_NORMALISING[rule] ?? expected);
  });

  it('a missing weight is reported once, not again as a missing BMI', () => {
    expect(failing(applyCaseChange(ob(), { weight: null }))).toEqual(['weight: required']);
  });

  it('TOLAC unanswered is reported alone: the manner is asked once TOLAC is answered', () => {
    expect(failing(applyCaseChange(ob(), { isTOLAC: null }))).toEqual(['isTOLAC: required']);
  });
});

describe('close-case check: rules that apply only when their condition holds', () => {
  it('a gyne case is not asked pregnancy, delivery or neonatal questions', () => {
    expect(check(gyne())).toEqual([]);
  });

  it('an OB case that is not gyne is not asked for a gynecologic diagnosis', () => {
    expect(check(ob({ gynecologicalDiagnosis: [] }))).toEqual([]);
  });

  it('an estimated AOG asks for the range, not weeks and days', () => {
    expect(check(ob({ admissionAOGType: 2, admissionWeeks: null, admissionDays: null, admissionAOG: 6 }))).toEqual([]);
  });

  it('a manner without indications (spontaneous cephalic) asks for none and no caesarean detail', () => {
    const form = ob({ deliveryManner: 2, primaryRepeat: null, incision: null, CSBilateralSalpingectomy: null, CSBTL: null, deliveryIndication: [] });
    expect(check(form)).toEqual([]);
  });

  it('every failure carries its label and left-nav section', () => {
    const errors = check(ob({ admissionDate: null, deliveryManner: null, neonatal: [healthyInfant({ apgar1m: null })], MIGSSurgeon: null, dischargeDate: null, morbidities: [] }));
    expect(errors).toContainEqual({ field: 'admissionDate', label: 'Admission Date', section: 'Admission', message: 'required' });
    expect(errors).toContainEqual({ field: 'deliveryManner', label: 'Manner of Delivery', section: 'Delivery', message: 'required' });
    expect(errors).toContainEqual({ field: 'neonatal[0].apgar1m', label: 'Infant 1: Apgar 1 m', section: 'Delivery', message: 'required' });
    expect(errors).toContainEqual({ field: 'MIGSSurgeon', label: 'MIGS Surgeon', section: 'MIGS Information', message: 'required' });
    expect(errors).toContainEqual({ field: 'dischargeDate', label: 'Discharge Date', section: 'Discharge', message: 'required' });
    expect([...sectionsWithErrors(errors)].sort()).toEqual(['Admission', 'Delivery', 'Discharge', 'MIGS Information']);
  });

  it('a number sent as a string is an Invalid Value, not a pass', () => {
    expect(failing({ ...ob(), weight: '65' })).toEqual(['weight: Invalid Value']);
  });

  it('a non-object reports every always-required field and does not throw', () => {
    const fields = check(null).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['admissionDate', 'age', 'caseFormType', 'MIGSSurgeon', 'dischargeDate', 'motherCondition']));
  });
});
