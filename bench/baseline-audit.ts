// The audited baseline's one addition to the bare baseline (bench/baseline.ts, `auditReads`): every
// patient-data read stores its audit row in audit_pending before its answer leaves, and the rows are
// moved into the chained audit_log as the services move them (audit_chain_pending(), migration 0031).
//
// It is the fastest honest server for the job issue 33 asks of the API, "keep the audit of every
// read": written by hand, with the cheapest storing this schema allows, and no more than that.
// - A read that begins while no other is under way stores its row in its own statement: the read
//   becomes a CTE beside a data-modifying CTE, one round trip; a read of no record (a 404) stores none.
// - A read that begins beside others runs its plain statement, then its row joins one INSERT of all
//   the rows answered in the same turn of the event loop, or while the previous INSERT was under way.
// - Both commit asynchronously (synchronous_commit off for that transaction), as the services do.
// - 300 ms after rows were stored, audit_chain_pending() moves them into audit_log (hash chain and
//   indexes), and audit_pending is vacuumed after every 100,000 rows moved (autovacuum may be off).
// The row holds what the services' row holds: the reader, the entity, the record's id, the action,
// the route and filters, the ids a list answered, the reader's address.
import type pg from 'pg';
import { PATIENT_DATA_READ_ROUTES, type PatientReadAudit } from '@pnss/libs/permissions';

/** Which reads are audited, by Fastify route pattern: the route table of libs, as the services read it. */
export const AUDITED_READS: ReadonlyMap<string, PatientReadAudit> = new Map(
  Object.entries(PATIENT_DATA_READ_ROUTES).map(([path, audit]) => [`/api${path}`, audit]),
);

/** The route table's patterns as expressions naming their parameters, a fixed path before a parameter. */
const AUDITED_PATTERNS = [...AUDITED_READS.entries()]
  .map(([route, kind]) => ({ route, kind, pattern: new RegExp(`^${route.replace(/:([^/]+)/g, '(?<$1>[^/]+)')}$`), parameters: route.split(':').length }))
  .sort((a, b) => a.parameters - b.parameters);

/** The audit kind of a GET of `path` (no query), and its parameters as the route table names them; null when not audited. */
export function auditedRead(path: string): { route: string; kind: PatientReadAudit; params: Record<string, string> } | null {
  for (const { route, kind, pattern } of AUDITED_PATTERNS) {
    const match = pattern.exec(path);
    if (match) return { route, kind, params: { ...match.groups } };
  }
  return null;
}

interface Change {
  field: string;
  old: null;
  new: unknown;
}

/** One read's row, as the statement that stores it takes it (jsonb_to_record). */
export interface ReadRow {
  actor_id: string | null;
  actor_username: string | null;
  entity: string;
  entity_id: string | null;
  action: 'read' | 'read_list';
  head: Change[];
  tail: Change[];
  ids_field: 'patientIds' | 'caseIds' | null;
  ip: string | null;
}

const FILTER_KEYS = ['tag', 'cases', 'page', 'offset', 'fromdate', 'todate'] as const;

export interface Reader {
  id: string | null;
  username: string | null;
}

/** The row of a GET of `url`, or null when it is not a patient-data read. */
export function readRow(url: string, query: Record<string, string | undefined>, reader: Reader, ip: string): ReadRow | null {
  const read = auditedRead(url.split('?')[0]);
  if (!read) return null;
  const { route, kind, params } = read;
  // The route's pattern, never the address: a search's words are a patient's name (the filters say only that there was one).
  const head: Change[] = [{ field: 'route', old: null, new: `GET ${route}` }];
  if (kind.list) {
    const filters: Record<string, unknown> = {};
    for (const key of FILTER_KEYS) if (query[key] !== undefined) filters[key] = query[key];
    if (typeof query.search === 'string' && query.search.trim() !== '') filters.search = true;
    head.push({ field: 'query', old: null, new: filters });
  }
  const tail: Change[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (name === kind.idParam || value === undefined) continue;
    tail.push({ field: name === 'patientid' ? 'patientId' : name, old: null, new: value });
  }
  return {
    actor_id: reader.id,
    actor_username: reader.username,
    entity: kind.entity,
    entity_id: kind.idParam ? (params[kind.idParam] ?? null) : null,
    action: kind.list ? 'read_list' : 'read',
    head,
    tail,
    ids_field: kind.list ? (kind.entity === 'patient_read' ? 'patientIds' : 'caseIds') : null,
    ip,
  };
}

const ASYNCHRONOUS = `CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true)) AS asynchronous`;
const COLUMNS = 'actor_id, actor_username, entity, entity_id, action, changes, ip';

/**
 * `text` (a statement of `parameters` parameters, answering rows keyed `_id` when a list) storing its
 * read's row, given as parameter `parameters + 1`, in the same statement.
 */
