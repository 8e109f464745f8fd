// Jest globalSetup of the services: starts this run's API contract tally (contract-tally.mjs) and prepares
// the migrated database template every API test file starts from (database-template.mjs). What it
// puts in process.env reaches the test workers, which start after it.
import { startTally } from './contract-tally.mjs';
import {
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
  preparePgliteTemplate,
  preparePostgresTemplate,
  removeStalePgliteTemplates,
} from './database-template.mjs';

export default async function globalSetup() {
  startTally();
  const started = Date.now();
  // Test tooling, not the application: the app itself reads the environment only in its config module.
  const postgres = process.env.TEST_DATABASE_URL;
  if (postgres) {
    process.env[POSTGRES_TEMPLATE_ENV] = await preparePostgresTemplate(postgres);
  } else {
    const template = await preparePgliteTemplate();
    removeStalePgliteTemplates(template);
    process.env[PGLITE_TEMPLATE_ENV] = template;
  }
  console.info(`\nMigrated database template ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
