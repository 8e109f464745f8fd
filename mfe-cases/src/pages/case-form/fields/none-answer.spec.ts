import { MORBIDITIES } from '@pnss/libs/lookups';
import { isNoneLabel, noneEntryOf, noneFirst } from './none-answer.js';

describe("'None' first in every picker that has it", () => {
  it("puts the 'None' answer first and keeps the others in order", () => {
    const labels = ['Hemorrhage', 'Infection', 'None', 'Others'];
    expect(noneFirst(labels, (l) => l)).toEqual(['None', 'Hemorrhage', 'Infection', 'Others']);
  });

  it('recognises None answers, not words that merely contain none', () => {
    expect(isNoneLabel('None / No pregnancy morbidity')).toBe(true);
    expect(isNoneLabel('Nonemergent')).toBe(false);
  });

  it("offers 'None / No pregnancy morbidity' as the one-click answer for pregnancy co-morbidities", () => {
    expect(noneEntryOf(MORBIDITIES)).toEqual({ categoryId: 16, conditionId: 1601, label: 'None / No pregnancy morbidity' });
  });
});
