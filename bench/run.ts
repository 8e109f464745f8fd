// `npm run bench`: the API side by side with a bare Fastify + pg baseline, the fastest honest server for the same answers.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/pnss_perf npm run bench            (full)
//   BENCH_DATABASE_URL=... npm run bench -- --quick                                           (CI: seconds)
//   npm run bench -- --quick                                  (no PostgreSQL: embedded PGlite, API only)
//
// Options: --quick, --generate N (write N patients with bench/generate-department.ts first, full run),
// --no-build, --duration S (seconds per round), --rounds R, --connections C, --only NAME,NAME (just those
// figures, by the names in the figures list; `--national-only`: the national census alone), --cpu-prof DIR
// (both servers write a V8 CPU profile there), --generate-national (write the five national years again),
// --national-ingest-only (the national package's ingest alone).
//
// On PostgreSQL the server is also the society's hub (HUB_ENABLED), and the national census is measured
// last (bench/national.ts): every national view beside the hand-written SQL for the same figure over the
// fact tables, byte-equal answers first, and a real package of 10,000 cases ingested beside the same rows
// written by hand (1,000 and two small years with --quick).
//
// How it compares: the baseline (bench/baseline.ts: Fastify + pg, pool of 10, tokens verified once and
// remembered until they expire, hand-written prepared statements on the project's indexes) answers
// the same routes; before anything is measured, each of its answers is compared with the API's, byte
// for byte, and the bench fails when one differs. The services start with bench/sql-capture.mjs
// preloaded; one request per figure is sent with `x-bench-capture`, and every statement the pg driver
// ran for it is recorded: the baseline replays those for the case save and the sign-in, and the
// reads' statements are shown with EXPLAIN ANALYZE. Each figure is then loaded with
// autocannon against both, rounds interleaved (API, baseline, API, baseline, ...), and printed as
// the pair and its ratio. Absolute numbers move on a shared machine; the ratios are what count.
// The patient-data reads are also measured against the audited baseline, the same hand-written server
// storing each read's audit row as cheaply as the schema allows (bench/baseline-audit.ts), in the same
// interleaved rounds (API, baseline, audited baseline, ...): the limit for the job the API does.
// Nothing here asserts a time: --quick is for CI to prove the bench still runs.
import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { type CaseForm, withoutServerOwned } from '@pnss/libs/api';
import pg from 'pg';
import type { BaselineFigure, BaselineOptions, CapturedStatement } from './baseline.js';
import { auditedRead } from './baseline-audit.js';
import { type CpuSnapshot, cpuPerAnswer, cpuSnapshot, databaseOf } from './cpu.js';
import { explainFigures } from './explain.js';
import { generateDepartment, nameOf } from './generate-department.js';
import { runNationalBench } from './national.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
// `npm run bench -- --quick` from the root reaches here as npm's own config (npm_config_quick=true).
const npmConfig = (name: string) => process.env[`npm_config_${name.replace(/-/g, '_')}`];
const flag = (name: string) =>
  args.includes(`--${name}`) ||
  npmConfig(name) === 'true' ||
  (name.startsWith('no-') && (npmConfig(name.slice(3)) === 'false' || npmConfig(name.slice(3)) === ''));
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : npmConfig(name);
};

