import { emptyCaseForm, type CaseForm } from '../api/case-form.js';
import { applyCaseChange } from '../rules/case-dependencies.rules.js';
import { isGtdAskedWithPregnancy, isGtdShown } from '../rules/case-visibility.rules.js';
import { CASE_FIELD_VISIBILITY, isFieldShown } from '../rules/field-visibility.rules.js';
import { closableGyneCase, closableObCase, healthyInfant } from '../testing/case-fixtures.test-helpers.js';
import { VISIBILITY_RULE_WORDS, unkeptAnswers } from './kept-answers.validation.js';

/** What the server answers to a save of `patch` over `base`: each field it would refuse, with its message. */
function refused(patch: Partial<CaseForm>, base: CaseForm = emptyCaseForm('p-1', 'C-1')): string[] {
  const stored = applyCaseChange(base, patch, { patientBirthDate: '1990-01-01' });
  return unkeptAnswers(patch, stored).map((e) => `${e.field}: ${e.message}`);
}

const molar = { caseFormType: 1, isPregnancy: true, pregnancyType: 5, molarType: 2 } satisfies Partial<CaseForm>;

describe('GTD Diagnosis and GTD Complication (SPEC.md §1, §3: a molar pregnancy is a GTD case)', () => {
  it('are asked in a gyne case and in a molar pregnancy, and nowhere else', () => {
    expect(isGtdShown(closableGyneCase())).toBe(true);
    expect(isGtdShown(closableObCase({ pregnancyType: 5 }))).toBe(true);
    expect(isGtdShown(closableObCase())).toBe(false);
    expect(isGtdShown(closableObCase({ pregnancyType: 4 }))).toBe(false);
    for (const field of ['gtdDiagnosis', 'gtdComplication'] as const) {
      expect(isFieldShown(field, closableObCase({ pregnancyType: 5 }))).toBe(true);
      expect(isFieldShown(field, closableObCase())).toBe(false);
    }
  });

  it('are asked beside the molar type when the case is not also a gyne case (the Gyne section asks them otherwise)', () => {
    expect(isGtdAskedWithPregnancy(closableObCase({ pregnancyType: 5 }))).toBe(true);
    expect(isGtdAskedWithPregnancy(closableObCase({ pregnancyType: 5, isGyne: true }))).toBe(false);
    expect(isGtdAskedWithPregnancy(closableGyneCase())).toBe(false);
  });

  it('are kept in an OB case with a complete mole, with the Others text of complication 8', () => {
    const patch = { ...molar, gtdDiagnosis: 2, gtdComplication: 8, gtdComplicationOthers: 'Theca lutein cysts' };
    const stored = applyCaseChange(emptyCaseForm('p-1'), patch);
    expect(stored).toMatchObject({ gtdDiagnosis: 2, gtdComplication: 8, gtdComplicationOthers: 'Theca lutein cysts' });
    expect(unkeptAnswers(patch, stored)).toEqual([]);
  });

  it('are refused by name in a singleton pregnancy, with the rule', () => {
    expect(refused({ ...molar, pregnancyType: 1, molarType: null, gtdDiagnosis: 2 })).toEqual([
      'gtdDiagnosis: GTD Diagnosis (gtdDiagnosis) was not saved: it is asked only for a gyne case or a molar pregnancy (pregnancy type 5)',
    ]);
  });

  it('are emptied when a molar pregnancy becomes a singleton, as the other type-specific answers are (SPEC.md §4)', () => {
    const before = applyCaseChange(emptyCaseForm('p-1'), { ...molar, gtdDiagnosis: 2 });
    const after = applyCaseChange(before, { pregnancyType: 1 });
    expect(after).toMatchObject({ pregnancyType: 1, molarType: null, gtdDiagnosis: null });
    expect(unkeptAnswers({ pregnancyType: 1 }, after, before)).toEqual([]);
    // The whole form sent back with the new type: the diagnosis it held is not an answer of this save.
    const whole = { ...before, pregnancyType: 1 };
    expect(unkeptAnswers(whole, applyCaseChange(before, whole), before)).toEqual([]);
    // A diagnosis this save gives a singleton is.
    const changed = { ...before, pregnancyType: 1, gtdDiagnosis: 3 };
    expect(unkeptAnswers(changed, applyCaseChange(before, changed), before).map((e) => e.field)).toEqual(['gtdDiagnosis']);
  });
});

