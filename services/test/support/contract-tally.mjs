// Jest global setup and teardown of the API contract check (issue 15): the setup makes this run's
// own tally folder and names it in the environment the test workers inherit, the teardown adds up
// how many answers every test app validated against the OpenAPI document, prints it and removes the
// folder. One folder per run, so two runs at once (npm test beside the PostgreSQL persistence run)
// neither count nor delete each other's tallies.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The environment variable naming this run's tally folder (read by contract-validator.ts). */
export const TALLY_DIR_ENV = 'PNSS_CONTRACT_TALLY_DIR';

export function startTally() {
  process.env[TALLY_DIR_ENV] = mkdtempSync(join(tmpdir(), 'pnss-contract-tally-'));
}

export function printTally() {
  const TALLY_DIR = process.env[TALLY_DIR_ENV];
  if (!TALLY_DIR) return;
  let validated = 0;
  let apps = 0;
  const walked = new Set();
  const operations = new Set();
  for (const file of readdirSync(TALLY_DIR, { withFileTypes: true })) {
    if (!file.isFile()) continue;
    const tally = JSON.parse(readFileSync(join(TALLY_DIR, file.name), 'utf8'));
    validated += tally.validated;
    apps += 1;
    for (const operation of Object.keys(tally.byOperation ?? {})) walked.add(operation);
    for (const operation of tally.operations ?? []) operations.add(operation);
  }
  if (apps === 0) return;
  const missed = [...operations].filter((operation) => !walked.has(operation)).sort();
  console.info(
    `\nAPI contract: ${validated} answers from ${apps} test apps validated against the OpenAPI document, ` +
      `covering ${operations.size - missed.length} of its ${operations.size} operations.` +
      (missed.length > 0 ? `\nNot exercised: ${missed.join(', ')}` : ''),
  );
  rmSync(TALLY_DIR, { recursive: true, force: true });
}
