// Jest globalTeardown of the services: prints the API contract tally and drops this run's
// PostgreSQL template (the PGlite one is kept in the temporary folder for the next run, by its key).
import { printTally } from './contract-tally.mjs';
import { POSTGRES_TEMPLATE_ENV, dropPostgresTemplate } from './database-template.mjs';

export default async function globalTeardown() {
  printTally();
  const postgres = process.env.TEST_DATABASE_URL;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  if (postgres && template) await dropPostgresTemplate(postgres, template);
}
