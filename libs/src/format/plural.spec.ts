import { countOf, formatCount, pluralize, weeksAndDays } from './plural.js';

describe('a count and its noun agree: one death, two deaths (never "1 deaths")', () => {
  it.each([
    [0, 'death', '0 deaths'],
    [1, 'death', '1 death'],
    [2, 'death', '2 deaths'],
    [1, 'case', '1 case'],
    [39, 'case', '39 cases'],
  ])('%i %s is "%s"', (count, noun, text) => {
    expect(countOf(count, noun)).toBe(text);
  });

  it('an irregular plural is given, and used for every count but one', () => {
    expect(countOf(1, 'baby', 'babies')).toBe('1 baby');
    expect(countOf(3, 'baby', 'babies')).toBe('3 babies');
    expect(pluralize(1, 'is', 'are')).toBe('is');
    expect(pluralize(0, 'is', 'are')).toBe('are');
  });

  it('an age of gestation: "39 weeks 1 day", not "39 weeks 1 days"; no days left out', () => {
    expect(weeksAndDays(39, 1)).toBe('39 weeks 1 day');
    expect(weeksAndDays(39, 6)).toBe('39 weeks 6 days');
    expect(weeksAndDays(39, 0)).toBe('39 weeks');
    expect(weeksAndDays(39, null)).toBe('39 weeks');
    expect(weeksAndDays(1, 1)).toBe('1 week 1 day');
  });
});

describe('a count is written with the thousands separated, as the product writes numbers (en-US)', () => {
  it.each([
    [999, '999'],
    [1000, '1,000'],
    [12345, '12,345'],
    [1234567, '1,234,567'],
  ])('%i is "%s"', (count, text) => {
    expect(formatCount(count)).toBe(text);
  });

  it('and before its noun: "1,000 cases", not "1000 cases"', () => {
    expect(countOf(1000, 'case')).toBe('1,000 cases');
  });
});
