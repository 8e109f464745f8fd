// The census path needs two platforms side by side (ARCHITECTURE.md "The society's hub"): the
// society's hub and a department that submits to it. A flow run with HUB_ENABLED=true (as
// `E2E_PORT=8214 HUB_ENABLED=true node --import tsx run.ts flows/submissions.e2e.ts`) uses the
// platform run.ts started as the hub; otherwise a hub is started here on E2E_HUB_PORT (default: the flow's port + 33). The department is
// started here once the hub has issued its key, since SOCIETY_API_KEY is read at start-up.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, BASE_URL } from './platform.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Platform {
  url: string;
  admin: { username: string; password: string };
  stop: () => Promise<void>;
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the platform on ${url} exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the platform did not answer on ${url} within ${timeoutMs / 1000} s`);
}

/** Runs the built services (as `npm start` does once built) on `port` with a fresh data folder. */
export async function startPlatform(port: number, env: Record<string, string>): Promise<Platform> {
  const dataDir = mkdtempSync(join(tmpdir(), `pnss-e2e-${port}-`));
  const admin = { username: 'admin', password: `E2e-${port}-Census-Passw0rd` };
  const main = join(root, 'services', 'dist', 'main.js');
  // Another engineer's build may be rewriting services/dist on this shared machine: wait for it.
  for (let waited = 0; !existsSync(main) && waited < 300; waited += 2) await new Promise((resolve) => setTimeout(resolve, 2000));
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const server = spawn(process.execPath, [main], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      DATABASE_URL: '',
      // Every flow comes from 127.0.0.1: the limiter is not what these flows test.
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, server, 300_000);
  return {
    url,
    admin,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signInToken(url: string, admin: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!response.ok) throw new Error(`sign-in on ${url} failed with ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Ports of the platforms a flow starts beside the one run.ts started: E2E_HUB_PORT and
 * E2E_DEPARTMENT_PORT, else the flow platform's port + 33 and + 23, so that two runs on one
 * machine (each with its own E2E_PORT) never meet on a port.
 */
const flowPort = Number(new URL(BASE_URL).port || 80);
const HUB_PORT = Number(process.env.E2E_HUB_PORT ?? flowPort + 33);
const DEPARTMENT_PORT = Number(process.env.E2E_DEPARTMENT_PORT ?? flowPort + 23);

/** The hub: the platform run.ts started when it is one, else a new one on HUB_PORT. */
export async function theHub(): Promise<Platform> {
  const token = await signInToken(BASE_URL, ADMIN);
  const probe = await fetch(`${BASE_URL}/api/hub/keys`, { headers: { authorization: `Bearer ${token}` } });
  if (probe.status === 200) return { url: BASE_URL, admin: ADMIN, stop: async () => undefined };
  return startPlatform(HUB_PORT, { HUB_ENABLED: 'true', DEPARTMENT_ID: 'SOCIETY' });
}

/** A department that submits to `hub` with `apiKey`, on 8204 (8224 when run.ts took 8204). */
export function startDepartment(hub: Platform, departmentId: string, apiKey: string): Promise<Platform> {
  return startPlatform(DEPARTMENT_PORT, { SOCIETY_URL: hub.url, SOCIETY_API_KEY: apiKey, DEPARTMENT_ID: departmentId, HUB_ENABLED: 'false' });
}

export async function call<T>(url: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} on ${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
