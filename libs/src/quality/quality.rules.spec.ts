import type { CaseForm } from '../api/case-form.js';
import { applyCaseChange } from '../rules/case-dependencies.rules.js';
import { TODAY, closableGyneCase, closableObCase, healthyInfant } from '../testing/case-fixtures.test-helpers.js';
import { QUALITY_RULES, type QualityRuleId, caseCompleteness, caseQuality, failedRules } from './quality.rules.js';

const review = (form: CaseForm) => caseQuality(applyCaseChange(form, {}), { today: TODAY });

const twins = (overrides: Partial<CaseForm>): CaseForm => closableObCase({
  pregnancyType: 2, isHeterotopic: false, infantsNumber: 2, obscoreG: 2, neonatal: [healthyInfant(), healthyInfant()],
  deliveryManner: 2, deliveryManner2: 1, primaryRepeat2: 1, incision2: 1, CSBilateralSalpingectomy2: false, CSBTL2: false, deliveryIndication2: [101],
  ...overrides,
});
const maternalDeath = (overrides: Partial<CaseForm>): CaseForm => closableObCase({
  motherCondition: 3, antecedent: 1, antecedentType: 11, antecedentCause: 1101, immediateCause: 1, deathTiming: 1, deathReviewed: true,
  ...overrides,
});

/** Each hand-made case breaks one rule: [rule, what the case says, the case, the fields named]. */
const ONE_RULE_EACH: ReadonlyArray<[QualityRuleId, string, CaseForm, string[]]> = [
  ['close-rules', 'a closed case without the mother\'s condition on discharge', closableObCase({ motherCondition: null }), ['motherCondition']],
  ['bmi-high', 'weight 160 kg at 160 cm (BMI 62.5)', closableObCase({ weight: 160, height: 160 }), ['bmi']],
  ['live-births-above-deliveries', 'LB 2 after one birth (FT 1, Pr 0)', closableObCase({ obscoreLB: 2 }), ['obscoreLB']],
  ['newborn-age-not-delivery-aog', 'a newborn of 37 weeks at a delivery of 39',
    closableObCase({ neonatal: [healthyInfant({ pediatricAge: 37, pediatricWeight: 3000 })] }), ['neonatal[0].pediatricAge']],
  ['birth-weight-for-age', '1,200 g at 39 weeks', closableObCase({ neonatal: [healthyInfant({ pediatricWeight: 1200 })] }), ['neonatal[0].pediatricWeight']],
  ['ob-score-current-pregnancy', 'a pregnant woman with G 1, P 1, Ab 0', closableObCase({ obscoreG: 1 }), ['obscoreG']],
  ['ob-score-previous-caesareans', 'P 1 with 2 previous caesarean sections',
    closableObCase({ previousCaesareans: 2, primaryRepeat: 2 }), ['obscoreP']],
  ['aog-dates-disagree', '36w 0d on admission, 39w 3d on delivery the next day',
    closableObCase({ admissionWeeks: 36, admissionDays: 0 }), ['deliveryWeeks']],
  ['caesarean-without-indication', 'a second twin by caesarean section without an indication', twins({ deliveryIndication2: [] }), ['deliveryIndication2']],
  ['death-without-cause', 'a maternal death without the immediate cause', maternalDeath({ immediateCause: null }), ['immediateCause']],
  ['others-without-text', "a co-morbidity 'Others' without saying what",
    closableObCase({ morbidities: [{ conditionId: 999999, categoryId: 15 }] }), ['morbidities']],
  ['others-without-text', "indication 'Others' without the other indication",
    closableObCase({ deliveryIndication: [999999], deliveryIndicationOthers: null }), ['deliveryIndicationOthers']],
  ['unknown-answer', 'a stillbirth whose timing is left unknown',
    closableObCase({ neonatal: [healthyInfant({ status: 6, causeofdeath: 1, specificcause: 101, apgar1m: 0, apgar5m: 0 })], deathReviewed: true }),
    ['neonatal[0].status']],
];

describe('data quality (issue 31): every rule fires alone on a case made to break it, and none on a clean case', () => {
  it.each([
    ['a closable OB case (primary caesarean, Robson group 4b)', closableObCase()],
    ['a closable gyne case', closableGyneCase()],
    ['closable twins, the second by caesarean section with its indication', twins({})],
    ['a maternal death with its causes recorded', maternalDeath({})],
  ])('a clean case fails no rule: %s', (_words, form) => {
    const quality = review(form);
    expect(quality.errors).toEqual([]);
    expect(quality.warnings).toEqual([]);
  });

  it.each(ONE_RULE_EACH)('%s fires alone on %s', (rule, _words, form, fields) => {
    const quality = review(form);
    expect(failedRules(quality)).toEqual([rule]);
    expect([...quality.errors, ...quality.warnings].map((f) => f.field)).toEqual(fields);
    for (const found of [...quality.errors, ...quality.warnings]) expect(found.message.length).toBeGreaterThan(0);
  });

  it("a birth whose Robson answers are missing is 'Not classifiable', with each missing answer named (and it cannot close)", () => {
    const quality = review(closableObCase({ laborOnset: null, fetalPresentation: 1 }));
    expect(failedRules(quality)).toEqual(['close-rules', 'robson-not-classifiable']);
    expect(quality.warnings.map((w) => w.field)).toEqual(['laborOnset']);
    expect(quality.warnings[0].message).toMatch(/^Not classifiable: onset of labor not recorded/);
  });

  it.each([
    ["the first infant's caesarean without an indication", closableObCase({ deliveryIndication: [] }), 'deliveryIndication'],
    ["a maternal death without its antecedent cause", maternalDeath({ antecedentType: null }), 'antecedentType'],
    ['a dead infant without a cause of death',
      closableObCase({ neonatal: [healthyInfant({ status: 2, causeofdeath: null })], deathReviewed: true }), 'neonatal[0].causeofdeath'],
  ])('a check the close rules make is counted once, as the hard error: %s', (_words, form, field) => {
    const quality = review(form);
    expect(quality.errors.map((e) => e.field)).toContain(field);
    expect(quality.warnings.filter((w) => w.field === field)).toEqual([]);
  });

  it('every rule of QUALITY_RULES is held by a hand-made case above', () => {
    const held = new Set<string>([...ONE_RULE_EACH.map(([rule]) => rule), 'robson-not-classifiable']);
    expect(QUALITY_RULES.filter((r) => !held.has(r.id))).toEqual([]);
  });

  it('completeness counts the questions the form asks this case, and those left unanswered', () => {
    const full = caseCompleteness(applyCaseChange(closableObCase(), {}));
    const room = caseCompleteness(applyCaseChange(closableObCase({ incision: null }), {}));
    expect(full.asked).toContain('incision');
    expect(full.asked).toContain('neonatal[].pediatricWeight');
    expect(full.asked).not.toContain('gyneOrgan');
    expect(room.missing).toContain('incision');
    expect(room.missing.length).toBe(full.missing.length + 1);
  });

  it('the score is the share answered, less 25 with a hard error and 5 a warning', () => {
    const clean = review(closableObCase());
    const warned = review(closableObCase({ obscoreLB: 2 }));
    const failed = review(closableObCase({ motherCondition: null }));
    expect(warned.score).toBe(clean.score - 5);
    expect(failed.score).toBeLessThanOrEqual(clean.score - 25);
  });
});
