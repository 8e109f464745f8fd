import { Injectable } from '@nestjs/common';
import type { ColumnsSelection } from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import { type SQL, type Subquery, and, asc, count, desc, eq, gt, inArray, max, min, or, sql } from 'drizzle-orm';
import { DatabaseService, type Executor, placeholdersOf, prepared } from '../../database/database.service.js';
import { auditLog, auditPending } from '../../database/schema.js';
import type { ReadAudit } from './read-audit.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/**
 * Joined to the rows an INSERT appends to audit_pending: the statement's own transaction commits
 * without waiting for the WAL's flush (a crash of this server loses none of them once answered; a
 * crash of PostgreSQL itself may lose its last fraction of a second).
 */
const ASYNCHRONOUS_COMMIT = sql`cross join (select set_config('synchronous_commit', 'off', true)) as asynchronous`;

/**
 * Rows given as one JSON array (`rows`), each with the columns the server gives, appended to
 * audit_pending (migration 0031: no chain, no lock; the database chains them later), committed
 * asynchronously (ASYNCHRONOUS_COMMIT).
 */
function insertRowsStatement(on: Executor) {
  const rows = sql`jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
    as r(actor_id uuid, actor_username text, entity text, entity_id text, action text, changes jsonb, ip text)
    ${ASYNCHRONOUS_COMMIT}`;
  return on.insert(auditPending).select(
    on
      // Every column in the table's order, as drizzle's INSERT ... SELECT wants: the id and time given
      // here are replaced by the table's trigger (migration 0031), whatever they are.
      .select({
        id: sql`null::bigint`.as('id'),
        at: sql`now()`.as('at'),
        actorId: sql`r.actor_id`.as('actor_id'),
        actorUsername: sql`r.actor_username`.as('actor_username'),
        entity: sql`r.entity`.as('entity'),
        entityId: sql`r.entity_id`.as('entity_id'),
        action: sql`r.action`.as('action'),
        changes: sql`r.changes`.as('changes'),
        ip: sql`r.ip`.as('ip'),
      })
      .from(rows),
  );
}

/** The placeholder of a read's audit row (ReadAudit.value) in a statement that stores it. */
const READ_AUDIT = 'read_audit';
/** The column of a list's rows that its audit row names (every list's rows are keyed `id`). */
const LIST_ID = 'id';

/**
 * `query` storing its read's audit row (`read_audit`, ReadAudit.value) in the same statement: the
 * answer becomes a CTE, and a second, data-modifying CTE appends the row to audit_pending, committed
 * asynchronously as insertRowsStatement's rows are. A record's read stores it only when the record
 * was found (a 404 leaves none); a list's always, naming the answer's ids in their order (none, []),
 * between the row's `head` and `tail` changes as the audit hook writes them. The statement answers
 * the query's rows as the CTE holds them, in the query's order (a CTE read twice is materialised
 * once, and read back in the order it was written).
 */
function auditedReadStatement<Q extends TypedQueryBuilder<ColumnsSelection>>(on: Executor, query: Q, list: boolean): Q {
  const answer = on.$with('read_answer').as(query);
  const row = sql`jsonb_to_record(${sql.placeholder(READ_AUDIT)}::jsonb)
    as r(actor_id uuid, actor_username text, entity text, entity_id text, action text, head jsonb, tail jsonb, ids_field text, ip text)
    ${ASYNCHRONOUS_COMMIT}`;
  const changes = list
    ? sql`r.head || jsonb_build_array(jsonb_build_object('field', r.ids_field, 'old', null, 'new',
        (select coalesce(jsonb_agg(a.${sql.identifier(LIST_ID)}), '[]'::jsonb) from ${answer} a))) || r.tail`
    : sql`r.head || r.tail`;
  const found = list ? sql`` : sql`where exists (select 1 from ${answer})`;
  const audit = on.$with('read_audit', {}).as(
    sql`insert into ${auditPending} (actor_id, actor_username, entity, entity_id, action, changes, ip)
      select r.actor_id, r.actor_username, r.entity, r.entity_id, r.action, ${changes}, r.ip from ${row} ${found}`,
  );
  // The same selection, read from the CTE: the rows are the query's rows (drizzle's types cannot
  // follow a generic selection through a CTE, hence the cast to the query's own type).
  return on.with(answer, audit).select().from(answer as never) as unknown as Q;
}

