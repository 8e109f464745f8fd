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
