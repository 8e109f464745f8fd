import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { isDatabaseUnavailable } from './database-errors.js';
import { DatabaseService } from './database.service.js';

/** A server started with (or just before) its database waits for it this long before giving up. */
const START_WAIT_MS = 60_000;

/** The driver's own words (a failed query's message would list the SQL and its parameters). */
function rootMessage(error: unknown): string {
  let e: unknown = error;
  while (e instanceof Error && e.cause !== undefined) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

/** Connects and migrates, trying again while PostgreSQL is still starting or unreachable. */
async function connectAndMigrate(config: AppConfig): Promise<DatabaseService> {
  const logger = new Logger('Database');
  const giveUpAt = Date.now() + (config.database.kind === 'postgres' ? START_WAIT_MS : 0);
  for (let attempt = 1; ; attempt++) {
    const database = await DatabaseService.connect(config.database);
    try {
      await database.migrate();
      return database;
    } catch (error) {
      await database.close();
      if (!isDatabaseUnavailable(error) || Date.now() >= giveUpAt) throw error;
      const waitMs = Math.min(5_000, 500 * attempt);
      logger.warn(`The database cannot be reached yet (${rootMessage(error)}); trying again in ${waitMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/**
 * Import this in a feature module to inject `DatabaseService` (`.db`, `.transaction()`).
 * The schema is migrated before the first provider that depends on it is created.
 */
@Module({
  providers: [
    {
      provide: DatabaseService,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => connectAndMigrate(config),
    },
  ],
  exports: [DatabaseService],
})
export class DatabaseModule {}
