import { fileURLToPath } from 'node:url';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type Placeholder, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config/app-config.js';
import { isDatabaseUnavailable } from './database-errors.js';
import * as schema from './schema.js';
import { mapFlatRowsOnce } from './row-mapper.js';

export type Schema = typeof schema;
/** Both drivers share this type, so repositories never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository method takes: the database, or the transaction it must join. */
export type Executor = Database | Transaction;

/**
 * What the job queue (modules/queue) connects to: the same database, through the embedded instance
 * itself (PGlite has one connection) or a pool of its own on PostgreSQL; `ownerMigrates`: the tables'
 * owner made the queue's schema for the server's role (DATABASE_MIGRATION_URL).
 */
export type QueueTarget = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string; ownerMigrates: boolean };

/** The job queue's schema (pg-boss), beside the application's tables in public. */
export const QUEUE_SCHEMA = 'pgboss';

/** PGlite's bundled extensions the migrations use (pg_trgm: the list searches' trigram indexes). */
const extensions = { pg_trgm };

/** services/src/database or services/dist/database: the SQL lives in services/drizzle. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * The connection (PGlite in a folder or in memory, or a PostgreSQL pool) and the drizzle database
 * over it. Created once by DatabaseModule, which migrates before anything else runs.
 */
export class DatabaseService implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private closed = false;

  private constructor(
    readonly db: Database,
    readonly kind: DatabaseConfig['kind'],
    private readonly closeConnection: () => Promise<void>,
    private readonly runMigrations: () => Promise<void>,
    private readonly runTransaction: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T> = (work) => db.transaction(work),
    /** What the job queue connects to. */
    readonly queueTarget?: QueueTarget,
  ) {}

  static async connect(config: DatabaseConfig): Promise<DatabaseService> {
    if (config.kind === 'postgres') {
      const pool = createPool(config.url, 10);
      const db = drizzleNodePg({ client: pool, schema });
      const migrationUrl = config.migrationUrl && config.migrationUrl !== config.url ? config.migrationUrl : null;
      return new DatabaseService(
        db as unknown as Database,
        'postgres',
        () => pool.end(),
        migrationUrl ? () => migrateAsOwner(migrationUrl, pool) : () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
        (work) => pooledTransaction(pool, work),
        { kind: 'postgres', url: config.url, ownerMigrates: migrationUrl !== null },
      );
    }
    const options = { extensions, ...(config.initialData ? { loadDataDir: config.initialData } : {}) };
    const client = config.dataDir ? await PGlite.create(config.dataDir, options) : await PGlite.create(options);
    const db = drizzlePglite({ client, schema });
    return new DatabaseService(
      db as unknown as Database,
      'pglite',
      () => client.close(),
      () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      undefined,
      { kind: 'pglite', client },
    );
  }

  /** Migrates, then warns in words when the server's own connection could switch the audit log's protection off. */
  async migrate(): Promise<void> {
    await this.runMigrations();
    for (const warning of await this.privilegeWarnings()) this.logger.warn(warning);
  }

  /**
   * What is wrong with the role the server runs as (issue 27 item 6), in words: a superuser, or the
   * owner of its tables, can disable the audit log's triggers, rewrite it and read everything. The
   * embedded database has no roles: nothing to say.
   */
  async privilegeWarnings(): Promise<string[]> {
    if (this.kind !== 'postgres') return [];
    const result = (await this.db.execute(sql`
      select current_user as role, r.rolsuper as superuser,
        (select count(*)::int from pg_class c where c.relowner = r.oid and c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')) as owned
      from pg_roles r where r.rolname = current_user`)) as unknown as { rows: Array<{ role: string; superuser: boolean; owned: number }> };
    const me = result.rows[0];
    if (!me) return [];
    const warnings: string[] = [];
    if (me.superuser) {
      warnings.push(
        `The server connects to PostgreSQL as ${me.role}, a superuser: it could switch the audit log's protection off and read or change anything. ` +
          "Give it a role of its own that owns nothing (README 'Two roles': DATABASE_MIGRATION_URL for the owner, DATABASE_URL for the server).",
      );
    } else if (Number(me.owned) > 0) {
      warnings.push(
        `The server connects to PostgreSQL as ${me.role}, the owner of ${me.owned} of its tables: it could disable the audit log's triggers. ` +
          "Migrate as the owner with DATABASE_MIGRATION_URL and run the server as a role that owns nothing (README 'Two roles').",
      );
    }
    return warnings;
  }

  /** Runs `work` in one transaction: every change and its audit rows commit or roll back together. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.runTransaction(work);
  }

  /**
   * A lock held until `tx` ends (PostgreSQL advisory lock), for work that must not run twice at
   * once across instances: seeding, changes that could remove the last administrator.
   */
  async lock(tx: Transaction, name: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
  }

  /** True when the database answers. */
  async ping(): Promise<boolean> {
    try {
      await this.db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.closeConnection();
    this.logger.log('Database closed');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}

/**
 * A pool that survives its server: a broken connection, idle or in use, is logged and dropped
 * (without a listener on each client, node-postgres re-emits 57P01 as an unhandled 'error' event
 * and the process dies); a query on it fails, the error envelope answers 503, and the next request
 * opens a new connection. Waiting for a connection is bounded so a vanished server answers 503
 * within seconds instead of holding requests.
 */
export function createPool(url: string, max: number): pg.Pool {
  const logger = new Logger('Database');
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: 'pnss',
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  pool.on('error', (error) => logger.error(`PostgreSQL connection lost: ${error.message}`));
  pool.on('connect', (client) => {
    client.on('error', (error) => logger.error(`PostgreSQL connection lost: ${error.message}`));
  });
  return pool;
}

/**
 * A `sql.placeholder` for each key (named key + suffix), to build a prepared INSERT's values or
 * UPDATE's set. Drizzle wraps each in a parameter of its column, so the value given at execution is
 * encoded by that column (a jsonb document as JSON, a timestamp as ISO text) exactly as a value
 * written inline would be; its update types do not list placeholders, hence the typed result.
 */
export function placeholdersOf<T, K extends keyof T & string>(keys: readonly K[], suffix = ''): { [P in K]: T[P] } {
  const values: Record<string, Placeholder> = {};
  for (const key of keys) values[key] = sql.placeholder(`${key}${suffix}`);
  return values as unknown as { [P in K]: T[P] };
}

/**
 * One drizzle instance per pooled connection, made at its first transaction: building one (with the
 * schema's relational config) for every transaction was a measurable share of each case save.
 */
const drizzleOfClient = new WeakMap<pg.PoolClient, Database>();
/** A pooled transaction's connection, as the drizzle instance of its client (see `prepared`). */
const connectionOfTransaction = new WeakMap<Executor, Database>();
/** The prepared statements built on each connection (or on the pool), by name. */
const statementsOf = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement whose SQL is built once and kept as a named prepared statement: drizzle's query
 * building (its `is()` checks over every column and parameter) was the largest JavaScript cost of
 * a case save, which runs ten statements of fixed shape. `build` writes the statement with
 * `sql.placeholder`s; the caller executes it with the values.
 *
 * In a pooled PostgreSQL transaction the statement is built on the drizzle instance of the
 * transaction's own connection, so it runs inside the transaction (a transaction is its connection's
 * state). On the database itself it runs on any pooled connection. In a PGlite transaction (the
 * embedded database has one connection, which the transaction holds) it is built on the
 * transaction, each time, as before. A kept statement maps its rows as resolved once (row-mapper.ts).
 */
