import { zipSync } from 'fflate';
import { sameJson, storedCasesOf, versionChanges } from './stored-cases.js';

describe('a stored package\'s cases, read from its file (the hub keeps their keys only)', () => {
  it('reads cases.json of the ZIP as its list of cases, whatever the other files', async () => {
    const cases = [{ caseId: 'b', weight: 3000 }, { caseId: 'a', neonatal: [{ status: 1 }] }];
    const zip = zipSync({ 'manifest.json': new TextEncoder().encode('{}'), 'cases.json': new TextEncoder().encode(JSON.stringify(cases, null, 2)) });
    expect(await storedCasesOf(zip)).toEqual(cases);
  });

  it('refuses a file without cases.json, or whose cases.json is not a list of cases', async () => {
    await expect(storedCasesOf(zipSync({ 'manifest.json': new TextEncoder().encode('{}') }))).rejects.toThrow('the package holds no cases.json');
    await expect(storedCasesOf(zipSync({ 'cases.json': new TextEncoder().encode('[1, 2]') }))).rejects.toThrow('cases.json is not a list of cases');
  });

  it('two cases are the same when every value is, keys in any order, numbers by value (as jsonb compared them)', () => {
    expect(sameJson({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1.0 })).toBe(true);
    expect(sameJson(JSON.parse('{"w": 1e3}'), { w: 1000 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: '1' }, { a: 1 })).toBe(false);
    expect(sameJson([], {})).toBe(false);
  });

  it('a version\'s changes against the earlier one: added, amended and withdrawn record keys, each in order', () => {
    const earlier = [{ caseId: 'c3', w: 1 }, { caseId: 'c1', w: 1 }, { caseId: 'c2', w: 2 }, { caseId: 'c9', w: 9 }];
    const later = [{ caseId: 'c2', w: 2 }, { caseId: 'c4', w: 4 }, { w: 1, caseId: 'c1' }, { caseId: 'c3', w: 3 }, { caseId: 'c0', w: 0 }];
    expect(versionChanges(earlier, later)).toEqual({ added: ['c0', 'c4'], amended: ['c3'], withdrawn: ['c9'] });
    expect(versionChanges([], later).added).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
  });
});
