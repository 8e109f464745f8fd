import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSIONS } from '@pnss/libs/permissions';
import type { RemotesConfig, SessionUser } from '@pnss/libs/api';
import { makeStore, saveSession } from '@pnss/web';
import { mockApi, type MockRoutes } from '@pnss/web/testing';
import { ShellApp } from './shell-app.js';
import { buildRouteRegistry } from './routing/route-registry.js';
import { DEFAULT_SOCIETY_NAME, DEFAULT_SOCIETY_URL, type ShellConfig } from './config/shell-config.js';

/** The repository's own remotes.json, so the tests check the one list of modules the platform ships. */
export const REMOTES: RemotesConfig = JSON.parse(readFileSync(join(__dirname, '..', '..', 'remotes.json'), 'utf8')) as RemotesConfig;

export const CONFIG: ShellConfig = {
  societyName: DEFAULT_SOCIETY_NAME,
  societyUrl: DEFAULT_SOCIETY_URL,
  census: { email: null, phone: null },
  support: { email: null, phone: null },
};

export const CLINICIAN: SessionUser = {
  _id: 'u-clinician',
  firstname: 'Maria',
  lastname: 'Santos',
  username: 'msantos',
  role: 'clinician',
  permissions: [PERMISSIONS.GET_PATIENTS, PERMISSIONS.GET_ALL_CASE],
};

export const ADMINISTRATOR: SessionUser = {
  ...CLINICIAN,
  _id: 'u-admin',
  username: 'admin',
  role: 'admin',
  permissions: [PERMISSIONS.GET_PATIENTS, PERMISSIONS.GET_ALL_CASE, PERMISSIONS.ACCESS_ADMIN],
};

/** The calls every signed-in screen makes, answered as the services would. */
export function signedInRoutes(user: SessionUser, extra: MockRoutes = {}): MockRoutes {
  return {
    'POST /api/accounts/auth': { body: user },
    'GET /api/checkupdate': { body: { currVersion: '1.4.2', siteVersion: '1.4.2' } },
    'GET /api/categories': { body: [] },
    'POST /api/accounts/logout': { body: { message: 'Signed out' } },
    'GET /api/worklists': { body: { lists: [], total: 0 } },
    ...extra,
  };
}

export async function goTo(hash: string): Promise<void> {
  window.location.hash = hash;
  // jsdom announces the hash change in a later task.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Renders the whole shell at a hash route, signed in as `user` (or signed out when null). */
export async function renderShell(hash: string, user: SessionUser | null, routes: MockRoutes = {}) {
  if (user) saveSession('t0k3n', user);
  const server = mockApi(user ? signedInRoutes(user, routes) : routes);
  await goTo(hash);
  const store = makeStore();
  const view = render(<ShellApp store={store} registry={buildRouteRegistry(REMOTES)} config={CONFIG} />);
  return { ...view, store, server, user: userEvent.setup({ delay: null }) };
}
