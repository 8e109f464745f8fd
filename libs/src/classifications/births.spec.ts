import { closableObCase, healthyInfant } from '../testing/case-fixtures.test-helpers.js';
import { INTERNATIONAL_STILLBIRTH_THRESHOLD, classifyBirth, countBirths, infantGestation, type BirthRecord } from './births.js';

const T = INTERNATIONAL_STILLBIRTH_THRESHOLD;
const at = (weeks: number) => ({ min: weeks, max: weeks });
const birth = (status: number | null, weightGrams: number | null, gestation: BirthRecord['gestation']): BirthRecord => ({ status, weightGrams, gestation });

describe('births by the WHO definitions (live birth, stillbirth for international comparison: 28 weeks or 1000 g)', () => {
  it.each([
    ['a livebirth', birth(1, 3200, at(39)), 'liveBirth'],
    ['an early neonatal death was born alive', birth(2, 900, at(26)), 'liveBirth'],
    ['a late neonatal death was born alive', birth(3, 2500, at(35)), 'liveBirth'],
    ['born dead at 1000 g and 27 weeks: the weight is enough', birth(4, 1000, at(27)), 'stillbirth'],
    ['born dead at 900 g and 28 weeks: the gestation is enough', birth(5, 900, at(28)), 'stillbirth'],
    ['born dead at 999 g and 27 weeks', birth(6, 999, at(27)), 'belowThreshold'],
    ['born dead at 900 g, estimated 21-27 weeks', birth(4, 900, { min: 21, max: 27 }), 'belowThreshold'],
    ['born dead at 900 g, estimated 37-41 weeks', birth(4, 900, { min: 37, max: 41 }), 'stillbirth'],
    ['born dead, no weight, 30 weeks', birth(4, null, at(30)), 'stillbirth'],
    ['born dead at 800 g, no gestation', birth(4, 800, null), 'thresholdUnknown'],
    ['no outcome recorded', birth(null, 3000, at(39)), 'outcomeUnknown'],
  ])('%s: %s', (_what, record, kind) => {
    expect(classifyBirth(record, T)).toBe(kind);
  });

  it('a national threshold is a setting: 22 weeks or 500 g counts the 900 g, 27-week stillbirth', () => {
    expect(classifyBirth(birth(4, 900, at(27)), { weeks: 22, grams: 500 })).toBe('stillbirth');
    expect(classifyBirth(birth(4, 400, at(21)), { weeks: 22, grams: 500 })).toBe('belowThreshold');
  });

  it("an infant's gestation: its pediatric AOG, else the delivery AOG (exact, or the estimated range)", () => {
    expect(infantGestation(healthyInfant({ pediatricAge: 33.5 }), closableObCase())).toEqual({ min: 33, max: 33 });
    expect(infantGestation(healthyInfant({ pediatricAge: null }), closableObCase({ deliveryWeeks: 38 }))).toEqual({ min: 38, max: 38 });
    expect(infantGestation(healthyInfant({ pediatricAge: null }), closableObCase({ deliveryAOGType: 2, deliveryAOG: 3, deliveryWeeks: null }))).toEqual({ min: 21, max: 27 });
    expect(infantGestation(healthyInfant({ pediatricAge: null }), closableObCase({ deliveryAOGType: null }))).toBeNull();
  });

  it('twins are two births: a stillborn twin and a live twin who died on day 3, with a singleton livebirth', () => {
    const counts = countBirths([
      birth(5, 1800, at(33)), birth(2, 1900, at(33)),
      birth(1, 3100, at(39)),
      { ...birth(1, 3300, at(40)), n: 7 },
    ], T);
    expect(counts).toEqual({
      liveBirths: 9, stillbirths: 1, earlyNeonatalDeaths: 1, neonatalDeaths: 1, belowThreshold: 0, thresholdUnknown: 0, outcomeUnknown: 0,
    });
  });
});
