import { closableGyneCase, closableObCase } from '../testing/case-fixtures.test-helpers.js';
import { casesCsv, csvHeader } from './package-csv.js';
import { validatePackagedCase } from './package-dictionary.js';
import { DATA_DICTIONARY_VERSION } from './data-dictionary.js';
import { toPackagedCase } from './package-format.js';

const KEY = 'b'.repeat(64);

describe('the census package carries the Robson answers and the derived groups (data dictionary 2026.2, issue 28)', () => {
  it('a delivery carries its three answers and its Robson group; a maternal death its ICD-MM group and type', () => {
    expect(DATA_DICTIONARY_VERSION).toBe('2026.2');
    const delivery = toPackagedCase(closableObCase(), KEY, { freeText: false });
    expect(delivery).toMatchObject({ previousCaesareans: 0, laborOnset: 3, fetalPresentation: 1, robsonGroup: '4b', icdMmGroup: null, icdMmType: null });
    const death = toPackagedCase(closableObCase({ motherCondition: 3, antecedent: 1, antecedentType: 11, antecedentCause: 1106 }), KEY, { freeText: false });
    expect(death).toMatchObject({ icdMmGroup: 1, icdMmType: 'direct' });
    expect(toPackagedCase(closableObCase({ motherCondition: 3, antecedent: 1, antecedentType: null }), KEY, { freeText: false })).toMatchObject({ icdMmGroup: null, icdMmType: 'unmapped' });
    // A gyne patient who died is no maternal death; a case without the answers is not classifiable.
    expect(toPackagedCase(closableGyneCase({ motherCondition: 3 }), KEY, { freeText: false })).toMatchObject({ robsonGroup: null, icdMmType: null });
    expect(toPackagedCase(closableObCase({ laborOnset: null }), KEY, { freeText: false }).robsonGroup).toBe('unclassifiable');
    for (const c of [delivery, death]) expect(validatePackagedCase(c, 0)).toEqual([]);
  });

  it('the CSVs gain the columns, with a label beside each code', () => {
    expect(csvHeader('maternalfetalcase').slice(-6)).toEqual([
      'Previous CS', 'Onset of Labor', 'Onset of Labor (label)', 'Presentation or Lie', 'Presentation or Lie (label)', 'Robson Group',
    ]);
    expect(csvHeader('maternalmortalitycase').slice(-2)).toEqual(['ICD-MM Group', 'ICD-MM Type']);
    const line = casesCsv('maternalfetalcase', [toPackagedCase(closableObCase(), KEY, { freeText: false })]).split('\r\n')[1];
    expect(line.endsWith(',0,3,No labor (caesarean before labor),1,Cephalic,4b')).toBe(true);
  });

  it('the hub refuses what the dictionary does not have, by field', () => {
    const bad = { ...toPackagedCase(closableObCase(), KEY, { freeText: false }), laborOnset: 9, previousCaesareans: 12, robsonGroup: '11', icdMmGroup: 10, icdMmType: 'guessed' };
    expect(validatePackagedCase(bad, 2).map((e) => e.field).sort()).toEqual([
      'cases[2].icdMmGroup', 'cases[2].icdMmType', 'cases[2].laborOnset', 'cases[2].previousCaesareans', 'cases[2].robsonGroup',
    ]);
  });
});
