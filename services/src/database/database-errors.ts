/** True when PostgreSQL (or PGlite) refused a row for breaking a unique constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint || String(e).includes(constraint);
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Socket errors of the driver: the server is unreachable or the connection broke. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);

/**
 * SQLSTATEs that mean "the database is away", not "this query is wrong": class 08 (connection
 * exception), 57P01-57P03 (administrator shutdown, crash shutdown, cannot connect now), 53300
 * (too many connections), 3D000 (the database does not exist, e.g. dropped or not yet restored).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);

/** node-postgres' own messages for a broken or unobtainable connection (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  // 55000 with this text: ALTER DATABASE ... ALLOW_CONNECTIONS false (maintenance, a restore).
  'is not currently accepting connections',
  'the database system is starting up',
  'the database system is shutting down',
  'the database system is in recovery mode',
];

/**
 * True when an error (or any of its causes: drizzle wraps the driver's error) says the database
 * cannot be reached right now. Such errors answer 503 and the next request tries again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    // AggregateError (e.g. ECONNREFUSED on both ::1 and 127.0.0.1)
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((item) => isDatabaseUnavailable(item))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