export function auditedStatement(text: string, parameters: number, list: boolean): string {
  const changes = list
    ? `r.head || jsonb_build_array(jsonb_build_object('field', r.ids_field, 'old', null, 'new',
        (SELECT coalesce(jsonb_agg(a."_id"), '[]'::jsonb) FROM read_answer a))) || r.tail`
    : 'r.head || r.tail';
  return `WITH read_answer AS (${text}),
    read_audit AS (INSERT INTO audit_pending (${COLUMNS})
      SELECT r.actor_id, r.actor_username, r.entity, r.entity_id, r.action, ${changes}, r.ip
      FROM jsonb_to_record($${parameters + 1}::jsonb) AS r(actor_id uuid, actor_username text, entity text, entity_id text,
        action text, head jsonb, tail jsonb, ids_field text, ip text)
      ${ASYNCHRONOUS} ${list ? '' : 'WHERE EXISTS (SELECT 1 FROM read_answer)'})
    SELECT * FROM read_answer`;
}

const INSERT_ROWS = `INSERT INTO audit_pending (${COLUMNS}) SELECT r.actor_id, r.actor_username, r.entity, r.entity_id, r.action, r.changes, r.ip
  FROM jsonb_to_recordset($1::jsonb) AS r(actor_id uuid, actor_username text, entity text, entity_id text, action text, changes jsonb, ip text)
  ${ASYNCHRONOUS}`;

const CHAIN_AFTER_MS = 300;
const CHAIN_BATCH_ROWS = 5_000;
const VACUUM_AFTER_ROWS = 100_000;

interface Waiting {
  row: Record<string, unknown>;
  done: () => void;
  failed: (error: unknown) => void;
}

/** The audited baseline's storing and chaining of read rows (see the head of this file). */
export class ReadAuditStore {
  private underWay = 0;
  private waiting: Waiting[] = [];
  private writing = false;
  private flushSoon = false;
  private chainTimer: NodeJS.Timeout | null = null;
  private chaining: Promise<void> = Promise.resolve();
  private chainedSinceVacuum = 0;

  constructor(private readonly pool: pg.Pool) {}

  /** A read begins: whether it is alone (it then stores its row in its own statement). Call `end` when it answered. */
  begin(): { alone: boolean; end: () => void } {
    const alone = this.underWay === 0;
    this.underWay += 1;
    let ended = false;
    return {
      alone,
      end: () => {
        if (ended) return;
        ended = true;
        this.underWay -= 1;
      },
    };
  }

  /**
   * The rows of `name` (`text`, `values`), with the read's row stored before they are answered: in the
   * same statement when the read is alone, else by the grouped INSERT. A record's read that found
   * nothing stores no row; a list's row names the ids it answered.
   */
  async rows<R extends pg.QueryResultRow>(name: string, text: string, values: unknown[], row: ReadRow, alone: boolean): Promise<R[]> {
    const list = row.ids_field !== null;
    if (alone) {
      const result = await this.pool.query<R>({ name: `${name}_audited`, text: auditedStatement(text, values.length, list), values: [...values, JSON.stringify(row)] });
      this.stored();
      return result.rows;
    }
    const rows = (await this.pool.query<R>({ name, text, values })).rows;
    if (!list && rows.length === 0) return rows;
    const changes = list
      ? [...row.head, { field: row.ids_field as string, old: null, new: rows.map((r) => (r as { _id?: unknown })._id) }, ...row.tail]
      : [...row.head, ...row.tail];
    await this.add({ actor_id: row.actor_id, actor_username: row.actor_username, entity: row.entity, entity_id: row.entity_id, action: row.action, changes, ip: row.ip });
    return rows;
  }

  private add(row: Record<string, unknown>): Promise<void> {
    return new Promise<void>((done, failed) => {
      this.waiting.push({ row, done, failed });
      if (!this.writing && !this.flushSoon) {
        this.flushSoon = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.flushSoon = false;
    const group = this.waiting;
    this.waiting = [];
    if (group.length === 0) return;
    this.writing = true;
    try {
      await this.pool.query({ name: 'b_audit_rows', text: INSERT_ROWS, values: [JSON.stringify(group.map((w) => w.row))] });
      for (const w of group) w.done();
      this.stored();
    } catch (error) {
      for (const w of group) w.failed(error);
    } finally {
      this.writing = false;
      if (this.waiting.length > 0) void this.flush();
    }
  }

  private stored(): void {
    if (this.chainTimer) return;
    this.chainTimer = setTimeout(() => {
      this.chainTimer = null;
      this.chaining = this.chaining.then(() => this.chain()).catch(() => undefined);
    }, CHAIN_AFTER_MS);
  }

  /** Moves every pending row into audit_log, a batch at a time, and vacuums audit_pending now and then. */
  private async chain(): Promise<void> {
    for (;;) {
      const [{ moved }] = (await this.pool.query<{ moved: number }>({ name: 'b_audit_chain', text: 'SELECT audit_chain_pending($1) AS moved', values: [CHAIN_BATCH_ROWS] })).rows;
      this.chainedSinceVacuum += moved;
      if (moved < CHAIN_BATCH_ROWS) break;
    }
    if (this.chainedSinceVacuum >= VACUUM_AFTER_ROWS) {
      this.chainedSinceVacuum = 0;
      await this.pool.query('VACUUM audit_pending');
    }
  }

  /** Chains what is left (at shutdown). */
  async close(): Promise<void> {
    if (this.chainTimer) clearTimeout(this.chainTimer);
    this.chainTimer = null;
    await this.chaining;
    await this.chain();
  }
}
