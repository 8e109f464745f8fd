/** The path part of a hash route: '#/patients/p1?x=1' → '/patients/p1'. */
export function hashPath(hash: string): string {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  return path === '' ? '/' : path;
}

/** Whether a hash route lies under a prefix: '/cases' owns '#/cases' and '#/cases/…', not '#/casesX'. */
export function isUnderPrefix(hash: string, prefix: string): boolean {
  const path = hashPath(hash);
  const base = prefix.replace(/\/+$/, '');
  return path === base || path.startsWith(`${base}/`);
}

/**
 * How many segments of a route pattern a hash route lies under, or 0 when it lies under none of them:
 * '/patients/:patientid/case' holds '#/patients/p1/case/c1/history' (3), not '#/patients/p1'. A
 * `:name` segment matches any one segment; the rest match as they are.
 */
export function patternDepth(hash: string, pattern: string): number {
  const path = hashPath(hash).split('/').filter(Boolean);
  const wanted = pattern.split('/').filter(Boolean);
  if (wanted.length === 0 || wanted.length > path.length) return 0;
  return wanted.every((segment, i) => segment.startsWith(':') || segment === path[i]) ? wanted.length : 0;
}