/** A prepared statement, as `prepared` keeps it. */
interface Executable {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * The rows of a patient-data read's prepared statement (`name`, built by `build`, run with `values`):
 * the one place that decides where the read's audit row is stored. A read that began alone
 * (ReadAudit.alone) stores it in the same statement (auditedReadStatement, prepared as
 * `${name}_audited`) and tells the audit hook so: one round trip, not the read and then the hook's
 * INSERT. Otherwise the plain statement runs and the hook writes the row, grouped with the rows of
 * the reads beside it: measured at a million patients, ten users at once, a statement storing its own
 * row cost PostgreSQL more than a share of the hook's INSERT (each read its own write transaction:
 * about 180 µs more a page, 3,047 against 2,867 reads by id a second), while one user alone saves a
 * round trip (1,432-1,495 reads by id a second against 1,214-1,187).
 */
export async function auditedRows<Q extends TypedQueryBuilder<ColumnsSelection> & { prepare(name: string): Executable }>(
  executor: Executor,
  name: string,
  build: (on: Executor) => Q,
  values: Record<string, unknown>,
  audit: ReadAudit | undefined,
): Promise<Awaited<ReturnType<ReturnType<Q['prepare']>['execute']>>> {
  const own = audit?.alone ? audit : undefined;
  const rows: unknown = own
    ? await prepared(executor, `${name}_audited`, (on) => auditedReadStatement(on, build(on), own.list)).execute({ ...values, [READ_AUDIT]: own.value })
    : await prepared(executor, name, build).execute(values);
  own?.stored();
  return rows as Awaited<ReturnType<ReturnType<Q['prepare']>['execute']>>;
}

/** Pending rows the chaining moves at most in one transaction (one hold of the chain's lock). */
export const CHAIN_BATCH_ROWS = 5_000;

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  /** A user id, or a user name (case-insensitive). */
  actor?: string;
  /** e.g. 'read', 'read_list', 'access_denied', 'access_unauthenticated', 'update'. */
  action?: string;
}

/**
 * Rows kept on another record that concern the record whose history is read: those of `entity` /
 * `entityId` with one of `actions` whose `version` change names `version` (a census package's build
 * or submission of the version that carries a case).
 */
export interface RelatedAuditRows {
  entity: string;
  entityId: string;
  actions: readonly string[];
  version: number;
}

export interface ActivityFilter {
  entity: string;
  action: string;
  entityId?: string;
  actorId?: string;
  ip?: string | null;
  since: Date;
}

export interface Activity {
  count: number;
  oldest: Date | null;
  newest: Date | null;
}

/** The columns an audit row is written with (`id` and `at` are the database's). */
const INSERT_KEYS = ['actorId', 'actorUsername', 'entity', 'entityId', 'action', 'changes', 'ip'] as const satisfies ReadonlyArray<keyof NewAuditRow>;
export type InsertedAuditRow = Required<Pick<NewAuditRow, (typeof INSERT_KEYS)[number]>>;
/** The audit row of a change written by its own statement (auditOfChange): the entity id is the changed row's. */
export type ChangeAudit = Omit<InsertedAuditRow, 'entityId'>;

/**
 * The audit row of a change, as a CTE of the statement that writes the change: one row for each row
 * that `changed` (the change's own CTE, `... returning`) wrote, with that row's id as `entityId`. A
 * change that wrote nothing (a stale version) leaves no audit row, and the change and its row commit
 * together with no transaction around them. Its values are placeholders: pass auditOfChangeValues.
 */
