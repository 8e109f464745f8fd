// `npm run bench`: bundle sizes of every front-end build, and API latency and throughput on a
// platform started on its own port and data folder. Every loop is bounded in count and time and
// talks only to 127.0.0.1.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 8191);
const base = `http://127.0.0.1:${port}`;
const adminPassword = 'Bench-Census-Passw0rd-2026';

function bundleSizes(): void {
  console.info('\n## Bundle sizes (gzip)');
  for (const pkg of ['shell', 'mfe-cases', 'mfe-submissions', 'mfe-reports', 'mfe-admin']) {
    const dist = join(root, pkg, 'dist');
    if (!existsSync(dist)) {
      console.info(`${pkg}: not built`);
      continue;
    }
    let total = 0;
    let entry = 0;
    for (const file of readdirSync(dist)) {
      if (!file.endsWith('.js')) continue;
      const path = join(dist, file);
      if (!statSync(path).isFile()) continue;
      const gz = gzipSync(readFileSync(path)).length;
      total += gz;
      if (file === 'remoteEntry.js' || file === 'main.js') entry = gz;
    }
    console.info(`${pkg}: entry ${(entry / 1024).toFixed(1)} KB, all chunks ${(total / 1024).toFixed(1)} KB`);
  }
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('the platform exited');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the platform did not start');
}

interface LoadResult {
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** Sends `total` requests with `concurrency` in flight at once; stops early after `maxSeconds`. */
async function load(
  request: () => Promise<Response>,
  total: number,
  concurrency: number,
  maxSeconds = 60,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + maxSeconds * 1000;
  async function worker(): Promise<void> {
    while (sent < total && performance.now() < deadline) {
      sent += 1;
      const t0 = performance.now();
      try {
        const response = await request();
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors };
}

function report(name: string, r: LoadResult): void {
  console.info(
    `${name}: ${r.requests} requests in ${r.seconds.toFixed(1)} s = ${(r.requests / r.seconds).toFixed(0)} req/s; ` +
      `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; errors ${r.errors}`,
  );
}

const SEEDED_PATIENTS = Number(process.env.BENCH_PATIENTS ?? 3000);

/** Seeds patients with one case each through the API, then reads the paged lists, searches and counts. */
async function casesBench(auth: Record<string, string>): Promise<void> {
  const headers = { ...auth, 'content-type': 'application/json' };
  const today = new Date();
  let made = 0;
  const seeded = await load(async () => {
    made += 1;
    const n = made;
    const birth = new Date(Date.UTC(1970 + (n % 30), n % 12, 1 + (n % 28))).toISOString().slice(0, 10);
    const patient = await fetch(`${base}/api/patients`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ firstName: `Bench${n}`, lastName: `Patient${n % 500}`, birthDate: birth }),
    });
    if (!patient.ok) return patient;
    const { _id } = (await patient.json()) as { _id: string };
    const admission = new Date(today.getTime() - (n % 300) * 86_400_000).toISOString().slice(0, 10);
    return fetch(`${base}/api/patients/${_id}/cases`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ caseNum: `BENCH-${n}`, caseFormType: n % 3 === 0 ? 2 : 1, admissionDate: admission }),
    });
  }, SEEDED_PATIENTS, 8, 300);
  report(`seed: patient + case pairs written (c=8)`, seeded);
  report('patients page GET /api/patients?page=5 (c=10)', await load(
    () => fetch(`${base}/api/patients?page=5`, { headers: auth }), 500, 10));
  report('patients search GET /api/patients?search=patient42 (c=10)', await load(
    () => fetch(`${base}/api/patients?search=patient42`, { headers: auth }), 500, 10));
  report('admitted patients GET /api/patients?tag=admitted (c=10)', await load(
    () => fetch(`${base}/api/patients?tag=admitted`, { headers: auth }), 500, 10));
  report('cases page GET /api/patientcases?page=3 (c=10)', await load(
    () => fetch(`${base}/api/patientcases?page=3`, { headers: auth }), 500, 10));
  report('case number search GET /api/patientcases?search=BENCH-77 (c=10)', await load(
    () => fetch(`${base}/api/patientcases?search=BENCH-77`, { headers: auth }), 500, 10));
  report('counts GET /api/patients/allcases/count (c=10)', await load(
    () => fetch(`${base}/api/patients/allcases/count`, { headers: auth }), 500, 10));
}

async function apiBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pnss-bench-'));
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
  const server = spawn(process.execPath, [join(root, 'services', 'dist', 'main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword,
      // BENCH_DATABASE_URL runs the same load on a PostgreSQL server instead of embedded PGlite.
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' },
  });
  try {
    await waitForHealth(server);
    console.info(`\n## API on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'} (${base})`);
    const login = await fetch(`${base}/api/accounts/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: adminPassword }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    report('session check POST /api/accounts/auth (c=20)', await load(
      () => fetch(`${base}/api/accounts/auth`, { method: 'POST', headers: auth }), 2000, 20));
    report('reference list GET /api/categories (c=20)', await load(
      () => fetch(`${base}/api/categories`, { headers: auth }), 2000, 20));
    report('users page GET /api/accounts (c=20)', await load(
      () => fetch(`${base}/api/accounts`, { headers: auth }), 2000, 20));
    await casesBench(auth);
    const memory = readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    if (memory) console.info(`server RSS after the runs ${(Number(memory[1]) / 1024).toFixed(0)} MB`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

bundleSizes();
await apiBench();
