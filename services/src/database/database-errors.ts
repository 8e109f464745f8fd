/** True when PostgreSQL (or PGlite) refused a row for breaking a unique constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint || String(e).includes(constraint);
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
