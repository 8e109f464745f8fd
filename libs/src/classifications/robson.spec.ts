import type { CaseForm } from '../api/case-form.js';
import { closableObCase } from '../testing/case-fixtures.test-helpers.js';
import { ROBSON_GROUPS, isRobsonPopulation, robsonGroup, robsonSegmentOf } from './robson.js';

/**
 * A woman by the six Robson variables: P (0 nulliparous), previous CS, onset (1 spontaneous, 2
 * induced, 3 no labor), presentation (1 cephalic, 2 breech, 3 transverse or oblique), fetuses, weeks.
 */
function woman(p: number | null, previous: number | null, onset: number | null, presentation: number | null, fetuses: 1 | 2 | null, weeks: number | null): Partial<CaseForm> {
  return closableObCase({
    obscoreG: p === null ? null : p + 1, obscoreP: p, obscoreFT: p, obscorePr: 0, obscoreLB: p,
    previousCaesareans: previous, laborOnset: onset, fetalPresentation: presentation,
    pregnancyType: fetuses === null ? null : fetuses === 2 ? 2 : 1, infantsNumber: fetuses,
    deliveryAOGType: weeks === null ? null : 1, deliveryWeeks: weeks, deliveryDays: weeks === null ? null : 0,
  });
}

describe('the Robson Ten-Group Classification (WHO 2015): every group and sub-group', () => {
  it.each([
    ['1', 'Nulliparous, single cephalic, 37+ weeks, spontaneous labor', woman(0, 0, 1, 1, 1, 39)],
    ['2a', 'Nulliparous, single cephalic, 37+ weeks, induced', woman(0, 0, 2, 1, 1, 41)],
    ['2b', 'Nulliparous, single cephalic, 37+ weeks, caesarean before labor', woman(0, 0, 3, 1, 1, 38)],
    ['3', 'Multiparous, no previous CS, single cephalic, 37+ weeks, spontaneous labor', woman(2, 0, 1, 1, 1, 40)],
    ['4a', 'Multiparous, no previous CS, single cephalic, 37+ weeks, induced', woman(1, 0, 2, 1, 1, 37)],
    ['4b', 'Multiparous, no previous CS, single cephalic, 37+ weeks, caesarean before labor', woman(3, 0, 3, 1, 1, 39)],
    ['5.1', 'Multiparous, 1 previous CS, single cephalic, 37+ weeks', woman(1, 1, 1, 1, 1, 39)],
    ['5.2', 'Multiparous, 2 previous CS, single cephalic, 37+ weeks', woman(2, 2, 3, 1, 1, 38)],
    ['5.2', 'Multiparous, 4 previous CS, single cephalic, 37+ weeks', woman(4, 4, 2, 1, 1, 39)],
    ['6', 'Nulliparous, single breech', woman(0, 0, 1, 2, 1, 39)],
    ['6', 'Nulliparous, single breech', woman(0, 0, 3, 2, 1, 32)],
    ['7', 'Multiparous, single breech', woman(1, 1, 3, 2, 1, 39)],
    ['8', 'Multiple pregnancy', woman(0, 0, 1, 1, 2, 36)],
    ['8', 'Multiple pregnancy', woman(2, 2, 3, 2, 2, 38)],
    ['9', 'Single, transverse or oblique lie', woman(1, 1, 3, 3, 1, 39)],
    ['9', 'Single, transverse or oblique lie', woman(0, 0, 1, 3, 1, 30)],
    ['10', 'Single cephalic, 36 weeks or less', woman(0, 0, 1, 1, 1, 36)],
    ['10', 'Single cephalic, 36 weeks or less', woman(2, 1, 2, 1, 1, 28)],
  ])('group %s: %s', (group, words, form) => {
    expect(robsonGroup(form)).toEqual({ classifiable: true, group, reason: `${words}: group ${group}` });
  });

  it("the issue's example: 'Multiparous, no previous CS, single cephalic, 37+ weeks, induced: group 4a'", () => {
    expect(robsonGroup(woman(1, 0, 2, 1, 1, 39)).reason).toBe('Multiparous, no previous CS, single cephalic, 37+ weeks, induced: group 4a');
  });

  it('every group and sub-group is reached by the table above, and has its WHO definition', () => {
    expect(ROBSON_GROUPS.map((g) => g.key)).toEqual(['1', '2a', '2b', '3', '4a', '4b', '5.1', '5.2', '6', '7', '8', '9', '10']);
    for (const g of ROBSON_GROUPS) expect(g.definition.length).toBeGreaterThan(10);
  });

  it('37 weeks is term and 36 weeks 6 days preterm; an estimated range decides when it lies on one side of 37 weeks', () => {
    expect(robsonGroup({ ...woman(0, 0, 1, 1, 1, 37), deliveryDays: 0 })).toMatchObject({ group: '1' });
    expect(robsonGroup({ ...woman(0, 0, 1, 1, 1, 36), deliveryDays: 6 })).toMatchObject({ group: '10' });
    const estimated = (range: number) => ({ ...woman(0, 0, 1, 1, 1, null), deliveryAOGType: 2, deliveryAOG: range });
    expect(robsonGroup(estimated(6))).toMatchObject({ group: '1' });
    expect(robsonGroup(estimated(7))).toMatchObject({ group: '1' });
    expect(robsonGroup(estimated(5))).toMatchObject({ group: '10' });
    expect(robsonGroup(estimated(4))).toMatchObject({ group: '10' });
  });

  it('twins are one woman in group 8 whatever else is recorded or missing', () => {
    expect(robsonGroup(woman(null, null, null, null, 2, null))).toMatchObject({ classifiable: true, group: '8' });
  });
});

