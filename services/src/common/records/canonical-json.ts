/**
 * JSON with every object's keys sorted: the same text for the same value whatever its key order, so
 * that it hashes the same (an idempotent request's body, a stored package's case).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const source = v as Record<string, unknown>;
    return Object.fromEntries(Object.keys(source).sort().map((k) => [k, source[k]]));
  });
}
