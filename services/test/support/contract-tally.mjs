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
