import { fileURLToPath } from 'node:url';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config/app-config.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Both drivers share this type, so repositories never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository method takes: the database, or the transaction it must join. */
export type Executor = Database | Transaction;

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
  ) {}

  static async connect(config: DatabaseConfig): Promise<DatabaseService> {
    if (config.kind === 'postgres') {
      const pool = new pg.Pool({ connectionString: config.url, max: 10, application_name: 'pnss' });
      // An idle client losing its server must not crash the process; the next query reconnects.
      pool.on('error', (error) => new Logger('Database').error(`PostgreSQL pool: ${error.message}`));
      const db = drizzleNodePg({ client: pool, schema });
      return new DatabaseService(
        db as unknown as Database,
        'postgres',
        () => pool.end(),
        () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      );
    }
    const client = config.dataDir ? await PGlite.create(config.dataDir) : await PGlite.create();
    const db = drizzlePglite({ client, schema });
    return new DatabaseService(
      db as unknown as Database,
      'pglite',
      () => client.close(),
      () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    );
  }

  migrate(): Promise<void> {
    return this.runMigrations();
  }

  /** Runs `work` in one transaction: every change and its audit rows commit or roll back together. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
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