describe('an answer that says saved means saved: a save never drops what it was sent', () => {
  it('keeps a complete OB case and a complete gyne case as sent', () => {
    for (const form of [closableObCase(), closableGyneCase()]) expect(refused(form, form)).toEqual([]);
  });

  it('names every answer a hidden question would drop, with the rule that hides it, and its label and section', () => {
    expect(refused({
      caseFormType: 1, pregnancyType: 1, ectopicType: 3, isDelivered: false, deliveryManner: 1, MIGSSurgeon: 2,
      MIGSSurgeonPSGE: true, motherCondition: 1, deathTiming: 2,
    })).toEqual([
      'ectopicType: Type of Ectopic Pregnancy (ectopicType) was not saved: it is asked only for an ectopic pregnancy (pregnancy type 4)',
      'deliveryManner: Manner of Delivery (deliveryManner) was not saved: the manner of delivery is asked once the patient has delivered and TOLAC is answered (TOLAC unanswered clears it)',
      'MIGSSurgeonPSGE: Surgeon PSGE (MIGSSurgeonPSGE) was not saved: it is asked only when FELLOW (1) is chosen',
      'deathTiming: Timing of Death (deathTiming) was not saved: it is asked only when the mother died (Mother Condition 3)',
    ]);
    const stored = applyCaseChange(emptyCaseForm('p-1'), { caseFormType: 1, deathTiming: 2 });
    expect(unkeptAnswers({ deathTiming: 2 }, stored)[0]).toMatchObject({ field: 'deathTiming', label: 'Timing of Death', section: 'Discharge' });
  });

  it('names an answer a dependency rule changes: a singleton has one infant, TOLAC limits the manner, postpartum is delivered', () => {
    const delivered = { caseFormType: 1, pregnancyType: 1, isDelivered: true, isPostpartum: false } satisfies Partial<CaseForm>;
    expect(refused({ ...delivered, infantsNumber: 3 })).toEqual([
      'infantsNumber: Number of Infants (infantsNumber) was not saved: a singleton pregnancy (type 1) has one infant, a multiple pregnancy at least two',
    ]);
    expect(refused({ ...delivered, isTOLAC: true, deliveryManner: 2 })).toEqual([
      'deliveryManner: Manner of Delivery (deliveryManner) was not saved: when TOLAC is yes, the manner of delivery is one of 1, 10, 11 or 12',
    ]);
    expect(refused({ ...delivered, isPostpartum: true, isDelivered: false })).toEqual([
      'isDelivered: Has patient delivered? (isDelivered) was not saved: a postpartum admission (delivered before admission) is always delivered',
    ]);
  });

  it('names an infant record beyond the infant count, and an infant answer its birth outcome does not ask', () => {
    expect(refused({ neonatal: [healthyInfant({ causeofdeath: 2 }), healthyInfant()] }, closableObCase())).toEqual([
      'neonatal[0].causeofdeath: Infant 1: Cause of Death (neonatal[0].causeofdeath) was not saved: it is asked only for birth outcome 2 to 6',
      'neonatal[1]: Neonatal Outcome (neonatal[1]) was not saved: the case keeps one neonatal record per infant, and its Number of Infants is 1',
    ]);
    expect(refused({ neonatal: [healthyInfant()] }, closableObCase({ isPostpartum: true }))).toEqual([
      'neonatal[0]: Neonatal Outcome (neonatal[0]) was not saved: neonatal records are kept only for a delivery that is not postpartum',
    ]);
  });

  it('names the histopath text of a diagnosis that is not Others, and a cause outside its antecedent', () => {
    const diagnosis = { conditionId: 1401, categoryId: 14, gyneStage: 12, othersField: 'Ana Cruz, bed 4' };
    expect(refused({ gynecologicalDiagnosis: [diagnosis] }, closableGyneCase())).toEqual([
      'gynecologicalDiagnosis[0].othersField: Gynecologic Diagnosis (gynecologicalDiagnosis[0].othersField) was not saved: the histopath text is kept only for the condition Others (999999)',
    ]);
    expect(refused({ antecedent: 1, antecedentType: 21 }, closableObCase({ motherCondition: 3 }))).toEqual([
      'antecedentType: Antecedent Cause Type (antecedentType) was not saved: it must be a subcause of the antecedent chosen',
    ]);
  });

  it('does not refuse what the server derives (age, BMI, an exact AOG range) nor a blank answer the rules fill in', () => {
    expect(refused({ age: 5, bmi: 99.9, admissionAOG: 1 }, closableObCase())).toEqual([]);
    expect(refused({ gynecologicalDiagnosis: [{ conditionId: 1401, categoryId: 14, gyneStage: null }] }, closableGyneCase())).toEqual([]);
    expect(refused({ ectopicType: null, deliveryIndicationOthers: '', neonatal: [] }, closableGyneCase())).toEqual([]);
  });

  it('has words for every conditional question of CASE_FIELD_VISIBILITY', () => {
    expect(Object.keys(CASE_FIELD_VISIBILITY).filter((field) => !(field in VISIBILITY_RULE_WORDS))).toEqual([]);
  });
});
