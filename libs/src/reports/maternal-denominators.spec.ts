import type { CaseForm } from '../api/case-form.js';
import { closableGyneCase, closableObCase } from '../testing/case-fixtures.test-helpers.js';
import { deriveCaseFacts } from './case-facts.js';
import { isObstetricCase } from './counting-rule.js';
import { aogSegmentOf, findReportDimension, isMaternalDeathCase, segmentsOf, tabulate } from './report-dimensions.js';
import { maternalMortalityRate } from './report-figures.js';
import { aogReportGroupOfRange } from './report-groups.js';
import { rollupKeys } from './rollup.js';

/** A 51-year-old gynecologic patient with fibroids (intramural leiomyoma), discharged improved. */
const fibroids = (overrides: Partial<CaseForm> = {}) => closableGyneCase({
  age: 51, gyneDiagnosis: 1, gynecologicalDiagnosis: [{ conditionId: 101, categoryId: 1, gyneStage: null }], isClose: true, ...overrides,
});
const died = { motherCondition: 3, antecedent: 1, antecedentType: 11, antecedentCause: 1101, deathTiming: 3, deathReviewed: true };

describe('maternal figures count obstetric cases only (issue 25 item 4, GLOSSARY "maternal mortality rate in this product")', () => {
  it.each([
    ['a pregnant woman (case type OB)', closableObCase(), true],
    ['a woman admitted postpartum', { isPregnancy: false, isPostpartum: true }, true],
    ['a woman who delivered', { isPregnancy: false, isDelivered: true }, true],
    ['a 51-year-old gyne patient with fibroids', fibroids(), false],
    ['a gyne patient who died', fibroids({ motherCondition: 3 }), false],
    ['an empty form', {}, false],
  ])('%s is an obstetric case: %p', (_what, form, obstetric) => {
    expect(isObstetricCase(form as Partial<CaseForm>)).toBe(obstetric);
  });

  it("a gynecologic patient's death is not a maternal death", () => {
    expect(isMaternalDeathCase(fibroids({ motherCondition: 3 }))).toBe(false);
    expect(isMaternalDeathCase(closableObCase(died))).toBe(true);
    expect(deriveCaseFacts(fibroids({ motherCondition: 3 })).facts).toMatchObject({ isMaternalDeath: false, motherConditionSegment: null, isObstetric: false });
  });

  it("'1 death over 7 mothers' with 2 gyne patients among them is 1 of 5 obstetric patients: 20%, not 14%", () => {
    const forms = [
      closableObCase({ isClose: true, ...died }),
      ...[1, 2, 3, 4].map(() => closableObCase({ isClose: true })),
      fibroids(),
      fibroids({ age: 44 }),
    ];
    const mother = tabulate(forms, findReportDimension('MotherCondition')!);
    expect(mother.map((r) => [r.label, r.count])).toEqual([['Improved', 4], ['Unimproved', 0], ['Died', 1]]);
    expect(maternalMortalityRate(mother[2].count, mother[0].count + mother[1].count)).toBe(20);
  });

  it('the Maternal Age and Mother Condition tables leave the gyne patients out, crossed or not', () => {
    const forms = [closableObCase({ age: 36 }), closableObCase({ age: 17 }), fibroids(), fibroids({ age: 19 })];
    expect(tabulate(forms, findReportDimension('AgeGroup')!).map((r) => [r.label, r.count])).toEqual([
      ['Under 20', 1], ['20-34', 0], ['35 and above', 1],
    ]);
    const crossed = tabulate(forms, findReportDimension('MotherCondition')!, findReportDimension('AgeGroup')!);
    expect(crossed[0]).toMatchObject({ label: 'Improved', count: 2, crosssegments: { under20: 1, '20to34': 0, '35andAbove': 1, 'N/A': 0 } });
  });

  it('the rollup counts a gyne patient as gyne, in no maternal dimension', () => {
    const set = deriveCaseFacts(fibroids({ motherCondition: 3 }));
    const dims = new Set(rollupKeys({ ...set.facts, indications: set.indications }).map((k) => k.dimA));
    expect([...dims].sort()).toEqual(['CaseType', 'deliverymanner']);
  });
});

describe("an estimated AOG range counts in its AOG group, never as 'Not recorded' (issue 25 item 5)", () => {
  it.each([
    [1, '<=12 weeks', 'under28'],
    [2, '13-20 weeks', 'under28'],
    [3, '21-27 weeks', 'under28'],
    [4, '28-32 weeks', '28to32'],
    [5, '33-36 weeks', '33to37'],
    [6, '37-41 weeks: 37 is in 33-37, 38-41 in 38-42', 'estimatedSpans'],
    [7, '>=42 weeks: 42 is in 38-42, past it in none', 'estimatedSpans'],
    [8, 'no such range', null],
    [null, 'no range', null],
  ])('range %p (%s) is %p', (range, _label, group) => {
    expect(aogReportGroupOfRange(range)).toBe(group);
  });

  const estimated = (at: 'delivery' | 'admission', range: number): Partial<CaseForm> => (at === 'delivery'
    ? { deliveryAOGType: 2, deliveryAOG: range, deliveryWeeks: null, deliveryDays: null }
    : { deliveryAOGType: null, deliveryAOG: null, deliveryWeeks: null, deliveryDays: null, admissionAOGType: 2, admissionAOG: range, admissionWeeks: null, admissionDays: null });

  it('a death estimated at 28-32 weeks falls in 28-32 in the mortality Age of Gestation', () => {
    const death = closableObCase({ isClose: true, ...died, ...estimated('delivery', 4) });
    expect(aogSegmentOf(death)).toBe('28to32');
    expect(deriveCaseFacts(death).facts.aogSegment).toBe('28to32');
  });

  it('the delivery AOG comes first, exact or estimated; else the admission AOG', () => {
    expect(aogSegmentOf(closableObCase({ ...estimated('delivery', 5), admissionAOGType: 1, admissionWeeks: 39 }))).toBe('33to37');
    expect(aogSegmentOf(closableObCase({ ...estimated('admission', 2), isDelivered: false }))).toBe('under28');
    expect(aogSegmentOf(closableObCase({ deliveryWeeks: 43 }))).toBe('N/A');
    expect(aogSegmentOf(closableObCase({ deliveryAOGType: null, admissionAOGType: null }))).toBe('N/A');
  });

  it('in the All Age of Gestation table, estimated cases count in their groups and the spanning ones in their own row', () => {
    const forms = [
      closableObCase({ deliveryWeeks: 39 }),
      closableObCase(estimated('delivery', 2)),
      closableObCase(estimated('delivery', 4)),
      closableObCase(estimated('delivery', 6)),
      closableObCase(estimated('admission', 7)),
    ];
    expect(tabulate(forms, findReportDimension('AOG')!).map((r) => [r.label, r.count])).toEqual([
      ['Under 28 weeks', 1], ['28-32 weeks', 1], ['33-37 weeks', 0], ['38-42 weeks', 1], ['Estimated, spans groups', 2],
    ]);
    expect(tabulate([closableObCase()], findReportDimension('AOG')!).map((r) => r.label)).not.toContain('Estimated, spans groups');
    expect(segmentsOf(findReportDimension('AOG')!, forms[3])).toEqual(['estimatedSpans']);
  });
});
