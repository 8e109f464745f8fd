import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/app-config.js';
import { DatabaseService } from './database/database.service.js';
import { checkAuditLog } from './modules/audit/audit-check.js';
import { AuditRepository } from './modules/audit/audit.repository.js';

/**
 * `npm run audit:verify -w services`: chains the reads and refusals still waiting in audit_pending
 * (migration 0031), then checks the audit log's hash chain on the database the server would use
 * (DATABASE_URL, or the embedded one under DATA_DIR) and names the first broken row.
 * Exit code 0: intact; 1: broken; 2: it could not be checked.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  // Read as the tables' owner when there is one, as the migrations run.
  const url = config.database.kind === 'postgres' ? (config.database.migrationUrl ?? config.database.url) : null;
  const database = await DatabaseService.connect(url ? { kind: 'postgres', url } : config.database);
  try {
    const { code, messages } = await checkAuditLog(new AuditRepository(database));
    for (const message of messages) (code === 0 ? console.info : console.error)(message);
    return code;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(2);
  },
);
