import { closableGyneCase, closableObCase, healthyInfant } from '../testing/case-fixtures.test-helpers.js';
import {
  checkNumberInput, describeLimit, expectedBirthWeightRange, hardLimitErrors, obScoreErrors, parseNumberInput,
  PLAUSIBILITY_LIMITS, plausibilityErrors, softWarnings, unconfirmedWarnings,
} from './plausibility.js';

const fields = (errors: Array<{ field: string }>) => errors.map((e) => e.field);

describe('plausibility limits (issue 14 item 5, SPEC.md §9)', () => {
  it('the complete example cases are plausible', () => {
    expect(plausibilityErrors(closableObCase())).toEqual([]);
    expect(plausibilityErrors(closableGyneCase())).toEqual([]);
    expect(softWarnings(closableObCase())).toEqual([]);
  });

  it.each([
    ['height', '100–230 cm'],
    ['weight', '25–300 kg'],
    ['neonatal[].apgar1m', '0–10'],
    ['neonatal[3].pediatricWeight', '200–7000 g'],
    ['admissionWeeks', '0–52 weeks'],
    ['deliveryDays', '0–6 days'],
    ['obscoreG', '0–30'],
    ['infantsNumber', '1–20'],
    ['infantsNumberInput', '6–20'],
    ['room', ''],
  ])('the limit shown next to %s is %p', (field, text) => {
    expect(describeLimit(field)).toBe(text);
  });

  it('height typed in metres (1.55) and a weight of 6800 kg refuse the save, naming field, label and section', () => {
    expect(hardLimitErrors(closableObCase({ height: 1.55, weight: 6800 }))).toEqual([
      { field: 'height', label: 'Height (cm)', section: 'Admission', message: 'Height (cm) must be between 100 and 230' },
      { field: 'weight', label: 'Weight (kg)', section: 'Admission', message: 'Weight (kg) must be between 25 and 300' },
    ]);
  });

  it.each([
    ['height 99.9', { height: 99.9 }, ['height']],
    ['height 230', { height: 230 }, []],
    ['weight 25', { weight: 25 }, []],
    ['weight 300.1', { weight: 300.1 }, ['weight']],
    ['AOG weeks 53', { admissionWeeks: 53 }, ['admissionWeeks']],
    ['AOG days 7', { deliveryDays: 7 }, ['deliveryDays']],
    ['AOG days 2.5 (whole numbers only)', { deliveryDays: 2.5 }, ['deliveryDays']],
    ['OB score 31', { obscoreAb: 31 }, ['obscoreAb']],
    ['infants number 21', { infantsNumber: 21 }, ['infantsNumber']],
    ['infants number 0', { infantsNumber: 0 }, ['infantsNumber']],
    ['empty values are not a limit break', { height: null, weight: null, obscoreG: null }, []],
  ])('%s', (_name, patch, failing) => {
    expect(fields(hardLimitErrors(closableObCase(patch)))).toEqual(failing);
  });

  it('infant limits: Apgar 0-10, birth weight 200-7000 g, each named by its infant', () => {
    const form = closableObCase({
      infantsNumber: 2, pregnancyType: 2,
      neonatal: [healthyInfant({ apgar1m: 11 }), healthyInfant({ pediatricWeight: 7001, pediatricHeight: 120 })],
    });
    expect(hardLimitErrors(form).map((e) => `${e.field}: ${e.message}`)).toEqual([
      'neonatal[0].apgar1m: Apgar 1 m must be between 0 and 10',
      'neonatal[1].pediatricWeight: Birth Weight (g) must be between 200 and 7000',
      'neonatal[1].pediatricHeight: Birth Length (cm) must be between 20 and 70',
    ]);
    expect(hardLimitErrors(form)[0]?.label).toBe('Infant 1: Apgar 1 m');
  });

  it('every limit has a minimum not above its maximum', () => {
    for (const limit of Object.values(PLAUSIBILITY_LIMITS)) expect(limit.min).toBeLessThanOrEqual(limit.max);
  });
});

describe("number inputs refuse text that is not a number with 'Invalid Value' (SPEC.md §8)", () => {
  it.each([
    ['6o.5', 'Invalid Value'],
    ['1,5', 'Invalid Value'],
    ['12abc', 'Invalid Value'],
    ['--1', 'Invalid Value'],
    ['60.5', null],
    [' 155 ', null],
    ['.5', null],
    ['', null],
  ])('%p → %p', (raw, message) => {
    expect(checkNumberInput(raw)).toBe(message);
  });

  it('parses what it accepts', () => {
    expect([parseNumberInput('60.5'), parseNumberInput('  '), parseNumberInput('6o.5')]).toEqual([60.5, null, undefined]);
  });
});

