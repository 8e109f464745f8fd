// First load: the JavaScript a browser downloads from opening the login page to the patients list,
// measured in Chromium as bytes on the wire (encoded body sizes of script responses, so brotli or
// gzip counts as sent). Issue 12's goal is at most 500 KB.
//
//   node --import tsx bench/first-load.ts                      (starts the platform on a free data folder)
//   node --import tsx bench/first-load.ts --url http://127.0.0.1:8181 --user admin --password ...
//
// Prints one line per script (wire bytes, decoded bytes, encoding) and the totals; exits 1 when
// the total is over --budget KB (default 500), so CI can keep it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Response } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const budgetKb = Number(option('budget') ?? 500);

interface ScriptLoad {
  url: string;
  wire: number;
  decoded: number;
  encoding: string;
  phase: 'login' | 'patients';
}

async function waitForHealth(baseUrl: string, server: ChildProcess | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`the platform exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the platform did not answer on ${baseUrl}`);
}

async function startPlatform(port: number, password: string): Promise<{ server: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pnss-first-load-'));
  const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: password, DATABASE_URL: '', RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  return { server, dataDir };
}

export async function measureFirstLoad(baseUrl: string, username: string, password: string): Promise<ScriptLoad[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    // A fresh context: an empty cache, as on a first visit.
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const pending: Array<Promise<ScriptLoad | null>> = [];
    let phase: ScriptLoad['phase'] = 'login';
    page.on('response', (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      const at = phase;
      pending.push(
        (async () => {
          await response.finished();
          const sizes = await response.request().sizes();
          const headers = await response.allHeaders();
          const body = await response.body().catch(() => Buffer.alloc(0));
          return { url: response.url(), wire: sizes.responseBodySize, decoded: body.length, encoding: headers['content-encoding'] ?? 'none', phase: at };
        })().catch(() => null),
      );
    });
    await page.goto('/#/account/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    phase = 'patients';
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Patients' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    return (await Promise.all(pending)).filter((load): load is ScriptLoad => load !== null);
  } finally {
    await browser.close();
  }
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main(): Promise<number> {
  let baseUrl = option('url');
  let started: { server: ChildProcess; dataDir: string } | null = null;
  let username = option('user') ?? 'admin';
  let password = option('password') ?? process.env.FIRST_LOAD_PASSWORD ?? '';
  if (!baseUrl) {
    const port = Number(option('port') ?? process.env.FIRST_LOAD_PORT ?? 8199);
    username = 'admin';
    password = 'First-Load-Passw0rd-2026';
    started = await startPlatform(port, password);
    baseUrl = `http://127.0.0.1:${port}`;
  }
  try {
    await waitForHealth(baseUrl, started?.server ?? null, 600_000);
    const loads = await measureFirstLoad(baseUrl, username, password);
    const path = (url: string) => new URL(url).pathname;
    for (const load of loads) {
      console.info(`${load.phase.padEnd(8)} ${kb(load.wire).padStart(10)} on the wire ${kb(load.decoded).padStart(10)} decoded  ${load.encoding.padEnd(5)} ${path(load.url)}`);
    }
    const sum = (phase?: ScriptLoad['phase']) => loads.filter((load) => !phase || load.phase === phase).reduce((total, load) => total + load.wire, 0);
    const decoded = loads.reduce((total, load) => total + load.decoded, 0);
    console.info(`login page: ${kb(sum('login'))}; then to the patients list: ${kb(sum('patients'))}`);
    console.info(`first load: ${kb(sum())} of JavaScript transferred (${kb(decoded)} decoded) in ${loads.length} scripts; budget ${budgetKb} KB`);
    return sum() <= budgetKb * 1024 ? 0 : 1;
  } finally {
    if (started) {
      started.server.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      rmSync(started.dataDir, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
