// Starts the platform the way `npm start` does (on its own port and a fresh data folder),
// waits until it answers, runs every browser flow against it in Debian's Chromium, and stops it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const port = Number(process.env.E2E_PORT ?? 8181);
const baseUrl = `http://127.0.0.1:${port}`;
const adminPassword = 'E2e-Census-Passw0rd-2026';
const dataDir = mkdtempSync(join(tmpdir(), 'pnss-e2e-'));

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

async function main(): Promise<number> {
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
    },
  });
  try {
    await waitForHealth(server, 600_000);
    const only = process.argv.slice(2);
    const flows = only.length > 0
      ? only
      : readdirSync(join(here, 'flows')).filter((f) => f.endsWith('.e2e.ts')).sort().map((f) => join('flows', f));
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-concurrency=1', ...flows],
      {
        cwd: here,
        stdio: 'inherit',
        env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_ADMIN_USERNAME: 'admin', E2E_ADMIN_PASSWORD: adminPassword },
      },
    );
    return result.status ?? 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