describe('OB score consistency: P = FT + Pr; G ≥ P + Ab; LB ≤ FT + Pr plus multiple births', () => {
  it.each([
    ['consistent', {}, []],
    ['P is not FT + Pr', { obscoreP: 2 }, ['obscoreP']],
    ['G below P + Ab', { obscoreG: 1, obscoreAb: 1 }, ['obscoreG']],
    ['LB above FT + Pr is possible after earlier twins: a warning, not an error', { obscoreLB: 2 }, []],
    ['LB above what FT + Pr births can bear (20 infants each) is impossible', { obscoreLB: 21 }, ['obscoreLB']],
    ['LB with no birth at all is impossible', { obscoreP: 0, obscoreFT: 0, obscorePr: 0, obscoreLB: 1 }, ['obscoreLB']],
    ['a missing score checks nothing it needs', { obscoreP: null, obscoreFT: null }, []],
    ['a score beyond its limit is a limit break, not an inconsistency', { obscoreP: 45 }, []],
  ])('%s', (_name, patch, failing) => {
    expect(fields(obScoreErrors(closableObCase(patch)))).toEqual(failing);
  });

  it('says what the numbers should be', () => {
    expect(obScoreErrors(closableObCase({ obscoreP: 2 }))[0]).toEqual({
      field: 'obscoreP', label: expect.any(String), section: 'Obstetric History', message: 'P must equal FT + Pr (1 + 0 = 1)',
    });
  });
});

describe('soft warnings ask for confirmation of unusual but possible values', () => {
  it('BMI above 60', () => {
    expect(fields(softWarnings(closableObCase({ weight: 160, height: 160 })))).toEqual(['bmi']);
    expect(softWarnings(closableObCase({ weight: 150, height: 160 }))).toEqual([]);
  });

  it('LB above FT + Pr plus this multiple birth asks whether earlier births were twins or more', () => {
    expect(softWarnings(closableObCase({ obscoreLB: 2 }))).toEqual([expect.objectContaining({
      field: 'obscoreLB', message: 'LB 2 is more than FT + Pr (1): confirm only if earlier births were twins or more',
    })]);
    expect(softWarnings(closableObCase({ pregnancyType: 2, infantsNumber: 2, obscoreLB: 2 }))).toEqual([]);
    expect(fields(softWarnings(closableObCase({ pregnancyType: 2, infantsNumber: 2, obscoreLB: 3 })))).toEqual(['obscoreLB']);
  });

  it('a birth weight far from the gestational age (pediatric AOG, else delivery AOG)', () => {
    expect(expectedBirthWeightRange(40)).toEqual({ low: 1700, high: 5440 });
    expect(expectedBirthWeightRange(20)).toEqual({ low: 0, high: 800 });
    const light = closableObCase({ neonatal: [healthyInfant({ pediatricAge: 40, pediatricWeight: 1200 })] });
    expect(softWarnings(light).map((w) => w.field)).toEqual(['neonatal[0].pediatricWeight']);
    const byDelivery = closableObCase({ deliveryWeeks: 28, neonatal: [healthyInfant({ pediatricAge: null, pediatricWeight: 3900 })] });
    expect(fields(softWarnings(byDelivery))).toEqual(['neonatal[0].pediatricWeight']);
  });

  it("a newborn's gestational age is whole weeks within the mother's AOG limits, and a week from the delivery AOG or more, or a 3,200 g baby at 1 week, asks for confirmation (issue 27 item 6)", () => {
    const at = (pediatricAge: number, deliveryWeeks = 39) =>
      closableObCase({ deliveryWeeks, neonatal: [healthyInfant({ pediatricAge, pediatricWeight: 3200 })] });
    expect(hardLimitErrors(at(0.3))).toEqual([expect.objectContaining({ field: 'neonatal[0].pediatricAge', message: 'Pediatric AOG (weeks) must be a whole number' })]);
    expect(hardLimitErrors(at(1.5))).toHaveLength(1);
    expect(hardLimitErrors(at(53))).toEqual([expect.objectContaining({ field: 'neonatal[0].pediatricAge', message: 'Pediatric AOG (weeks) must be between 0 and 52' })]);
    expect(fields(softWarnings(at(1)))).toEqual(['neonatal[0].pediatricAge', 'neonatal[0].pediatricWeight']);
    expect(softWarnings(at(1)).map((w) => w.message)).toEqual([
      "The newborn's gestational age (1 weeks) is not the delivery AOG (39 weeks): a baby is born at the age of gestation of the delivery; check it, or confirm",
      'A birth weight of 3200 g is far from 1 weeks of gestation (usually 0–800 g): check it, or confirm',
    ]);
    expect(softWarnings(at(38))).toEqual([]);
    expect(softWarnings(at(39))).toEqual([]);
  });

  it('a warning needs confirmation once, when its value is new, unless its field is confirmed', () => {
    const before = closableObCase();
    const after = closableObCase({ weight: 160, height: 160 });
    expect(fields(unconfirmedWarnings(before, after))).toEqual(['bmi']);
    expect(unconfirmedWarnings(before, after, ['bmi'])).toEqual([]);
    expect(unconfirmedWarnings(after, { ...after, room: '2B' })).toEqual([]);
    expect(fields(unconfirmedWarnings(null, after))).toEqual(['bmi']);
  });
});
