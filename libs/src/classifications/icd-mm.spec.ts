import { flattenLookup } from '../lookups/lookup-label.js';
import { MATERNAL_DEATH_CAUSES } from '../lookups/lists/maternal-death-causes.list.js';
import { ICD_MM_GROUPS, ICD_MM_MAPPING, countsInMaternalMortalityRatio, icdMmOf, icdMmSegmentOf } from './icd-mm.js';

describe('the WHO ICD-MM group and type of a maternal death, by one table over the maternal death causes list', () => {
  const entries = flattenLookup(MATERNAL_DEATH_CAUSES);

  it('every entry of the list, at every level, has exactly one row, and the row names it as the list does', () => {
    for (const entry of entries) {
      const rows = ICD_MM_MAPPING.filter((r) => r.id === entry.id);
      expect({ id: entry.id, rows: rows.length, name: rows[0]?.name }).toEqual({ id: entry.id, rows: 1, name: entry.name });
    }
  });

  it('no row maps an entry the list does not have', () => {
    const ids = new Set(entries.map((e) => e.id));
    expect(ICD_MM_MAPPING.filter((r) => !ids.has(r.id)).map((r) => r.id)).toEqual([]);
  });

  it('groups 1-6 are direct, 7 indirect, 8 unspecified, 9 coincidental', () => {
    expect(ICD_MM_GROUPS.map((g) => [g.group, g.type])).toEqual([
      [1, 'direct'], [2, 'direct'], [3, 'direct'], [4, 'direct'], [5, 'direct'], [6, 'direct'], [7, 'indirect'], [8, 'unspecified'], [9, 'coincidental'],
    ]);
  });

  it('every indirect cause is group 7 and every nonmaternal one group 9; the direct ones are in groups 1-6 but for the stroke', () => {
    const under = (top: number) => flattenLookup(MATERNAL_DEATH_CAUSES.filter((e) => e.id === top)).map((e) => e.id);
    const groupOf = (id: number) => ICD_MM_MAPPING.find((r) => r.id === id)?.group;
    expect(new Set(under(2).map(groupOf))).toEqual(new Set([7]));
    expect(new Set(under(3).map(groupOf))).toEqual(new Set([9]));
    expect(under(1).filter((id) => id !== 1 && id !== 1403).every((id) => (groupOf(id) ?? 0) >= 1 && (groupOf(id) ?? 9) <= 6)).toBe(true);
  });

  it.each([
    [{ antecedent: 1, antecedentType: 11, antecedentCause: 1101 }, 3, 'direct'],
    [{ antecedent: 1, antecedentType: 11, antecedentCause: 1106 }, 1, 'direct'],
    [{ antecedent: 1, antecedentType: 13, antecedentCause: 1302 }, 1, 'direct'],
    [{ antecedent: 1, antecedentType: 12, antecedentCause: null }, 2, 'direct'],
    [{ antecedent: 1, antecedentType: 15, antecedentCause: 1502 }, 6, 'direct'],
    [{ antecedent: 1, antecedentType: 16, antecedentCause: 1604 }, 5, 'direct'],
    [{ antecedent: 1, antecedentType: 14, antecedentCause: 1403 }, 7, 'indirect'],
    [{ antecedent: 2, antecedentType: 22, antecedentCause: 2203 }, 7, 'indirect'],
    [{ antecedent: 2, antecedentType: null, antecedentCause: null }, 7, 'indirect'],
    [{ antecedent: 3, antecedentType: 31, antecedentCause: 3101 }, 9, 'coincidental'],
  ])('%p is group %p, %p', (form, group, type) => {
    expect(icdMmOf(form)).toMatchObject({ mapped: true, group, type });
  });

  it("a cause that maps to nothing is 'unmapped', counted as such, and still counts in the ratio (it is not known to be coincidental)", () => {
    expect(icdMmOf({ antecedent: 1, antecedentType: null, antecedentCause: null })).toEqual({
      mapped: false, reason: 'Direct: a direct death without its type may be in any of groups 1-6',
    });
    expect(icdMmOf({ antecedent: null, antecedentType: null, antecedentCause: null })).toEqual({ mapped: false, reason: 'no antecedent cause recorded' });
    expect(icdMmOf({ antecedentCause: 1999 })).toEqual({ mapped: false, reason: 'cause 1999 is not in the ICD-MM table' });
    expect(icdMmSegmentOf({ antecedent: 1 }, true)).toBe('unmapped');
    expect(icdMmSegmentOf({ antecedent: 1, antecedentType: 11 }, true)).toBe('3');
    expect(icdMmSegmentOf({ antecedent: 1, antecedentType: 11 }, false)).toBeNull();
    expect(countsInMaternalMortalityRatio(icdMmOf({ antecedent: 1 }))).toBe(true);
    expect(countsInMaternalMortalityRatio(icdMmOf({ antecedent: 3, antecedentType: 32, antecedentCause: 3202 }))).toBe(false);
    expect(countsInMaternalMortalityRatio(icdMmOf({ antecedent: 2, antecedentType: 21 }))).toBe(true);
  });
});