const quick = flag('quick');
const databaseUrl = process.env.BENCH_DATABASE_URL || '';
const apiPort = Number(process.env.BENCH_PORT ?? 8191);
const baselinePort = apiPort + 1;
const api = `http://127.0.0.1:${apiPort}`;
const bare = `http://127.0.0.1:${baselinePort}`;
/** The audited baseline (the baseline storing each patient-data read's audit row); baselinePort + 1 is the national baseline's. */
const auditedPort = apiPort + 3;
const audited = `http://127.0.0.1:${auditedPort}`;
const duration = Number(option('duration') ?? (quick ? 2 : 8));
const rounds = Number(option('rounds') ?? (quick ? 1 : 2));
const connections = Number(option('connections') ?? 10);
const only = option('only')?.split(',').filter(Boolean);
/** `--only national`: the national census alone (it needs none of the department's data). */
// (`npm run bench -- --national-only` from npm, whose own `only` setting takes no such value.)
const nationalOnly = (only?.includes('national') ?? false) || flag('national-only') || flag('national-ingest-only');
const cpuProfileDir = option('cpu-prof');
const cpuProfile = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
const adminPassword = 'Bench-Census-Passw0rd-2026';
const jwtSecret = randomBytes(32).toString('hex');
const scratch = mkdtempSync(join(tmpdir(), 'pnss-bench-'));
const captureFile = join(scratch, 'captured.ndjson');

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      const answer = await fetch(url);
      if (answer.status < 500) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not start`);
}

// ---------------------------------------------------------------------------------------------
// Figures

/** The figures the baseline replays the services' statements for; it answers every other one with its own. */
// The Data Quality view (issue 31) sums stored reviews in the services: the baseline replays its SQL,
// the lower bound for that answer, and its bytes are not compared.
const REPLAYED = new Set(['case_save', 'sign_in', 'quality_summary']);

interface Figure {
  name: string;
  label: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: () => unknown;
  connections?: number;
  /** Requests a second (autocannon overallRate): the save is measured at 200 req/s. */
  rate?: number;
  /** Keep the statements on these tables (others' session checks are left out of the capture). */
  keepSessions?: boolean;
  baselineBody?: () => Record<string, unknown>;
  api?: Partial<autocannon.Request>;
  baseline?: Partial<autocannon.Request>;
  substitute?: Record<string, string | number>;
}

/** What a save's answer is matched to (autocannon keeps one context per connection). */
interface SaveContext {
  caseId?: string;
}

interface Measured {
  rps: number;
  p50: number;
  /** The issue's save goal is a p95 (autocannon's table has none); all four are counted from every answer's time. */
  p95: number;
  p975: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** How many answers had each non-2xx status (printed under the table, so a refusal is never silent). */
  statuses: Record<string, number>;
  /** CPU microseconds per answer: the server that answered, PostgreSQL for the bench's database, the load generator (bench/cpu.ts). */
  cpu: CpuSnapshot;
}

async function load(url: string, figure: Figure, request: Partial<autocannon.Request>, headers: Record<string, string>, serverPid?: number): Promise<Measured> {
  const times: number[] = [];
  const cpuBefore = cpuSnapshot(serverPid, databaseOf(databaseUrl));
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: figure.connections ?? connections,
        duration,
        ...(figure.rate ? { overallRate: figure.rate } : {}),
        headers,
        requests: [request as autocannon.Request],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  const cpu = cpuPerAnswer(cpuBefore, cpuSnapshot(serverPid, databaseOf(databaseUrl)), times.length);
  times.sort((a, b) => a - b);
  // Every percentile from every answer's time (fractions of a millisecond): autocannon's histogram
  // keeps whole milliseconds, a step of 20-25% at the 4-5 ms of a short answer under load.
  const at = (q: number) => (times.length > 0 ? times[Math.min(times.length - 1, Math.ceil(times.length * q) - 1)] : Number.NaN);
  return {
    rps: result.requests.average,
    p50: at(0.5),
    p95: at(0.95),
    p975: at(0.975),
    p99: at(0.99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2')).map(([code, stat]) => [code, stat?.count ?? 0]),
    ),
    cpu,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function combine(runs: Measured[]): Measured {
  return {
    rps: runs.reduce((s, r) => s + r.rps, 0) / runs.length,
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
    p975: median(runs.map((r) => r.p975)),
    p99: median(runs.map((r) => r.p99)),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    statuses: runs.reduce<Record<string, number>>((all, r) => {
      for (const [code, n] of Object.entries(r.statuses)) all[code] = (all[code] ?? 0) + n;
      return all;
    }, {}),
    cpu: {
      server: median(runs.map((r) => r.cpu.server)),
      postgres: runs.some((r) => r.cpu.postgres === null) ? null : median(runs.map((r) => r.cpu.postgres as number)),
      load: median(runs.map((r) => r.cpu.load)),
    },
  };
}

const rows: string[] = [];
function printHeader(): void {
  const header = '| figure | API req/s | bare req/s | bare÷API req/s | API p50 / p95 / p97.5 / p99 ms | bare p50 / p95 / p97.5 / p99 ms | API÷bare p97.5 | non-2xx API/bare | load (1 min) |';
  console.info(`\n${header}\n|---|---|---|---|---|---|---|---|---|`);
}
function printRow(label: string, a: Measured, b: Measured | null, load: string): void {
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(n >= 100 ? 0 : 1) : '-');
  const line = b
    ? `| ${label} | ${f(a.rps)} | ${f(b.rps)} | ${(b.rps / a.rps).toFixed(2)}× | ${f(a.p50)} / ${f(a.p95)} / ${f(a.p975)} / ${f(a.p99)} | ${f(b.p50)} / ${f(b.p95)} / ${f(b.p975)} / ${f(b.p99)} | ${(a.p975 / Math.max(b.p975, 0.5)).toFixed(2)}× | ${a.non2xx + a.errors}/${b.non2xx + b.errors} | ${load} |`
    : `| ${label} | ${f(a.rps)} | - | - | ${f(a.p50)} / ${f(a.p95)} / ${f(a.p975)} / ${f(a.p99)} | - | - | ${a.non2xx + a.errors}/- | ${load} |`;
  rows.push(line);
  console.info(line);
  for (const [side, m] of [['API', a], ['bare', b]] as const) {
    if (m && Object.keys(m.statuses).length > 0) refusals.push(`${label}, ${side}: ${Object.entries(m.statuses).map(([code, n]) => `${n} × ${code}`).join(', ')}`);
  }
}
const refusals: string[] = [];

/**
 * Where each answer's CPU went, API beside baseline: the server, PostgreSQL (the bench database's
 * backends and the WAL writer), the load generator. The three share the machine's cores, so the
 * ratio of the sums bounds the ratio of the throughputs (issue 33: find the cost).
 */
function printCpu(measured: MeasuredFigure[]): void {
  const f = (n: number | null) => (n === null || !Number.isFinite(n) ? '-' : n.toFixed(0));
  const sum = (c: CpuSnapshot) => c.server + (c.postgres ?? 0) + c.load;
  console.info('\n## CPU per answer (µs: server / PostgreSQL / load generator = sum)');
  console.info('| figure | API | baseline | API÷baseline (sum) | audited baseline | API÷audited (sum) |\n|---|---|---|---|---|---|');
  for (const { figure, api: a, bare: b, audited: c } of measured) {
    const side = (m: Measured) => `${f(m.cpu.server)} / ${f(m.cpu.postgres)} / ${f(m.cpu.load)} = ${f(sum(m.cpu))}`;
    const ratio = (m: Measured | null) => (m ? `${(sum(a.cpu) / sum(m.cpu)).toFixed(2)}×` : '-');
    console.info(`| ${figure.label} | ${side(a)} | ${b ? side(b) : '-'} | ${ratio(b)} | ${c ? side(c) : '-'} | ${ratio(c)} |`);
  }
}

/** The patient-data reads beside the audited baseline: the limit for a read that keeps its audit row. */
function printAudited(measured: MeasuredFigure[]): void {
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(n >= 100 ? 0 : 1) : '-');
  const lines = measured
    .filter((m) => m.audited)
    .map(({ figure, api: a, bare: b, audited: c }) => {
      const d = c as Measured;
      return `| ${figure.label} | ${f(a.rps)} | ${f(d.rps)} | ${(d.rps / a.rps).toFixed(2)}× | ${f(a.p975)} | ${f(d.p975)} | ${(a.p975 / Math.max(d.p975, 0.5)).toFixed(2)}× | ${b ? `${(b.rps / d.rps).toFixed(2)}×` : '-'} | ${a.non2xx + a.errors}/${d.non2xx + d.errors} |`;
    });
  if (lines.length === 0) return;
  console.info(
    '\n## Patient-data reads beside the audited baseline (the same server storing each read\'s audit row)\n' +
      '| figure | API req/s | audited req/s | audited÷API req/s | API p97.5 ms | audited p97.5 ms | API÷audited p97.5 | what the row costs the baseline (bare÷audited req/s) | non-2xx API/audited |\n|---|---|---|---|---|---|---|---|---|\n' +
      lines.join('\n'),
  );
}

/**
 * Before the audited baseline is measured: each of its answers is the API's, byte for byte, and each
 * read stored exactly one audit row (counted in audit_pending and audit_log together, the chaining
 * only moving rows between them), the same row as the API's for the same read (its reader, entity,
 * record, action, changes and address; the database gives the id, time and hash), so its figures are
 * for the job and not for a shortcut. Its row is written by hand (bench/baseline-audit.ts), as its SQL
 * is: this is what keeps it the services' row.
 */
async function checkAuditedBaseline(reads: Figure[], token: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rowsNow = async () =>
      Number((await client.query<{ n: string }>('SELECT (SELECT count(*) FROM audit_pending) + (SELECT count(*) FROM audit_log) AS n')).rows[0].n);
    // The newest row, once everything stored is chained (the chaining keeps the order rows were stored in).
    const newestRow = async () => {
      await client.query('SELECT audit_chain_pending(100000)');
      const { rows } = await client.query('SELECT actor_id, actor_username, entity, entity_id, action, changes, ip FROM audit_log ORDER BY id DESC LIMIT 1');
      return JSON.stringify(rows[0]);
    };
    const problems: string[] = [];
    for (const figure of reads) {
      const ours = await apiText(figure.method, figure.path, token);
      const apiRow = await newestRow();
      const before = await rowsNow();
      const answer = await fetch(`${audited}${figure.path}`, { headers: { authorization: `Bearer ${token}` } });
      const theirs = await answer.text();
      const stored = (await rowsNow()) - before;
      if (!answer.ok || theirs !== ours) problems.push(`${figure.name}: the audited baseline answered ${answer.status} and not the API's bytes`);
      if (stored !== 1) problems.push(`${figure.name}: the audited baseline stored ${stored} audit row(s) for one read`);
      else if ((await newestRow()) !== apiRow) problems.push(`${figure.name}: the audited baseline stored ${await newestRow()}, the API ${apiRow}`);
    }
    if (problems.length > 0) throw new Error(`the audited baseline does not do the API's job:\n${problems.join('\n')}`);
    console.info(`audited baseline: the API's answers, byte for byte, and per read one audit row, the API's row, for ${reads.length} figure(s)`);
  } finally {
    await client.end();
  }
}

