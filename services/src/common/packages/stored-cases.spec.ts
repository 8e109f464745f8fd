import { zipSync } from 'fflate';
import { canonicalJson } from '../records/canonical-json.js';
import { caseDigestsOf, packageChanges, sameJson, storedCasesOf, versionChanges } from './stored-cases.js';

describe('a stored package\'s cases, read from its file (the hub keeps their keys only)', () => {
  it('reads cases.json of the ZIP as its list of cases, whatever the other files', async () => {
    const cases = [{ caseId: 'b', weight: 3000 }, { caseId: 'a', neonatal: [{ status: 1 }] }];
    const zip = zipSync({ 'manifest.json': new TextEncoder().encode('{}'), 'cases.json': new TextEncoder().encode(JSON.stringify(cases, null, 2)) });
    expect(await storedCasesOf(zip)).toEqual(cases);
  });

  it('reads a large cases.json (past what it parses as one text) a case at a time, to the same cases', async () => {
    const cases = Array.from({ length: 50 }, (_, i) => ({ caseId: `c${i}`, text: 'é "quoted" \\ ]}'.repeat(i % 3), nested: { list: [i, null, true] } }));
    const zip = zipSync({ 'cases.json': new TextEncoder().encode(JSON.stringify(cases, null, 2)) });
    expect(await storedCasesOf(zip, 0)).toEqual(cases);
    expect(await storedCasesOf(zipSync({ 'cases.json': [new TextEncoder().encode(JSON.stringify(cases)), { level: 0 }] }), 0)).toEqual(cases);
    await expect(storedCasesOf(zipSync({ 'cases.json': new TextEncoder().encode('{"a": 1}') }), 0)).rejects.toThrow('cases.json is not a list of cases');
  });

  it('refuses a file without cases.json, or whose cases.json is not a list of cases', async () => {
    await expect(storedCasesOf(zipSync({ 'manifest.json': new TextEncoder().encode('{}') }))).rejects.toThrow('the package holds no cases.json');
    await expect(storedCasesOf(zipSync({ 'cases.json': new TextEncoder().encode('[1, 2]') }))).rejects.toThrow('cases.json is not a list of cases');
  });

  it('two cases have the same digest when every value is the same, keys in any order, numbers by value (as jsonb compared them)', () => {
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: 1.0 })).toBe(canonicalJson({ a: 1, b: [1, { c: 'x', d: null }] }));
    expect(canonicalJson(JSON.parse('{"w": 1e3}'))).toBe(canonicalJson({ w: 1000 }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 1, b: null }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson([])).not.toBe(canonicalJson({}));
    // Compared as values, the same answers.
    expect(sameJson({ b: [1, { d: null, c: 'x' }], a: 1.0 }, { a: 1, b: [1, { c: 'x', d: null }] })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson([], {})).toBe(false);
  });

  it('a version\'s changes against the earlier one: added, amended and withdrawn record keys, each in order', async () => {
    const zip = (cases: unknown[]) => zipSync({ 'cases.json': new TextEncoder().encode(JSON.stringify(cases)) });
    const earlier = zip([{ caseId: 'c3', w: 1 }, { caseId: 'c1', w: 1 }, { caseId: 'c2', w: 2 }, { caseId: 'c9', w: 9 }]);
    const later = zip([{ caseId: 'c2', w: 2 }, { caseId: 'c4', w: 4 }, { w: 1, caseId: 'c1' }, { caseId: 'c3', w: 3 }, { caseId: 'c0', w: 0 }]);
    const expected = { added: ['c0', 'c4'], amended: ['c3'], withdrawn: ['c9'] };
    expect(versionChanges(await caseDigestsOf(earlier), await caseDigestsOf(later))).toEqual(expected);
    // Compared value by value (small packages) or by digests (large ones), the same changes.
    expect(await packageChanges(earlier, later)).toEqual(expected);
    expect(await packageChanges(earlier, later, 0)).toEqual(expected);
    // Read a case at a time (a large package), the digests are the same.
    expect(await caseDigestsOf(later, 0)).toEqual(await caseDigestsOf(later));
    expect(versionChanges(new Map(), await caseDigestsOf(later)).added).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
  });
});
