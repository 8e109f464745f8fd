import {
  ageAtAdmission, ageInYears, calendarDateOf, computeBmi, defaultGyneStage, estimatedAog, formatCalendarDate,
  gestationalAgeGroup, infantsNumberFor, isMalignantCategory, isPediatric, neonatalRecordCount, parseCalendarDate,
  pediatricRuleAge, tumorClassOfCategory,
} from './index.js';

describe('age: whole years from birthDate, 365.25 days per year (SPEC.md §9)', () => {
  it.each([
    ['2000-01-01', '2026-11-21', 26],
    ['2000-11-21', '2026-11-21', 25], // 9496 days / 365.25 = 25.998: the spec's day count, not the calendar
    ['2000-11-22', '2026-11-21', 25],
    ['2008-02-29', '2026-11-21', 18],
    ['2026-11-21', '2026-11-21', 0],
    ['2026-11-22', '2026-11-21', null],
    [null, '2026-11-21', null],
    ['not a date', '2026-11-21', null],
    ['2000-01-01', null, null],
  ])('born %p, on %p: %p', (birth, at, age) => {
    expect(ageInYears(birth, at)).toBe(age);
  });

  it('counts 365.25-day years, so the day of a birthday can still read the year before', () => {
    // 2001-01-01 to 2005-01-01 is 1461 days = exactly 4 * 365.25
    expect(ageInYears('2001-01-01', '2005-01-01')).toBe(4);
    // 1 Jan 2001 to 1 Jan 2004: 1095 days < 3 * 365.25
    expect(ageInYears('2001-01-01', '2004-01-01')).toBe(2);
  });

  it('age at admission is the age on the admission date (SPEC.md §4)', () => {
    expect(ageAtAdmission('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageAtAdmission('1990-06-15', '2026-06-16')).toBe(36);
  });

  it('accepts full ISO instants and Date objects, cutting them to their UTC date', () => {
    expect(ageInYears('2000-01-01T10:00:00.000Z', new Date(Date.UTC(2026, 10, 21)))).toBe(26);
    expect(parseCalendarDate('2026-02-30')).toBeNull();
    expect(parseCalendarDate('2026-13-01')).toBeNull();
    expect(parseCalendarDate('2026-01-01Tnonsense')).toBeNull();
    expect(parseCalendarDate(new Date(Number.NaN))).toBeNull();
    expect(parseCalendarDate(20260101)).toBeNull();
    expect(formatCalendarDate(Date.UTC(2026, 0, 5))).toBe('2026-01-05');
    expect(calendarDateOf(new Date(Date.UTC(2026, 10, 21, 23, 59)))).toBe('2026-11-21');
  });
});

describe('pediatric: age under 19; with no birth date age is taken as 100 (SPEC.md §5, §9)', () => {
  it.each([
    ['2008-11-22', true],
    ['2007-11-21', false],
    [null, false],
    ['', false],
  ])('born %p: pediatric %p', (birth, pediatric) => {
    expect(isPediatric(birth, '2026-11-21')).toBe(pediatric);
  });

  it('no birth date counts as 100', () => {
    expect(pediatricRuleAge(undefined, '2026-11-21')).toBe(100);
  });
});

describe('BMI: weight over height in metres squared, 2 decimals, empty when either is missing (SPEC.md §4)', () => {
  it.each([
    [65, 160, 25.39],
    [70, 175, 22.86],
    [58, 155, 24.14],
    [null, 160, null],
    [65, null, null],
    [65, 0, null],
    [0, 160, null],
    [Number.NaN, 160, null],
    ['65', 160, null],
  ])('weight %p kg, height %p cm: %p', (w, h, bmi) => {
    expect(computeBmi(w, h)).toBe(bmi);
  });
});

describe('gestational age group from weeks (SPEC.md §5): 7 groups', () => {
  it.each([
    [0, 1], [12, 1], [13, 2], [20, 2], [21, 3], [27, 3], [28, 4], [32, 4], [33, 5], [36, 5], [37, 6], [41, 6],
    [42, 7], [52, 7], [12.9, 1], [-1, null], [null, null], [Number.POSITIVE_INFINITY, null],
  ])('%p weeks gives %p', (weeks, group) => {
    expect(gestationalAgeGroup(weeks)).toBe(group);
  });

  it('the estimated AOG follows the weeks when exact, and keeps the chosen range when estimated (SPEC.md §4)', () => {
    expect(estimatedAog(1, 30, 2)).toBe(4);
    expect(estimatedAog(1, null, 2)).toBeNull();
    expect(estimatedAog(2, 30, 2)).toBe(2);
    expect(estimatedAog(null, 30, null)).toBeNull();
  });
});

describe('gyne stage defaults (SPEC.md §3): 1 for malignant categories, 6 (N/A) for in situ and the rest', () => {
  it.each([
    [14, 1401, 1], [15, 1501, 1], [16, 1601, 1], [18, 1801, 1], [23, 2301, 1],
    [211, 21101, 1], [212, 21201, 1], [213, 21301, 1], [214, 21401, 1], [216, 21601, 1],
    [14, 1000033, 6], [1, 101, 6], [50, 999999, 6], [null, null, 6],
  ])('category %p, condition %p: stage %p', (category, condition, stage) => {
    expect(defaultGyneStage(category, condition)).toBe(stage);
  });

  it('tumor class: Malignant for the malignant categories, Special for premalignant and borderline, else Benign', () => {
    expect(tumorClassOfCategory(16)).toBe(2);
    expect(tumorClassOfCategory(17)).toBe(3);
    expect(tumorClassOfCategory(1)).toBe(1);
    expect(tumorClassOfCategory(undefined)).toBeNull();
    expect(isMalignantCategory(212)).toBe(true);
    expect(isMalignantCategory(215)).toBe(false);
  });
});

describe('infants number from pregnancy type (SPEC.md §4): type 1 sets 1, otherwise 2', () => {
  it.each([
    [1, null, 1], [1, 3, 1], [2, null, 2], [2, 1, 2], [2, 3, 3], [2, 12, 12], [3, 2, null], [null, 2, null],
  ])('type %p, current %p: %p', (type, current, infants) => {
    expect(infantsNumberFor(type, current)).toBe(infants);
  });

  it('the neonatal list never grows past the 20 infants the input allows', () => {
    expect(neonatalRecordCount(3)).toBe(3);
    expect(neonatalRecordCount(1e9)).toBe(20);
    expect(neonatalRecordCount(0)).toBe(0);
    expect(neonatalRecordCount(null)).toBe(0);
    expect(neonatalRecordCount(2.7)).toBe(2);
  });
});
