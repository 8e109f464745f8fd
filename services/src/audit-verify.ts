import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/app-config.js';
import { DatabaseService } from './database/database.service.js';
import { verifyChain } from './modules/audit/audit-chain.js';
import { AuditRepository } from './modules/audit/audit.repository.js';

/**
 * `npm run audit:verify -w services`: checks the audit log's hash chain on the database the server
 * would use (DATABASE_URL, or the embedded one under DATA_DIR) and names the first broken row.
 * Exit code 0: intact; 1: broken; 2: it could not be checked.
 */
const PAGE = 5_000;

async function main(): Promise<number> {
  const config = loadConfig();
  // Read as the tables' owner when there is one, as the migrations run.
  const url = config.database.kind === 'postgres' ? (config.database.migrationUrl ?? config.database.url) : null;
  const database = await DatabaseService.connect(url ? { kind: 'postgres', url } : config.database);
  try {
    const repository = new AuditRepository(database);
    const chainFrom = await repository.chainStart();
    if (chainFrom === null) {
      console.error('The audit log has no hash chain (migration 0013 has not run on this database).');
      return 2;
    }
    const verdict = await verifyChain(chainFrom, (afterId) => repository.chainRows(afterId, PAGE));
    if (verdict.intact) {
      console.info(
        `The audit log's chain is intact: ${verdict.rows} rows after row ${chainFrom} (rows up to it predate the chain). ` +
          `Last row ${verdict.lastId}, hash ${verdict.lastHash}: keep a copy elsewhere to tell later whether rows were removed from the end.`,
      );
      return 0;
    }
    console.error(`The audit log's chain is broken at row ${verdict.brokenAt}: ${verdict.reason}.`);
    return 1;
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
