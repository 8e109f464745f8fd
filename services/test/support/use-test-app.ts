import type { Test } from 'supertest';
import { type SignedIn, type TestApp, type TestAppOptions, createTestApp } from './test-app.js';

/**
 * The preamble of an API test file, once: a fresh app started before the file's tests, the admin
 * signed in, the app closed after them, and GET/POST/PUT helpers that send the admin's token (or
 * another user's, as the last argument). Call it at the top of a `describe`:
 *
 *   const { t, admin, get, post } = useTestApp();
 *
 * `t` and `admin` stand for the app and the admin started in that `beforeAll`: read them inside
 * tests and hooks declared after this call (hooks run in the order they are declared).
 */

export interface UseTestAppOptions {
  /** The beforeAll's time limit in ms, for files whose start-up does more (Jest's default otherwise). */
  timeout?: number;
  app?: TestAppOptions;
}

export interface TestAppWithAdmin {
  t: TestApp;
  admin: SignedIn;
  get(path: string, as?: SignedIn): Test;
  post(path: string, body: object, as?: SignedIn): Test;
  put(path: string, body?: object, as?: SignedIn): Test;
}

export function useTestApp(options: UseTestAppOptions = {}): TestAppWithAdmin {
  let started: { app: TestApp; admin: SignedIn } | undefined;
  const current = () => {
    if (!started) throw new Error('useTestApp: the app is started in beforeAll; use it inside a test or a later hook');
    return started;
  };

  beforeAll(async () => {
    const app = await createTestApp(options.app);
    started = { app, admin: await app.signInAsAdmin() };
  }, options.timeout);
  afterAll(() => started?.app.close());

  const t: TestApp = {
    get app() { return current().app.app; },
    get config() { return current().app.config; },
    get http() { return current().app.http; },
    get database() { return current().app.database; },
    signInAsAdmin: () => current().app.signInAsAdmin(),
    createUserWithRole: (roleOrPermissions, userOptions) => current().app.createUserWithRole(roleOrPermissions, userOptions),
    signIn: (username, password) => current().app.signIn(username, password),
    close: () => current().app.close(),
  };
  const admin: SignedIn = {
    get token() { return current().admin.token; },
    get authorization() { return current().admin.authorization; },
    get user() { return current().admin.user; },
  };

  return {
    t,
    admin,
    get: (path, as = admin) => t.http.get(path).set('Authorization', as.authorization),
    post: (path, body, as = admin) => t.http.post(path).set('Authorization', as.authorization).send(body),
    put: (path, body = {}, as = admin) => t.http.put(path).set('Authorization', as.authorization).send(body),
  };
}