/** Issue 33's goals: these figures within RATIO_GOAL of the baseline (req/s and p97.5), ten at once and one user alone. */
const RATIO_GOAL = 1.3;
const RATIO_FIGURES = /^(patient_by_id|patients_page_1|patients_page_50|cases_page_1|search|search_word|session_check)(_alone)?$/;
/** A name search's p97.5, in ms: one user alone, and ten at once. */
const SEARCH_GOAL_MS = { alone: 50, ten: 150 } as const;

interface MeasuredFigure {
  figure: Figure;
  api: Measured;
  bare: Measured | null;
  /** The audited baseline's, for a patient-data read. */
  audited: Measured | null;
  load: string;
}

/** Whether a figure is a patient-data read, whose audit row the audited baseline stores (libs' route table). */
function isAuditedRead(figure: Figure): boolean {
  // A replayed figure (the Data Quality view) is the services' own SQL, audit row and all.
  if (figure.method !== 'GET' || REPLAYED.has(figure.name)) return false;
  return auditedRead(figure.path.split('?')[0]) !== null;
}
const measuredFigures: MeasuredFigure[] = [];

/** Each goal of issue 33 beside what this run measured (printed, never asserted: the machine is shared). */
function printGoals(measured: MeasuredFigure[]): void {
  const lines: string[] = [];
  for (const { figure, api: a, bare: b, audited: c, load } of measured) {
    if (b && RATIO_FIGURES.test(figure.name)) {
      const rps = b.rps / a.rps;
      const p975 = a.p975 / Math.max(b.p975, 0.5);
      const within = rps <= RATIO_GOAL && p975 <= RATIO_GOAL;
      lines.push(`| ${figure.label} | ≤ ${RATIO_GOAL}× the baseline | ${rps.toFixed(2)}× req/s, ${p975.toFixed(2)}× p97.5 | ${within ? 'met' : 'not met'} | ${load} |`);
    }
    if (c && RATIO_FIGURES.test(figure.name)) {
      const rps = c.rps / a.rps;
      const p975 = a.p975 / Math.max(c.p975, 0.5);
      const within = rps <= RATIO_GOAL && p975 <= RATIO_GOAL;
      lines.push(`| ${figure.label} | (beyond the issue) ≤ ${RATIO_GOAL}× the audited baseline | ${rps.toFixed(2)}× req/s, ${p975.toFixed(2)}× p97.5 | ${within ? 'met' : 'not met'} | ${load} |`);
    }
    if (figure.name.startsWith('search')) {
      const goal = figure.connections === 1 ? SEARCH_GOAL_MS.alone : SEARCH_GOAL_MS.ten;
      lines.push(`| ${figure.label} | p97.5 ≤ ${goal} ms | ${a.p975.toFixed(1)} ms | ${a.p975 <= goal ? 'met' : 'not met'} | ${load} |`);
    }
  }
  if (lines.length === 0) return;
  console.info(`\n## Issue 33's goals in this run\n| figure | goal | measured | | load (1 min) |\n|---|---|---|---|---|\n${lines.join('\n')}`);
}
/** The first answer of each refused status of the save, by side: what the refusal said. */
const firstRefusal = new Map<string, string>();