describe("a woman with a missing answer is 'not classifiable', with what is missing, never guessed", () => {
  it.each([
    ['the number of fetuses', woman(0, 0, 1, 1, null, 39), ['fetuses']],
    ['the presentation', woman(0, 0, 1, null, 1, 39), ['presentation']],
    ['parity, for a breech', woman(null, 0, 1, 2, 1, 39), ['parity']],
    ['the gestational age, for a cephalic', woman(0, 0, 1, 1, 1, null), ['gestation']],
    ['the previous caesareans, for a term cephalic', woman(0, null, 1, 1, 1, 39), ['previousCaesareans']],
    ['parity, for a term cephalic without a previous caesarean', woman(null, 0, 1, 1, 1, 39), ['parity']],
    ['the onset of labor, for a term cephalic without a previous caesarean', woman(0, 0, null, 1, 1, 39), ['onset']],
    ['everything', woman(null, null, null, null, null, null), ['fetuses', 'presentation', 'gestation', 'previousCaesareans', 'parity', 'onset']],
  ])('missing %s', (_what, form, missing) => {
    const result = robsonGroup(form);
    expect(result.classifiable).toBe(false);
    if (result.classifiable) return;
    expect(result.missing.map((m) => m.variable)).toEqual(missing);
    expect(result.reason).toMatch(/^Not classifiable: .+ not recorded$/);
  });

  it('an existing case from before the three answers: not classifiable, naming the three fields', () => {
    const before = closableObCase({ previousCaesareans: null, laborOnset: null, fetalPresentation: null });
    const result = robsonGroup(before);
    expect(result).toEqual({
      classifiable: false,
      missing: [
        { variable: 'presentation', field: 'fetalPresentation', label: 'Presentation or Lie' },
        { variable: 'previousCaesareans', field: 'previousCaesareans', label: 'Previous Caesarean Sections' },
        { variable: 'onset', field: 'laborOnset', label: 'Onset of Labor' },
      ],
      reason: 'Not classifiable: presentation or lie, previous caesarean sections, onset of labor not recorded',
    });
  });

  it('a missing answer the group does not need does not stop it: a transverse lie needs neither parity nor gestation', () => {
    expect(robsonGroup(woman(null, null, null, 3, 1, null))).toMatchObject({ classifiable: true, group: '9' });
    expect(robsonGroup(woman(2, 1, null, 1, 1, 39))).toMatchObject({ classifiable: true, group: '5.1' });
  });
});

describe('who the Robson table counts', () => {
  it('a woman who gave birth in the department; not one admitted after giving birth elsewhere, not one still pregnant', () => {
    expect(isRobsonPopulation(closableObCase())).toBe(true);
    expect(isRobsonPopulation(closableObCase({ isPostpartum: true }))).toBe(false);
    expect(isRobsonPopulation(closableObCase({ isDelivered: false }))).toBe(false);
    expect(robsonSegmentOf(closableObCase())).toBe('4b');
    expect(robsonSegmentOf(closableObCase({ laborOnset: null }))).toBe('unclassifiable');
    expect(robsonSegmentOf(closableObCase({ isDelivered: false }))).toBeNull();
  });
});
