// Jest global setup and teardown of the API contract check (issue 15): the setup clears the tally
// folder, the teardown adds up how many answers every test app validated against the OpenAPI
// document and prints it.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TALLY_DIR = join(tmpdir(), 'pnss-contract-tally');

export function clearTally() {
  rmSync(TALLY_DIR, { recursive: true, force: true });
  mkdirSync(TALLY_DIR, { recursive: true });
}

export function printTally() {
  let validated = 0;
  let apps = 0;
  for (const file of readdirSync(TALLY_DIR, { withFileTypes: true })) {
    if (!file.isFile()) continue;
    validated += JSON.parse(readFileSync(join(TALLY_DIR, file.name), 'utf8')).validated;
    apps += 1;
  }
  if (apps > 0) console.info(`\nAPI contract: ${validated} answers from ${apps} test apps validated against the OpenAPI document.`);
  rmSync(TALLY_DIR, { recursive: true, force: true });
}
