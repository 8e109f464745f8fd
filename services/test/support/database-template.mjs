// The API tests' migrated database template (jest globalSetup/globalTeardown, and test-app.ts).
// Each API test file starts the app on a database of its own. Starting PGlite on an empty cluster
// runs initdb inside WebAssembly, and then every migration: the larger part of each file's set-up
// (measured on a two-core machine: initdb 6 to 20 s and the migrations 2 s a file, against 1 to 4 s
// to load a dump). So the migrated data folder is made once and each file's PGlite is loaded from
// it (dumpDataDir/loadDataDir); the migrations still run at each start and find nothing to do.
// On PostgreSQL (TEST_DATABASE_URL) a migrated database is made once per run and each test
// database is created from it with CREATE DATABASE ... TEMPLATE.
import { createHash, randomBytes } from 'node:crypto';
import { Blob } from 'node:buffer';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
export const PGLITE_TEMPLATE_ENV = 'PNSS_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'PNSS_TEST_POSTGRES_TEMPLATE';

/** Changes whenever a migration or PGlite changes, so a stale template is never loaded. */
function templateKey() {
  const hash = createHash('sha256');
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(JSON.parse(readFileSync(join(dirname(pglite), '..', 'package.json'), 'utf8')).version);
  for (const file of readdirSync(MIGRATIONS, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The migrated PGlite data folder as a tar file, made when missing (kept between runs by its key). */
export async function preparePgliteTemplate() {
  const path = join(tmpdir(), `pnss-test-pglite-${templateKey()}.tar`);
  if (existsSync(path)) return path;
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
    const dump = await client.dumpDataDir('none');
    // Written aside and renamed: a run started at the same moment never loads half a file.
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await client.close();
  }
  return path;
}

/** The template's bytes, for a test app's PGlite (null when no template was prepared). */
export function pgliteTemplate() {
  const path = process.env[PGLITE_TEMPLATE_ENV];
  return path && existsSync(path) ? new Blob([readFileSync(path)]) : null;
}

async function withClient(url, work) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A migrated database beside TEST_DATABASE_URL's, for this run; returns its name. */
export async function preparePostgresTemplate(base) {
  const name = `pnss_tpl_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withClient(base, (client) => client.query(`create database ${name}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  try {
    await migrate(drizzle({ client: pool }), { migrationsFolder: MIGRATIONS });
  } finally {
    await pool.end();
  }
  return name;
}

export async function dropPostgresTemplate(base, name) {
  await withClient(base, (client) => client.query(`drop database if exists ${name} with (force)`));
}

/** Removes the templates of other keys that earlier runs left, once they are an hour old. */
export function removeStalePgliteTemplates(keep) {
  const hourAgo = Date.now() - 3_600_000;
  for (const file of readdirSync(tmpdir())) {
    const path = join(tmpdir(), file);
    if (!/^pnss-test-pglite-[0-9a-f]{16}\.tar$/.test(file) || path === keep) continue;
    try {
      if (statSync(path).mtimeMs < hourAgo) rmSync(path, { force: true });
    } catch {
      // another run removed it first
    }
  }
}