// ---------------------------------------------------------------------------------------------

/** The API's answer body as it wrote it (a figure that ran no statement is answered with these bytes by the baseline). */
async function apiText(method: string, path: string, token: string | null, body?: unknown, capture?: string): Promise<string> {
  const answer = await fetch(`${api}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(capture ? { 'x-bench-capture': capture } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return answer.text();
}

async function apiJson<T>(method: string, path: string, token: string | null, body?: unknown, capture?: string): Promise<T> {
  return JSON.parse(await apiText(method, path, token, body, capture)) as T;
}

function readCaptures(): Map<string, CapturedStatement[]> {
  const byName = new Map<string, CapturedStatement[]>();
  if (!existsSync(captureFile)) return byName;
  for (const line of readFileSync(captureFile, 'utf8').split('\n')) {
    if (!line) continue;
    const statement = JSON.parse(line) as CapturedStatement;
    const list = byName.get(statement.name) ?? [];
    list.push(statement);
    byName.set(statement.name, list);
  }
  return byName;
}

/**
 * The statements of one request, less the session check (cached or not), the batched read audit and
 * the chaining of stored audit rows (a timer the request's context started, not the request's work).
 */
function statementsFor(figure: Figure, captured: CapturedStatement[]): CapturedStatement[] {
  const kept = captured.filter((s) => {
    if (!figure.keepSessions && /from "sessions"/i.test(s.text)) return false;
    // The hook's own INSERT of read rows; a read that stored its row in its own statement (WITH ...
    // INSERT INTO audit_pending ... SELECT) is the read itself, and is kept (EXPLAIN shows it).
    if (figure.method === 'GET' && /^\s*insert into "audit_(log|pending)"/i.test(s.text)) return false;
    if (/audit_chain_pending\(/i.test(s.text)) return false;
    return true;
  });
  // Renumber `after` over what is kept: a statement waits for as many kept ones as finished before it.
  return kept.map((s) => ({ ...s, after: kept.filter((k) => captured.indexOf(k) < captured.indexOf(s) && k.after < s.after).length }));
}

/** `from=...&to=...`: the 365 days to today (UTC). */
function lastYear(): string {
  const today = new Date();
  const from = new Date(today.getTime() - 364 * 86_400_000);
  return `from=${from.toISOString().slice(0, 10)}&to=${today.toISOString().slice(0, 10)}`;
}

async function main(): Promise<void> {
  const postgres = databaseUrl !== '';
  console.info(`# PNSS bench ${quick ? '(quick)' : ''} on ${postgres ? 'PostgreSQL' : 'embedded PGlite (API only: the bare baseline needs PostgreSQL)'}, Node.js ${process.version}`);
  if (!flag('no-build')) {
    for (const workspace of ['@pnss/libs', '@pnss/services']) {
      const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
      if (build.status !== 0) throw new Error(`the build of ${workspace} failed`);
    }
  }
  const generate = option('generate');
  if (postgres && (quick || generate) && !nationalOnly) {
    await generateDepartment({ url: databaseUrl, patients: quick ? 2000 : Number(generate), reset: quick, migrate: true, log: () => undefined });
  }

  // A copy of the build for this run (beside dist, so it resolves the same modules and migrations):
  // another build of the shared tree deleting services/dist must not pull the server from under the bench.
  const servicesDist = join(root, 'services', 'dist');
  const benchDist = join(root, 'services', `.bench-dist-${process.pid}`);
  if (!existsSync(join(servicesDist, 'main.js'))) throw new Error('services/dist is missing: build the services first');
  cpSync(servicesDist, benchDist, { recursive: true });
  const server = spawn(process.execPath, [...cpuProfile, '--import', join(root, 'bench', 'sql-capture.mjs'), join(benchDist, 'main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(apiPort),
      DATA_DIR: scratch,
      ADMIN_PASSWORD: adminPassword,
      JWT_SECRET: jwtSecret,
      DATABASE_URL: databaseUrl,
      BENCH_CAPTURE_FILE: captureFile,
      // The bench fires thousands of requests a second from one address: measure the API, not the limiter.
      RATE_LIMIT_PER_MINUTE: '1000000',
      // On PostgreSQL it is the society's hub too, for the national census (bench/national.ts).
      ...(postgres ? { HUB_ENABLED: 'true' } : {}),
    },
  });
  let baseline: ChildProcess | null = null;
  let auditedBaseline: ChildProcess | null = null;
  try {
    await waitFor(`${api}/api/health`, server);
    const rssBefore = rssMb(server.pid);
    const login = await apiJson<{ token: string }>('POST', '/api/accounts/login', null, { username: 'admin', password: adminPassword });
    const token = login.token;
    const national = async () => {
      console.info('\n## National census (issue 29: five years of national data; every view beside the hand-written SQL; a package ingested)');
      await runNationalBench({
        api, token, databaseUrl, servicesDist: benchDist, baselinePort: baselinePort + 1, scratch, quick, generate: flag('generate-national'),
        ingestOnly: flag('national-ingest-only'),
      });
    };
    if (nationalOnly) {
      if (!postgres) throw new Error('--only national: the national census is measured on PostgreSQL (BENCH_DATABASE_URL)');
      await national();
      return;
    }

    if (!postgres) {
      // Small data for the embedded database: 200 patients with a case each, through the API.
      for (let i = 1; i <= 200; i += 1) {
        const { firstName, lastName } = nameOf(i);
        const p = await apiJson<{ _id: string }>('POST', '/api/patients', token, { firstName, lastName, birthDate: '1990-01-01' });
        await apiJson('POST', `/api/patients/${p._id}/cases`, token, { caseNum: `Q-${Date.now()}-${i}`, caseFormType: 1, admissionDate: '2026-01-02' });
      }
    }

    // What the figures read: a patient, open cases to read and save, a name that exists.
    const patientsPage = await apiJson<{ items: Array<{ _id: string }> }>('GET', '/api/patients?page=0', token);
    const patientId = patientsPage.items[0]._id;
    const openCases = [] as Array<{ _id: string; patientid: string }>;
    for (let page = 0; openCases.length < (quick ? 100 : 2000); page += 1) {
      const list = await apiJson<{ items: Array<{ _id: string; patientid: string }> }>('GET', `/api/patientcases?tag=openCase&page=${page}`, token);
      if (list.items.length === 0) break;
      openCases.push(...list.items);
    }
    if (openCases.length < 2) throw new Error('the bench needs open cases');
    const readCase = openCases[0];
    const { firstName, lastName } = nameOf(4242);
    const search = encodeURIComponent(`${firstName.split(' ')[0]} ${lastName.split(' ').pop()}`);
    // The surname alone: one word, as a clinician types it, matching thousands at a million patients.
    const searchWord = encodeURIComponent(lastName.split(' ').pop() ?? lastName);
    // Two letters of a first name: inside a few tens of name words, matching tens of thousands at a million.
    const searchPrefix = encodeURIComponent(firstName.slice(0, 2));
    // Two words of two letters (as the issue's "ma de"): each inside tens of name words, hundreds of
    // pairs, matching thousands of names, answered from the two words' ranges merged in list order.
    const searchPrefixes = encodeURIComponent('ma de');

    // The save: the case form as opened, one field changed, with its version.
    const saveCases = openCases.slice(1);
    const formOf = async (c: { _id: string; patientid: string }) =>
      apiJson<CaseForm>('GET', `/api/patients/${c.patientid}/cases/${c._id}`, token);
    const captureCase = saveCases[0];
    // Bring the captured case to an unusual version, so its number is never mistaken for another value.
    let captureForm = await formOf(captureCase);
    while (captureForm.version < 7) {
      captureForm = await apiJson('PUT', `/api/patients/${captureCase.patientid}/cases/${captureCase._id}`, token, {
        ...withoutServerOwned(captureForm),
        room: `bench ${captureForm.version}`,
      });
    }
    // Each save goes to the next case of a rotation, with the version it has now (one save in flight per case).
    const rotation = saveCases.slice(1, quick ? 60 : 800);
    const forms = new Map<string, Record<string, unknown>>();
    const versions = { api: new Map<string, number>(), bare: new Map<string, number>() };
    for (const c of rotation) {
      const form = await formOf(c);
      forms.set(c._id, withoutServerOwned(form));
      versions.api.set(c._id, form.version);
      versions.bare.set(c._id, form.version);
    }
    const nextSave = { api: 0, bare: 0 };
    // The API and the baseline save different cases, so each side's versions stay its own.
    const rotations = { api: rotation.filter((_, i) => i % 2 === 0), bare: rotation.filter((_, i) => i % 2 === 1) };
    const saveRequest = (target: 'api' | 'bare'): Partial<autocannon.Request> => ({
      method: target === 'api' ? 'PUT' : 'POST',
      setupRequest: (request, context: object) => {
        const own = rotations[target];
        const c = own[nextSave[target] % own.length];
        nextSave[target] += 1;
        (context as SaveContext).caseId = c._id;
        const version = versions[target].get(c._id) ?? 1;
        versions[target].set(c._id, version + 1);
        const form = forms.get(c._id) ?? {};
        const body =
          target === 'api'
            ? { ...form, version, room: `bench ${version}` }
            : { caseId: c._id, patientId: c.patientid, version, caseNum: form.caseNum };
        return {
          ...request,
          path: target === 'api' ? `/api/patients/${c.patientid}/cases/${c._id}` : '/b/case_save',
          headers: { ...request.headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        };
      },
      // The version each answer names (the saved case, or a 409's `current`) is the one the next save
      // of that case sends, so one refused save cannot leave its case refused for the rest of the run.
      onResponse: (status: number, body: string, context: object) => {
        if (status >= 300 && !firstRefusal.has(`${target} ${status}`)) firstRefusal.set(`${target} ${status}`, body.slice(0, 300));
        try {
          const answer = JSON.parse(body) as { version?: number; current?: { version?: number } };
          const version = status < 300 ? answer.version : answer.current?.version;
          const { caseId } = context as SaveContext;
          if (typeof version === 'number' && caseId) versions[target].set(caseId, version);
        } catch {
          // not JSON: the next save of that case keeps the version it counted
        }
      },
    });

    // The issue's figures (33), each ten at once and one user alone (`_alone`): the API within 1.3× of
    // the baseline on both, and the searches within 50 ms p97.5 alone and 150 ms ten at once.
    const pairOf = (figure: Figure): Figure[] => [
      { ...figure, connections: 10 },
      { ...figure, name: `${figure.name}_alone`, label: `${figure.label}, one user`, connections: 1 },
    ];
    const allFigures: Figure[] = [
      ...pairOf({ name: 'patient_by_id', label: 'read patient by id', method: 'GET', path: `/api/patients/${patientId}` }),
      { name: 'case_by_id', label: 'read case by id (case form)', method: 'GET', path: `/api/patients/${readCase.patientid}/cases/${readCase._id}` },
      ...pairOf({ name: 'patients_page_1', label: 'patients page 1', method: 'GET', path: '/api/patients?page=0' }),
      ...pairOf({ name: 'patients_page_50', label: 'patients page 50', method: 'GET', path: '/api/patients?page=49' }),
      ...pairOf({ name: 'cases_page_1', label: 'cases page 1', method: 'GET', path: '/api/patientcases?page=0' }),
      ...pairOf({ name: 'search', label: `search "${decodeURIComponent(search)}" (two words)`, method: 'GET', path: `/api/patients?search=${search}` }),
      ...pairOf({ name: 'search_word', label: `search "${decodeURIComponent(searchWord)}" (one word)`, method: 'GET', path: `/api/patients?search=${searchWord}` }),
      ...pairOf({ name: 'search_prefix', label: `search "${decodeURIComponent(searchPrefix)}" (a short prefix, thousands of names)`, method: 'GET', path: `/api/patients?search=${searchPrefix}` }),
      ...pairOf({ name: 'search_prefixes', label: `search "${decodeURIComponent(searchPrefixes)}" (two short prefixes, thousands of names)`, method: 'GET', path: `/api/patients?search=${searchPrefixes}` }),
      ...pairOf({ name: 'session_check', label: 'session check', method: 'POST', path: '/api/accounts/auth' }),
      { name: 'count_all', label: 'count: patients', method: 'GET', path: '/api/patients/all/count', connections: 10 },
      { name: 'count_admitted', label: 'count: admitted', method: 'GET', path: '/api/patients/admitted/count', connections: 10 },
      { name: 'count_open', label: 'count: with open case', method: 'GET', path: '/api/patients/opencase/count', connections: 10 },
      { name: 'count_cases', label: 'count: cases, open cases', method: 'GET', path: '/api/patients/allcases/count', connections: 10 },
      {
        name: 'case_save', label: 'case save + audit row @200 req/s', method: 'PUT', path: '', rate: quick ? 50 : 200, connections: 10,
        api: saveRequest('api'), baseline: saveRequest('bare'),
        substitute: { caseId: captureCase._id, patientId: captureCase.patientid, version: captureForm.version, caseNum: String(captureForm.caseNum) },
      },
      {
        name: 'sign_in', label: 'sign-in (bcrypt)', method: 'POST', path: '/api/accounts/login', connections: 2, keepSessions: true,
        body: () => ({ username: 'admin', password: adminPassword }),
      },
      // Issue 31: the Data Quality view of the last year (goal: p95 under 500 ms at a department's 20,000 cases a year).
      { name: 'quality_summary', label: 'data quality view, last 365 days', method: 'GET', path: `/api/quality/summary?${lastYear()}`, connections: 10 },
      // Issue 31: the biggest worklist at a department's size (the closed cases waiting for approval), beside it by hand.
      { name: 'worklist_ready_page_1', label: "worklist 'ready to approve' page 1", method: 'GET', path: '/api/worklists/ready-to-approve?page=0', connections: 10 },
    ];
    const unknown = only?.filter((name) => name !== 'national' && !allFigures.some((f) => f.name === name)) ?? [];
    if (unknown.length > 0) throw new Error(`--only: no figure ${unknown.join(', ')} (figures: ${allFigures.map((f) => f.name).join(', ')})`);
    const figures = only ? allFigures.filter((f) => only.includes(f.name)) : allFigures;

    // Capture each figure's SQL once (the save's capture is a real save of the capture case), and
    // the body the API answered, which the baseline answers for a figure with no statement to run.
    const capturedAnswers = new Map<string, string>();
    for (const figure of figures) {
      if (figure.name === 'case_save') {
        captureForm = await apiJson('PUT', `/api/patients/${captureCase.patientid}/cases/${captureCase._id}`, token,
          // A room the case does not hold yet (an earlier run left 'bench capture <its version>'): a save that
          // changes nothing writes nothing, and the capture would hold the reads alone.
          { ...withoutServerOwned(captureForm), room: `bench capture ${captureForm.version}` }, figure.name);
        continue;
      }
      capturedAnswers.set(figure.name, await apiText(figure.method, figure.path, figure.name === 'sign_in' ? null : token, figure.body?.(), figure.name));
    }
    // The capture is over: the preload takes its hooks out before anything is measured.
    await fetch(`${api}/api/health`, { headers: { 'x-bench-capture-done': '1' } });
    const captures = readCaptures();
    // What the services ran for each figure (shown with EXPLAIN ANALYZE below); the baseline replays it
    // for the case save and the sign-in alone, and answers the others with its own statements.
    const capturedFigures: Record<string, BaselineFigure> = {};
    for (const figure of figures) {
      capturedFigures[figure.name] = {
        statements: statementsFor(figure, captures.get(figure.name) ?? []),
        ...(figure.substitute ? { substitute: figure.substitute } : {}),
      };
    }
    const baselineFigures = Object.fromEntries(Object.entries(capturedFigures).filter(([name]) => REPLAYED.has(name)));
    writeFileSync(join(scratch, 'captured-figures.json'), JSON.stringify(capturedFigures, null, 1));
    console.info(`the services' SQL per figure: ${join(scratch, 'captured-figures.json')}`);
    for (const figure of figures) {
      console.info(`  ${figure.name}: ${capturedFigures[figure.name].statements.length} statement(s)${REPLAYED.has(figure.name) ? ' (replayed by the baseline)' : ''}`);
    }
    // The session check's answer: the baseline answers it from memory, as the services do from their session cache.
    const sessionAnswer = capturedAnswers.get('session_check') ?? (await apiText('POST', '/api/accounts/auth', token));

    if (postgres) {
      // The time inside PostgreSQL of every SELECT the lists, searches and counts ran (EXPLAIN ANALYZE):
      // the searches' plans whole, the others' scans.
      const explained = await explainFigures(databaseUrl, capturedFigures, (name) => /page|search|count|by_id/.test(name) && !name.endsWith('_alone'));
      console.info('\n## In the database (EXPLAIN ANALYZE, warm)');
      for (const e of explained) {
        const whole = e.figure.startsWith('search');
        const lines = whole ? e.plan : e.plan.filter((line) => /Scan|Execution Time/.test(line)).map((line) => line.trim());
        console.info(`${e.figure}: ${e.executionMs.toFixed(2)} ms  ${e.sql.replace(/\s+/g, ' ').slice(0, whole ? 2000 : 160)}`);
        for (const line of lines) console.info(`    ${line.replace(/\s+\(cost=[^)]*\)/, '').slice(0, 220)}`);
      }
    }

    if (postgres) {
      const optionsFile = join(scratch, 'baseline-options.json');
      writeFileSync(optionsFile, JSON.stringify({ port: baselinePort, databaseUrl, jwtSecret, figures: baselineFigures, sessionAnswer } satisfies BaselineOptions));
      baseline = fork(join(root, 'bench', 'baseline.ts'), [optionsFile], { execArgv: [...cpuProfile, '--import', 'tsx'], stdio: 'inherit' });
      await waitFor(`${bare}/b/none`, baseline);
      // The same answer: each figure the baseline answers by hand must be the API's answer, byte for byte.
      const differ: string[] = [];
      for (const figure of figures.filter((f) => !REPLAYED.has(f.name))) {
        const [ours, theirs] = await Promise.all(
          [api, bare].map(async (base) => {
            const answer = await fetch(`${base}${figure.path}`, { method: figure.method, headers: { authorization: `Bearer ${token}` } });
            return `${answer.status} ${await answer.text()}`;
          }),
        );
        if (ours !== theirs) {
          const at = [...ours].findIndex((ch, i) => ch !== theirs[i]);
          differ.push(`${figure.name}: the API answered ${ours.length} characters, the baseline ${theirs.length}; first difference at ${at}: API …${ours.slice(Math.max(0, at - 60), at + 60)}… baseline …${theirs.slice(Math.max(0, at - 60), at + 60)}…`);
        }
      }
      if (differ.length > 0) throw new Error(`the baseline does not answer what the API answers:\n${differ.join('\n')}`);
      console.info(`\nsame answers: the baseline's and the API's bodies are equal, byte for byte, for ${figures.filter((f) => !REPLAYED.has(f.name)).length} figure(s)`);

      // The audited baseline: the same answers, and one audit row stored for each read.
      const auditedOptions = join(scratch, 'audited-baseline-options.json');
      writeFileSync(auditedOptions, JSON.stringify({ port: auditedPort, databaseUrl, jwtSecret, figures: {}, sessionAnswer, auditReads: true } satisfies BaselineOptions));
      auditedBaseline = fork(join(root, 'bench', 'baseline.ts'), [auditedOptions], { execArgv: [...cpuProfile, '--import', 'tsx'], stdio: 'inherit' });
      await waitFor(`${audited}/b/none`, auditedBaseline);
      await checkAuditedBaseline(figures.filter(isAuditedRead), token);
    }
    const baselineRssBefore = rssMb(baseline?.pid);

    const auth = { authorization: `Bearer ${token}` };
    printHeader();
    for (const figure of figures) {
      const apiRequest: Partial<autocannon.Request> = figure.api ?? {
        method: figure.method,
        path: figure.path,
        ...(figure.body ? { body: JSON.stringify(figure.body()), headers: { 'content-type': 'application/json' } } : {}),
      };
      const bareRequest: Partial<autocannon.Request> = figure.baseline ?? {
        method: REPLAYED.has(figure.name) ? 'POST' : figure.method,
        path: REPLAYED.has(figure.name) ? `/b/${figure.name}` : figure.path,
        ...(figure.body ? { body: JSON.stringify(figure.body()), headers: { 'content-type': 'application/json' } } : {}),
      };
      const apiRuns: Measured[] = [];
      const bareRuns: Measured[] = [];
      const auditedRuns: Measured[] = [];
      const withAudited = auditedBaseline !== null && isAuditedRead(figure);
      const loads: number[] = [];
      // Rounds interleaved: API, baseline, API, baseline, ... (the load average read before each).
      for (let round = 0; round < rounds; round += 1) {
        loads.push(loadavg()[0]);
        apiRuns.push(await load(api, figure, apiRequest, auth, server.pid));
        if (baseline) bareRuns.push(await load(bare, figure, bareRequest, auth, baseline.pid));
        if (withAudited) auditedRuns.push(await load(audited, figure, bareRequest, auth, auditedBaseline?.pid));
      }
      const [apiMeasured, bareMeasured] = [combine(apiRuns), bareRuns.length ? combine(bareRuns) : null];
      const loadText = `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`;
      printRow(figure.label, apiMeasured, bareMeasured, loadText);
      measuredFigures.push({ figure, api: apiMeasured, bare: bareMeasured, audited: auditedRuns.length ? combine(auditedRuns) : null, load: loadText });
    }
    printAudited(measuredFigures);
    printGoals(measuredFigures);
    printCpu(measuredFigures);
    if (refusals.length > 0) console.info(`\nnon-2xx answers by status:\n${refusals.map((r) => `- ${r}`).join('\n')}`);
    for (const [key, body] of firstRefusal) console.info(`- first save answer ${key}: ${body}`);
    const rssAfter = rssMb(server.pid);
    console.info(
      `\nserver RSS: ${rssBefore?.toFixed(0)} MB before, ${rssAfter?.toFixed(0)} MB after` +
        (baseline ? `; baseline RSS: ${baselineRssBefore?.toFixed(0)} MB before, ${rssMb(baseline.pid)?.toFixed(0)} MB after` : ''),
    );
    console.info(`c=${connections} unless stated (one user alone c=1, save c=10 at a fixed rate, sign-in c=2); ${rounds} round(s) of ${duration} s each, interleaved (API, baseline, API, baseline, ...).`);

    // The Reports helper's and the Platform helper's parts, when they are there.
    const reportsFile = join(root, 'bench', 'reports.ts');
    if (existsSync(reportsFile)) {
      const reports = (await import(pathToFileURL(reportsFile).href)) as {
        runReportsBench?: (o: { baseUrl: string; token: string; calls?: number }) => Promise<unknown>;
      };
      console.info('\n## Reports');
      await reports.runReportsBench?.({ baseUrl: api, token, calls: quick ? 5 : 50 });
    }
    const firstLoadFile = join(root, 'bench', 'first-load.ts');
    if (!quick && existsSync(firstLoadFile)) {
      const firstLoad = (await import(pathToFileURL(firstLoadFile).href)) as {
        measureFirstLoad?: (baseUrl: string, username: string, password: string) => Promise<Array<{ wire: number; phase: string }>>;
      };
      console.info('\n## First load (Chromium)');
      try {
        const loads = (await firstLoad.measureFirstLoad?.(api, 'admin', adminPassword)) ?? [];
        const kb = (phase?: string) => (loads.filter((l) => !phase || l.phase === phase).reduce((t, l) => t + l.wire, 0) / 1024).toFixed(1);
        console.info(`JavaScript on the wire: login page ${kb('login')} KB, then to the patients list ${kb('patients')} KB, in all ${kb()} KB`);
      } catch (error) {
        console.info(`first load not measured: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (postgres && !only) await national();
    else if (!postgres) console.info('\nnational census: not measured on embedded PGlite (its baseline and its data are PostgreSQL)');
  } finally {
    baseline?.kill('SIGTERM');
    auditedBaseline?.kill('SIGTERM');
    server.kill('SIGTERM');
    // A hub's server stops its job queue first (up to 10 s): wait for it, then make sure, so no server
    // is left holding the port for the next run.
    const deadline = Date.now() + 15_000;
    while (server.exitCode === null && server.signalCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
    rmSync(benchDist, { recursive: true, force: true });
  }
}

await main();
