import fc from 'fast-check';
import type { CaseForm, Infant } from '../api/case-form.js';
import { TODAY, closableGyneCase, closableObCase, healthyInfant } from '../testing/case-fixtures.test-helpers.js';
import { validateCloseCase } from '../validation/close-case.validation.js';
import { applyCaseChange, normalizeCaseForm } from './case-dependencies.rules.js';
import {
  CASE_FIELD_VISIBILITY, INFANT_FIELD_VISIBILITY, emptyValueFor, isEmptyValue,
} from './field-visibility.rules.js';

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const code = (max: number) => maybe(fc.integer({ min: 0, max }));
const bool = maybe(fc.boolean());
const date = maybe(fc.constantFrom('2025-01-01', '2026-11-10', '2026-11-21', '2027-01-01', '2023-06-30'));
const text = maybe(fc.constantFrom('', 'note'));
const ids = (values: number[]) => fc.array(fc.constantFrom(...values), { maxLength: 3 });
const entries = (values: Array<[number, number]>) =>
  fc.array(fc.constantFrom(...values).map(([categoryId, conditionId]) => ({ categoryId, conditionId })), { maxLength: 2 });

const infantArb: fc.Arbitrary<Infant> = fc.record({
  status: code(7), anomalies: bool, anomalyOthers: text, pediatricAge: code(45), pediatricWeight: code(5000),
  pediatricHeight: code(60), apgar1m: code(11), apgar5m: code(11), injury: code(9), causeofdeath: code(6),
  specificcause: maybe(fc.constantFrom(101, 104, 201, 301, 501, 9)),
});

/** Any case form, including inconsistent ones a client could send. */
const caseFormArb: fc.Arbitrary<CaseForm> = fc.record({
  _id: maybe(fc.constant('case-x')), patientid: fc.constant('p'), caseNum: fc.constantFrom('', 'C-9'),
  caseFormType: code(3), isGyne: fc.boolean(), isPregnancy: fc.boolean(), isClose: fc.boolean(), isArchived: fc.boolean(),
  submissionId: maybe(fc.constant('S-1')), room: text, admissionDate: date, dischargeDate: date, age: code(60),
  weight: code(120), height: code(190), bmi: maybe(fc.double({ min: 0, max: 60, noNaN: true })),
  admissionAOGType: code(3), admissionAOG: code(8), admissionWeeks: code(55), admissionDays: code(8),
  pregnancyType: code(6), isHeterotopic: bool, abortionType: code(5), ectopicType: code(8), molarType: code(3),
  isPostpartum: bool, isDelivered: bool, institutionalDelivery: code(3), infantsNumber: code(22),
  neonatal: fc.array(infantArb, { maxLength: 4 }), isTOLAC: bool, complicatedPregnancy: bool, isInduced: bool,
  inducedIndication: code(6), inducedMethod: code(7), inducedComplication: code(7), returnToOR: bool,
  pcosHistory: bool, pcosSymptoms: ids([1, 2, 3, 4]),
  obscoreG: code(5), obscoreP: code(5), obscoreFT: code(5), obscorePr: code(5), obscoreAb: code(5), obscoreLB: code(5),
  deliveryDate: date, deliveryAOGType: code(3), deliveryAOG: code(8), deliveryWeeks: code(55), deliveryDays: code(8),
  previousCaesareans: code(12), laborOnset: code(4), fetalPresentation: code(4),
  deliveryManner: maybe(fc.constantFrom(1, 2, 3, 5, 6, 10, 11, 12, 16, 99)), primaryRepeat: code(3), incision: code(3),
  CSBilateralSalpingectomy: bool, CSBTL: bool, deliveryIndication: ids([101, 102, 501, 601, 999999]),
  deliveryIndicationOthers: text,
  deliveryManner2: maybe(fc.constantFrom(1, 2, 5, 6, 10, 16)), primaryRepeat2: code(3), incision2: code(3),
  CSBilateralSalpingectomy2: bool, CSBTL2: bool, deliveryIndication2: ids([101, 501, 999999]), deliveryIndicationOthers2: text,
  gyneOrgan: code(9), organCondition: code(4), gyneDiagnosis: code(50),
  gynecologicalDiagnosis: entries([[14, 1401], [14, 1000033], [1, 101], [50, 999999]]),
  gynemorbidities: entries([[1, 101]]), hasFailedMIS: bool, gtdDiagnosis: code(6), gtdComplication: code(9),
  gtdComplicationOthers: text, medicalSurgical: code(4), surgicalIntervention: code(7), surgicalInterventionOthers: text,
  concomitantProcedure: entries([[1, 101], [7, 702], [8, 999999]]), obProcedure: entries([[1, 101]]),
  isMedical: bool, isSurgical: bool, isChemotherapy: bool, isRadiotherapy: bool, isOthers: bool, otherProcedure: text,
  MIGSSurgeon: code(4), MIGSAssist: code(4), MIGSSurgeonPSGE: fc.boolean(), MIGSSurgeonPSRM: fc.boolean(),
  MIGSAssistPSGE: fc.boolean(), MIGSAssistPSRM: fc.boolean(),
  motherCondition: code(4), antecedent: code(4), antecedentType: maybe(fc.constantFrom(11, 12, 22, 31, 99)),
  antecedentCause: maybe(fc.constantFrom(1101, 1201, 2201, 5)), immediateCause: code(9), immediateCauseOthers: text,
  complicationOnset: code(6), complicationOnsetSpecific: text, deathTiming: code(6), deathTimingComplication: code(4),
  deathReviewed: bool,
  medicalHistory: entries([[1, 101], [14, 999999]]), obstetricHistory: entries([[1, 101]]),
  morbidities: entries([[1, 101], [16, 1601]]), version: fc.nat(10),
});