export function prepared<Q>(executor: Executor, name: string, build: (on: Executor) => { prepare(name: string): Q }): Q {
  const connection = connectionOfTransaction.get(executor) ?? (executor instanceof PgTransaction ? null : (executor as Database));
  if (!connection) return build(executor).prepare(name);
  let statements = statementsOf.get(connection);
  if (!statements) {
    statements = new Map();
    statementsOf.set(connection, statements);
  }
  let statement = statements.get(name) as Q | undefined;
  if (!statement) {
    statement = mapFlatRowsOnce(build(connection).prepare(name));
    statements.set(name, statement);
  }
  return statement;
}

/**
 * A transaction on a connection of its own, always given back to the pool, and dropped from it
 * when it broke. (drizzle's own pool transaction sends BEGIN outside its try/finally: when the
 * connection dies right then it is never released, and ten such moments exhaust the pool for good.)
 */
async function pooledTransaction<T>(pool: pg.Pool, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    let db = drizzleOfClient.get(client);
    if (!db) {
      db = drizzleNodePg({ client, schema }) as unknown as Database;
      drizzleOfClient.set(client, db);
    }
    const connection = db;
    return await connection.transaction((tx) => {
      connectionOfTransaction.set(tx, connection);
      return work(tx);
    });
  } catch (error) {
    if (isDatabaseUnavailable(error)) broken ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

/**
 * DATABASE_MIGRATION_URL: migrate as the tables' owner, then let the server's own role (the user of
 * DATABASE_URL) read and write the tables but only read and append to the audit log. Not owning the
 * tables, it cannot disable the audit log's triggers, truncate it, or change the schema.
 */
async function migrateAsOwner(migrationUrl: string, appPool: pg.Pool): Promise<void> {
  const logger = new Logger('Database');
  const appRole = ((await appPool.query<{ role: string }>('select current_user as role')).rows[0] as { role: string }).role;
  const ownerPool = createPool(migrationUrl, 1);
  try {
    const owner = drizzleNodePg({ client: ownerPool, schema });
    await migrateNodePg(owner, { migrationsFolder: MIGRATIONS_FOLDER });
    const ownerRole = ((await ownerPool.query<{ role: string }>('select current_user as role')).rows[0] as { role: string }).role;
    if (ownerRole === appRole) {
      logger.warn('DATABASE_URL and DATABASE_MIGRATION_URL sign in as the same role: the server owns its tables');
      return;
    }
    const role = quoteIdentifier(appRole);
    await ownerPool.query(`grant usage on schema public to ${role}`);
    await ownerPool.query(`grant select, insert, update, delete on all tables in schema public to ${role}`);
    await ownerPool.query(`revoke update, delete, truncate, references, trigger on audit_log from ${role}`);
    // Where the audit chain starts is written once, by migration 0013.
    await ownerPool.query(`revoke insert, update, delete, truncate, references, trigger on audit_chain_start from ${role}`);
    // Reads' and refusals' rows are appended to audit_pending and moved into audit_log by
    // audit_chain_pending() alone (migration 0031), whose key the server's role may not read.
    await ownerPool.query(`revoke update, delete, truncate, references, trigger on audit_pending from ${role}`);
    await ownerPool.query(`revoke all on audit_chain_key from ${role}`);
    await ownerPool.query(`grant usage, select on all sequences in schema public to ${role}`);
    await ownerPool.query(`grant execute on all functions in schema public to ${role}`);
    // The job queue (pg-boss) keeps its own tables in its own schema, made by the server's role at start
    // (a queue adds a partition table): the owner makes the schema and lets that role create in it.
    await ownerPool.query(`create schema if not exists ${QUEUE_SCHEMA}`);
    await ownerPool.query(`grant usage, create on schema ${QUEUE_SCHEMA} to ${role}`);
    const owned = await appPool.query<{ n: string }>(
      `select count(*)::text as n from pg_class c where c.relowner = (select oid from pg_roles where rolname = current_user)
         and c.relnamespace = 'public'::regnamespace`,
    );
    if (owned.rows[0]?.n !== '0') logger.warn(`The role of DATABASE_URL (${appRole}) owns ${owned.rows[0]?.n} relations: it could disable the audit log's protection`);
  } finally {
    await ownerPool.end();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
