/**
 * Compares dotted version numbers part by part, as numbers: '1.10.0' is newer than '1.9.3'.
 * Missing parts count as 0, and a pre-release or build suffix ('1.2.0-rc.1') is ignored.
 */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) =>
    version
      .trim()
      .replace(/^v/i, '')
      .split(/[-+]/)[0]!
      .split('.')
      .map((part) => Number.parseInt(part, 10) || 0);
  const left = parts(a);
  const right = parts(b);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return 0;
}

/** SPEC.md §1: an update is flagged when the current version is lower than the site version. */
export function isUpdateAvailable(currVersion: string | undefined, siteVersion: string | undefined): boolean {
  if (!currVersion || !siteVersion) return false;
  return compareVersions(currVersion, siteVersion) < 0;
}