/** A patch of a few fields taken from another arbitrary form. */
const patchArb: fc.Arbitrary<Partial<CaseForm>> = fc.tuple(caseFormArb, fc.subarray(Object.keys(CASE_FIELD_VISIBILITY).concat(
  ['caseFormType', 'isGyne', 'isPregnancy', 'weight', 'height', 'MIGSSurgeon', 'MIGSAssist', 'motherCondition', 'admissionDate'],
) as Array<keyof CaseForm>, { maxLength: 6 })).map(([source, keys]) => Object.fromEntries(keys.map((k) => [k, source[k]])) as Partial<CaseForm>);

const runs = { numRuns: 300 };

describe('applyCaseChange properties (SPEC.md §4)', () => {
  it('is idempotent: applying the same change again, or normalising the result, changes nothing', () => {
    fc.assert(fc.property(caseFormArb, patchArb, (form, patch) => {
      const once = applyCaseChange(form, patch);
      expect(applyCaseChange(once, patch)).toEqual(once);
      expect(applyCaseChange(once, {})).toEqual(once);
      expect(normalizeCaseForm(once)).toEqual(once);
    }), runs);
  });

  it('never leaves a field that its predicate hides holding a value', () => {
    fc.assert(fc.property(caseFormArb, patchArb, (form, patch) => {
      const next = applyCaseChange(form, patch);
      for (const [field, predicate] of Object.entries(CASE_FIELD_VISIBILITY)) {
        const key = field as keyof CaseForm;
        if (predicate && !predicate(next)) expect({ field, value: next[key] }).toEqual({ field, value: emptyValueFor(key) });
      }
      for (const infant of next.neonatal) {
        for (const [field, predicate] of Object.entries(INFANT_FIELD_VISIBILITY)) {
          if (predicate && !predicate(infant)) expect(isEmptyValue(infant[field as keyof Infant])).toBe(true);
        }
      }
    }), runs);
  });

  it('does not change the form it was given', () => {
    fc.assert(fc.property(caseFormArb, patchArb, (form, patch) => {
      const copy = structuredClone(form);
      applyCaseChange(form, patch);
      expect(form).toEqual(copy);
    }), { numRuns: 100 });
  });
});

/** Changes to fields no close rule depends on, with values the form allows. */
const unrelatedPatchArb: fc.Arbitrary<Partial<CaseForm>> = fc.record({
  room: text,
  caseNum: fc.constantFrom('C-1', 'C-2'),
  weight: fc.integer({ min: 40, max: 120 }),
  height: fc.integer({ min: 140, max: 190 }),
  medicalHistory: entries([[1, 101], [2, 201], [14, 999999]]),
  obstetricHistory: entries([[1, 101], [5, 501]]),
  hasFailedMIS: bool,
  gyneOrgan: code(8),
  organCondition: code(3),
  gynemorbidities: entries([[1, 101]]),
  concomitantProcedure: entries([[1, 101], [7, 702]]),
  obProcedure: entries([[1, 101], [5, 501]]),
  isChemotherapy: bool,
  isRadiotherapy: bool,
  deathTimingComplication: code(3),
  version: fc.nat(20),
}, { requiredKeys: [] });

describe('close-case check and dependencies together', () => {
  it('a form that passes the close-case check still passes after any change the dependency function makes to an unrelated field', () => {
    fc.assert(fc.property(fc.constantFrom(
      closableObCase(),
      closableGyneCase(),
      closableObCase({ isPostpartum: true, neonatal: [] }),
      closableObCase({ motherCondition: 3, antecedent: 1, antecedentType: 11, antecedentCause: 1101, deathTiming: 3, deathReviewed: true }),
      closableObCase({
        pregnancyType: 2, isHeterotopic: false, infantsNumber: 2, deliveryManner: 2, primaryRepeat: null, incision: null,
        CSBilateralSalpingectomy: null, CSBTL: null, deliveryIndication: [], deliveryManner2: 6, deliveryIndication2: [603],
        neonatal: [healthyInfant(), healthyInfant({ status: 5, causeofdeath: 1, specificcause: 104 })], deathReviewed: true,
      }),
    ), unrelatedPatchArb, (base, patch) => {
      const valid = applyCaseChange(base, {});
      expect(validateCloseCase(valid, { today: TODAY })).toEqual([]);
      expect(validateCloseCase(applyCaseChange(valid, patch), { today: TODAY })).toEqual([]);
    }), runs);
  });

  it('validation never throws on arbitrary input', () => {
    const fieldNames = Object.keys(closableObCase());
    const garbageForm = fc.tuple(fc.constantFrom(closableObCase(), closableGyneCase()), fc.dictionary(fc.constantFrom(...fieldNames), fc.anything()))
      .map(([base, junk]) => ({ ...base, ...junk }));
    fc.assert(fc.property(fc.oneof(fc.anything(), caseFormArb, garbageForm), fc.string(), (input, today) => {
      const errors = validateCloseCase(input, { today });
      expect(Array.isArray(errors)).toBe(true);
      for (const e of errors) expect(typeof e.field === 'string' && typeof e.message === 'string').toBe(true);
    }), { numRuns: 500 });
  });

  it('a case the check passes after normalisation names no hidden field when it fails', () => {
    fc.assert(fc.property(caseFormArb, (form) => {
      const normalised = applyCaseChange(form, {});
      for (const error of validateCloseCase(normalised, { today: TODAY })) {
        const field = error.field.replace(/\[\d+\]\..*$/, '') as keyof CaseForm;
        const predicate = CASE_FIELD_VISIBILITY[field];
        if (predicate) expect({ field: error.field, shown: predicate(normalised) }).toEqual({ field: error.field, shown: true });
      }
    }), runs);
  });
});
