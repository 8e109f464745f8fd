#!/usr/bin/env node
/**
 * The API contract, checked as the society's IT staff will check it (issue 15):
 *
 *   node scripts/openapi.mjs write <file>   start the built app on a scratch embedded database and
 *                                           write the document it serves at /api/docs/openapi.json
 *   node scripts/openapi.mjs lint [<file>]  write it (to a scratch file unless given) and lint it with
 *                                           Redocly's recommended rules and Spectral's OWASP ruleset
 *                                           (redocly.yaml and .spectral.yaml beside this package say
 *                                           which rules are off and why); exit 1 on any error
 *
 * Needs `npm run build -w libs -w services` first (it runs dist/, as `npm start` does).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const services = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(services, '..', 'node_modules', '.bin', name);

async function writeDocument(file) {
  const scratch = mkdtempSync(join(tmpdir(), 'pnss-openapi-'));
  try {
    const { loadConfig } = await import(join(services, 'dist', 'config', 'app-config.js'));
    const { createApp } = await import(join(services, 'dist', 'bootstrap', 'create-app.js'));
    const config = {
      ...loadConfig({ DATA_DIR: scratch, ADMIN_PASSWORD: 'Contract check password 2026' }),
      database: { kind: 'pglite', dataDir: null },
      webRoot: join(scratch, 'no-web-builds'),
      bcryptRounds: 4,
    };
    const { app, document } = await createApp(config, { logger: ['error'] });
    writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
    await app.close();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function run(command, args) {
  console.info(`$ ${[command.split('/').pop(), ...args].join(' ')}`);
  return spawnSync(command, args, { cwd: services, stdio: 'inherit' }).status ?? 1;
}

const [mode = 'lint', given] = process.argv.slice(2);
if (mode === 'write') {
  if (!given) throw new Error('usage: openapi.mjs write <file>');
  await writeDocument(given);
  console.info(`Wrote ${given}`);
} else if (mode === 'lint') {
  const scratch = given ? null : mkdtempSync(join(tmpdir(), 'pnss-openapi-doc-'));
  const file = given ?? join(scratch, 'openapi.json');
  try {
    await writeDocument(file);
    const redocly = run(bin('redocly'), ['lint', file, '--config', join(services, 'redocly.yaml')]);
    const spectral = run(bin('spectral'), ['lint', file, '--ruleset', join(services, '.spectral.yaml'), '--fail-severity', 'error', '--format', 'text']);
    if (redocly !== 0 || spectral !== 0) {
      console.error('The OpenAPI document has lint errors (see above).');
      process.exitCode = 1;
    } else console.info('The OpenAPI document passes Redocly (recommended) and Spectral (OWASP) with no error.');
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
} else throw new Error(`unknown mode ${mode}`);
