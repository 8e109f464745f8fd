// Starts the platform the way `npm start` does (on its own port and a fresh data folder),
// waits until it answers, runs every browser flow file against it in Debian's Chromium, and stops it.
// A file that fails gets one more run on a fresh platform; see main().
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const port = Number(process.env.E2E_PORT ?? 8181);
const baseUrl = `http://127.0.0.1:${port}`;
const adminPassword = 'E2e-Census-Passw0rd-2026';

async function waitForHealth(server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the platform exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the platform did not answer on ${baseUrl} within ${timeoutMs / 1000} s`);
}

interface Platform {
  server: ChildProcess;
  dataDir: string;
}

const remotesFile = (dataDir: string) => join(dataDir, 'remotes.json');

/**
 * The platform as `npm start` starts it, on its own port and a fresh data folder, serving a copy of
 * remotes.json from that folder: a flow may move a module by editing it (as an operator would)
 * without touching the repository's file.
 */
async function startPlatform(): Promise<Platform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pnss-e2e-'));
  copyFileSync(join(root, 'remotes.json'), remotesFile(dataDir));
  const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: adminPassword,
      DATABASE_URL: '',
      REMOTES_FILE: remotesFile(dataDir),
      // Every flow comes from 127.0.0.1: the limiter is not what these flows test.
      RATE_LIMIT_PER_MINUTE: '1000000',
    },
  });
  await waitForHealth(server, 600_000);
  return { server, dataDir };
}

async function stopPlatform({ server, dataDir }: Platform): Promise<void> {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * One flow file in its own test process; true when every flow in it passed. The `source` condition
 * makes `@pnss/libs/...` resolve to the libs' TypeScript (tsx compiles it): the flows use its test
 * fixtures (`@pnss/libs/testing`), which are never built.
 */
function runFlowFile(file: string, platform: Platform): boolean {
  const result = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', '--test', '--test-concurrency=1', file], {
    cwd: here,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_ADMIN_USERNAME: 'admin',
      E2E_ADMIN_PASSWORD: adminPassword,
      E2E_REMOTES_FILE: remotesFile(platform.dataDir),
    },
  });
  return result.status === 0;
}

/**
 * Every flow file runs once against one platform. A file that fails is run once more, on a fresh
 * platform (new data folder, so flows that count what they created count from zero). A file that
 * fails twice fails the run. A file that passes the second time is named as FLAKY at the end, with its
 * first failure above in the log (each failure says what the user saw and leaves a screenshot).
 */
async function main(): Promise<number> {
  const only = process.argv.slice(2);
  const flows = only.length > 0
    ? only
    : readdirSync(join(here, 'flows')).filter((f) => f.endsWith('.e2e.ts')).sort().map((f) => join('flows', f));
  console.info(`Browser flows on Node.js ${process.version}: ${flows.length} file(s)`);
  let platform = await startPlatform();
  try {
    const failed = flows.filter((file) => !runFlowFile(file, platform));
    if (failed.length === 0) return 0;
    console.error(`\n== ${failed.length} flow file(s) failed: ${failed.join(', ')}. Once more, on a fresh platform:`);
    await stopPlatform(platform);
    platform = await startPlatform();
    const failedTwice = failed.filter((file) => !runFlowFile(file, platform));
    const flaky = failed.filter((file) => !failedTwice.includes(file));
    for (const file of flaky) console.error(`FLAKY: ${file} failed once and passed on a fresh platform (its first failure is above)`);
    for (const file of failedTwice) console.error(`FAILED: ${file} failed twice`);
    return failedTwice.length === 0 ? 0 : 1;
  } finally {
    await stopPlatform(platform);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
