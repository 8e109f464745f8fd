// Report timings: p95 over 50 calls per view, each with another range, from the request to the
// whole answer, as the browser sees it (one call at a time, as a user clicks).
//
//   node --import tsx bench/reports.ts --base http://127.0.0.1:8205 --username admin --password ...
//   node --import tsx bench/reports.ts --url postgres://postgres@127.0.0.1:5432/pnss_reports [--generate 1000000]
//   node --import tsx bench/reports.ts --pglite /tmp/pnss-bench-data [--generate 100000]
//
// With --url or --pglite it starts the services (services/dist and libs/dist: `npm run build -w libs -w services` first) on that database,
// after writing --generate cases with bench/generate-national.ts when asked. bench/run.ts calls
// runReportsBench() with its own running server. Nothing is asserted: the figures are printed.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateNational } from './generate-national.js';

const DAY_MS = 86_400_000;

export interface ReportsBenchOptions {
  /** e.g. http://127.0.0.1:8191 */
  baseUrl: string;
  /** The bare token (without 'Bearer '). */
  token: string;
  /** Calls per view (50). */
  calls?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface ReportsBenchFigure {
  view: string;
  calls: number;
  p50: number;
  p95: number;
  max: number;
  /** Counted cases of the widest range asked, to show what was measured. */
  largestCount: number;
}

interface View {
  name: string;
  request: (range: { from: number; to: number }) => { path: string; init: RequestInit };
  count: (body: unknown) => number;
}

const json = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const tableCount = (body: unknown) => (body as { total: { count: number } }).total.count;
const summaryCount = (body: unknown) => (body as { charts: Array<{ total: number }>; rate?: { deaths: number; alive: number } }).rate
  ? (body as { rate: { deaths: number; alive: number } }).rate.deaths + (body as { rate: { deaths: number; alive: number } }).rate.alive
  : Math.max(...(body as { charts: Array<{ total: number }> }).charts.map((c) => c.total));

const VIEWS: readonly View[] = [
  { name: 'summary maternalMortality', request: (r) => ({ path: `/api/reports/summary/maternalMortality?from=${r.from}&to=${r.to}`, init: {} }), count: summaryCount },
  { name: 'summary obreport', request: (r) => ({ path: `/api/reports/summary/obreport?from=${r.from}&to=${r.to}`, init: {} }), count: summaryCount },
  { name: 'table MotherCondition x AOG', request: (r) => ({ path: '/api/reports/table', init: json({ category: 'MotherCondition', cross: 'AOG', ...r }) }), count: tableCount },
  { name: 'table PregnancyType x deliverymanner', request: (r) => ({ path: '/api/reports/table', init: json({ category: 'PregnancyType', cross: 'deliverymanner', ...r }) }), count: tableCount },
  { name: 'table csindication x MotherCondition', request: (r) => ({ path: '/api/reports/table', init: json({ category: 'csindication', cross: 'MotherCondition', ...r }) }), count: tableCount },
  { name: 'table AgeGroup (no cross)', request: (r) => ({ path: '/api/reports/table', init: json({ category: 'AgeGroup', ...r }) }), count: tableCount },
  { name: 'table DeathTiming x DirectMaternalDeath', request: (r) => ({ path: '/api/reports/table', init: json({ category: 'DeathTiming', cross: 'DirectMaternalDeath', ...r }) }), count: tableCount },
  { name: 'robson', request: (r) => ({ path: `/api/reports/robson?from=${r.from}&to=${r.to}`, init: {} }), count: (body) => (body as { total: { women: number } }).total.women },
  { name: 'categories MotherCondition?cross=PregnancyType', request: (r) => ({ path: `/api/categories/MotherCondition?cross=PregnancyType&from=${r.from}&to=${r.to}`, init: {} }), count: tableCount },
];

/** Ranges within the last year: a month to the whole year, every length and start, always including the full year once. */
function ranges(count: number, seed: number): Array<{ from: number; to: number }> {
  let a = seed >>> 0;
  const random = () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 4294967296;
  };
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const out = [{ from: today - 364 * DAY_MS, to: today }];
  while (out.length < count) {
    const days = 30 + Math.floor(random() * 335);
    const end = today - Math.floor(random() * (365 - days)) * DAY_MS;
    out.push({ from: end - (days - 1) * DAY_MS, to: end });
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function runReportsBench(options: ReportsBenchOptions): Promise<ReportsBenchFigure[]> {
  const calls = options.calls ?? 50;
  const log = options.log ?? ((line: string) => console.info(line));
  const list = ranges(calls, options.seed ?? 11);
  const figures: ReportsBenchFigure[] = [];
  log(`reports: ${calls} calls per view, ranges of 30 to 365 days in the last year`);
  log(`${'view'.padEnd(48)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'cases (year)'.padStart(13)}`);
  for (const view of VIEWS) {
    const call = async (range: { from: number; to: number }) => {
      const { path, init } = view.request(range);
      const started = performance.now();
      const response = await fetch(`${options.baseUrl}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${options.token}` },
      });
      const body = (await response.json()) as unknown;
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`${view.name}: ${response.status} ${JSON.stringify(body)}`);
      return { ms, body };
    };
    await call(list[1] ?? list[0]); // warm-up, not counted
    const times: number[] = [];
    let largestCount = 0;
    for (const [i, range] of list.entries()) {
      const { ms, body } = await call(range);
      times.push(ms);
      if (i === 0) largestCount = view.count(body);
    }
    times.sort((x, y) => x - y);
    const figure = { view: view.name, calls, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], largestCount };
    figures.push(figure);
    log(`${view.name.padEnd(48)} ${figure.p50.toFixed(0).padStart(8)} ${figure.p95.toFixed(0).padStart(8)} ${figure.max.toFixed(0).padStart(8)} ${String(largestCount).padStart(13)}`);
  }
  return figures;
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/accounts/login`, { ...json({ username, password }) });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function main(): Promise<void> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const base = argument('base');
  const calls = Number(argument('calls') ?? 50);
  if (base) {
    const token = await signIn(base, argument('username') ?? 'admin', argument('password') ?? process.env.ADMIN_PASSWORD ?? '');
    await runReportsBench({ baseUrl: base, token, calls });
    return;
  }
  const url = argument('url') ?? process.env.BENCH_DATABASE_URL;
  const pgliteDir = argument('pglite');
  if (!url && !pgliteDir) {
    console.error('usage: reports.ts (--base URL --username U --password P | --url postgres://... | --pglite DATA_DIR) [--generate N] [--calls 50]');
    process.exit(2);
  }
  const dataDir = pgliteDir ?? mkdtempSync(join(tmpdir(), 'pnss-reports-bench-'));
  mkdirSync(join(dataDir, 'pglite'), { recursive: true });
  const generate = argument('generate');
  if (generate) {
    await generateNational({ url: url ?? `pglite:${join(dataDir, 'pglite')}`, cases: Number(generate), reset: false, migrate: true });
  }
  const port = Number(process.env.BENCH_REPORTS_PORT ?? 8195);
  const password = 'Bench-Reports-Passw0rd-2026';
  const server = spawn(process.execPath, [join(root, 'services', 'dist', 'main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: password, DATABASE_URL: url ?? '', RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    // A first start on a big database may rebuild the report rollup: give it time.
    const deadline = Date.now() + 1_800_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error('the services exited');
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {
        // not yet listening
      }
      if (Date.now() > deadline) throw new Error('the services did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
    const token = await signIn(baseUrl, 'admin', password);
    await runReportsBench({ baseUrl, token, calls });
  } finally {
    server.kill('SIGTERM');
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