export function auditOfChange(on: Executor, changed: Subquery, changedId: SQL) {
  const value = (name: keyof ChangeAudit) => sql`${sql.placeholder(`audit_${name}`)}::${sql.raw(auditLog[name].getSQLType())}`;
  const columns = sql.join(INSERT_KEYS.map((key) => sql.identifier(auditLog[key].name)), sql`, `);
  const values = sql.join(INSERT_KEYS.map((key) => (key === 'entityId' ? sql`${changedId}::text` : value(key))), sql`, `);
  return on.$with('audited', {}).as(sql`insert into ${auditLog} (${columns}) select ${values} from ${changed}`);
}

/** The placeholder values of auditOfChange for one audit row (its changes as JSON text). */
export function auditOfChangeValues(row: ChangeAudit): Record<string, unknown> {
  return {
    audit_actorId: row.actorId,
    audit_actorUsername: row.actorUsername,
    audit_entity: row.entity,
    audit_action: row.action,
    audit_changes: JSON.stringify(row.changes),
    audit_ip: row.ip,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** All SQL on audit_log. There is deliberately no update or delete here. */
@Injectable()
export class AuditRepository {
  constructor(private readonly database: DatabaseService) {}

  /** One audit row in the transaction of its change (a prepared statement: every write runs it). */
  async insert(tx: Executor, row: InsertedAuditRow): Promise<void> {
    await prepared(tx, 'audit_log_insert', (on) => on.insert(auditLog).values(placeholdersOf<InsertedAuditRow, (typeof INSERT_KEYS)[number]>(INSERT_KEYS))).execute(row);
  }

  /**
   * The batched read and refusal rows of AuditReadLog in one INSERT whose text never changes: the rows
   * travel as one JSON parameter, so a batch of hundreds builds no SQL per row (one read = one row).
   */
  async insertMany(rows: ReadonlyArray<Omit<NewAuditRow, 'at' | 'id' | 'hash'>>): Promise<void> {
    if (rows.length === 0) return;
    const records = rows.map((row) => ({
      actor_id: row.actorId ?? null,
      actor_username: row.actorUsername ?? null,
      entity: row.entity,
      entity_id: row.entityId ?? null,
      action: row.action,
      changes: row.changes ?? [],
      ip: row.ip ?? null,
    }));
    // No id or time: the database sets them (migration 0031), and chains the rows later, keeping
    // that time (chainPending). No chain lock here, so several of these may run at once. Committed without waiting for the disk (synchronous_commit off for this statement alone): the
    // rows are PostgreSQL's once the INSERT answers, so a crash of this server loses none; a crash of
    // PostgreSQL itself may lose the last fraction of a second of reads. Waiting for the WAL flush
    // made every read wait for the disk (17 ms against 3 ms for 20 rows on a busy machine).
    // A named prepared statement: every read pays a share of this INSERT, so it is parsed and planned
    // once per connection, not at every group of reads.
    await prepared(this.database.db, 'audit_insert_rows', insertRowsStatement).execute({ rows: JSON.stringify(records) });
  }

  /**
   * Moves every pending row committed before this call into the chained audit_log, oldest first, a
   * batch of CHAIN_BATCH_ROWS a transaction (migration 0031, audit_chain_pending: one chain lock a
   * batch; two chainers at once wait for each other). Answers how many rows it chained.
   */
  async chainPending(): Promise<number> {
    let chained = 0;
    for (;;) {
      const result = (await this.database.db.execute(sql`select audit_chain_pending(${CHAIN_BATCH_ROWS}) as n`)) as { rows: Array<{ n: number | string }> };
      const n = Number(result.rows[0]?.n ?? 0);
      chained += n;
      if (n < CHAIN_BATCH_ROWS) return chained;
    }
  }

  /**
   * Reclaims the room of the rows the chaining moved out of audit_pending (a table that every read
   * appends to and every chaining empties). PostgreSQL's autovacuum does this where it runs; where it
   * is off (the CI machine's PostgreSQL has it off) the table would otherwise grow by every row ever
   * stored, and the chaining's first look at it would read them all. Only the table's owner may: the
   * app role of "Two roles" gets PostgreSQL's warning and nothing is done (the owner's autovacuum, or
   * a scheduled VACUUM, must then do it).
   */
  async vacuumPending(): Promise<void> {
    await this.database.db.execute(sql`vacuum audit_pending`);
  }

  /** How many rows wait in audit_pending to be chained. */
  async pendingCount(): Promise<number> {
    const [row] = await this.database.db.select({ n: count() }).from(auditPending);
    return row.n;
  }

  /** Up to `limit` rows after `afterId`, in id order: each with its stored hash and the text its hash covers. */
  async chainRows(afterId: number, limit: number): Promise<Array<{ id: number; hash: string | null; text: string }>> {
    const result = (await this.database.db.execute(sql`
      select a.id::bigint as id, a.hash, pnss_audit_row_text(a) as text from ${auditLog} a
      where a.id > ${afterId} order by a.id limit ${limit}`)) as { rows: Array<{ id: string | number; hash: string | null; text: string }> };
    return result.rows.map((row) => ({ id: Number(row.id), hash: row.hash, text: row.text }));
  }

  /** Where the chain begins (migration 0013): rows up to this id were written before it and carry no hash. */
  async chainStart(): Promise<number | null> {
    const result = (await this.database.db.execute(sql`select chain_from::bigint as chain_from from audit_chain_start where id = 1`)) as {
      rows: Array<{ chain_from: string | number }>;
    };
    const row = result.rows[0];
    return row ? Number(row.chain_from) : null;
  }

  async page(filter: AuditFilter, limit: number, skip: number): Promise<{ rows: AuditRow[]; count: number }> {
    const where = this.where(filter);
    const db = this.database.db;
    const rows = await db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(skip);
    const [total] = await db.select({ n: count() }).from(auditLog).where(where);
    return { rows, count: total.n };
  }

  /** A record's own rows and the `related` rows of other records, oldest first (the order things happened). */
  async pageOfRecord(own: { entity: string; entityId: string }, related: readonly RelatedAuditRows[], limit: number, skip: number): Promise<{ rows: AuditRow[]; count: number }> {
    const where = or(
      and(eq(auditLog.entity, own.entity), eq(auditLog.entityId, own.entityId)),
      ...related.map((r) =>
        and(
          eq(auditLog.entity, r.entity),
          eq(auditLog.entityId, r.entityId),
          inArray(auditLog.action, [...r.actions]),
          sql`${auditLog.changes} @> ${JSON.stringify([{ field: 'version', new: r.version }])}::jsonb`,
        ),
      ),
    );
    const db = this.database.db;
    const rows = await db.select().from(auditLog).where(where).orderBy(asc(auditLog.at), asc(auditLog.id)).limit(limit).offset(skip);
    const [total] = await db.select({ n: count() }).from(auditLog).where(where);
    return { rows, count: total.n };
  }

  /** How many matching rows since a time, the oldest (for "try again in N minutes") and the newest. */
  async activitySince(filter: ActivityFilter): Promise<Activity> {
    const conditions: SQL[] = [
      eq(auditLog.entity, filter.entity),
      eq(auditLog.action, filter.action),
      gt(auditLog.at, filter.since),
    ];
    if (filter.entityId !== undefined) conditions.push(eq(auditLog.entityId, filter.entityId));
    if (filter.actorId !== undefined) conditions.push(eq(auditLog.actorId, filter.actorId));
    if (filter.ip !== undefined) conditions.push(filter.ip === null ? sql`${auditLog.ip} is null` : eq(auditLog.ip, filter.ip));
    const [row] = await this.database.db
      .select({ n: count(), oldest: min(auditLog.at), newest: max(auditLog.at) })
      .from(auditLog)
      .where(and(...conditions));
    return { count: row.n, oldest: row.oldest ? new Date(row.oldest) : null, newest: row.newest ? new Date(row.newest) : null };
  }

  private where(filter: AuditFilter): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
    if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
    if (filter.action) conditions.push(eq(auditLog.action, filter.action));
    if (filter.actor) {
      conditions.push(
        UUID.test(filter.actor)
          ? eq(auditLog.actorId, filter.actor)
          : sql`lower(${auditLog.actorUsername}) = lower(${filter.actor})`,
      );
    }
    return conditions.length > 0 ? and(...conditions) : undefined;
  }
}
