import { compareVersions, isUpdateAvailable } from './compare-versions.js';

describe('version check (SPEC.md §1: an update is flagged when the current version is lower than the site version)', () => {
  it.each([
    ['1.9.0', '1.10.0', -1],
    ['1.10.0', '1.9.9', 1],
    ['2.0.0', '2.0.0', 0],
    ['2.0', '2.0.0', 0],
    ['2.0.1', '2.0', 1],
    ['v3.1.0', '3.1.0', 0],
    ['1.2.0-rc.1', '1.2.0', 0],
  ])('compares %s with %s numerically', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('flags an update only when currVersion < siteVersion', () => {
    expect(isUpdateAvailable('1.9.0', '1.10.0')).toBe(true);
    expect(isUpdateAvailable('1.10.0', '1.9.0')).toBe(false);
    expect(isUpdateAvailable('1.0.0', '1.0.0')).toBe(false);
    expect(isUpdateAvailable(undefined, '1.0.0')).toBe(false);
  });
});
