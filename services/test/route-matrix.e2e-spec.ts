import { createHmac } from 'node:crypto';
import { ROUTE_PERMISSIONS, SEEDED_ROLES, allows, routeAccess, type RouteAccess } from '@pnss/libs/permissions';
import { type TestApp, type TestUser, createTestApp } from './support/test-app.js';

/**
 * Issue 13 "make it stay fixed" and issue 9 item 7: the route x identity matrix, generated from the
 * OpenAPI document. Every route the server documents must have its entry in libs' ROUTE_PERMISSIONS
 * (a new route without one fails here), and every identity gets what the entry says: 401 without a
 * valid session, 403 without the permission, and neither when allowed.
 */

interface DocumentedRoute {
  method: string;
  /** The table's key: `'GET /patients/:patientid'`. */
  key: string;
  /** A concrete URL to call. */
  url: string;
}

const SAMPLE_ID = '0b6b2c4e-6a59-4f3e-9d8e-3f1f0a2b9c7d';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function documentedRoutes(document: { paths: Record<string, Record<string, unknown>> }): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    const tablePath = path.slice('/api'.length).replace(/\{(\w+)\}/g, ':$1');
    const url = path.replace(/\{(\w+)\}/g, SAMPLE_ID);
    for (const method of METHODS) {
      if (operations[method]) routes.push({ method: method.toUpperCase(), key: `${method.toUpperCase()} ${tablePath}`, url });
    }
  }
  // Sign-out revokes the session the next calls use: last.
  return routes.sort((a, b) => Number(a.key === 'POST /accounts/logout') - Number(b.key === 'POST /accounts/logout'));
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A token signed with `secret`, carrying `payload` as is (for expired and exp-less tokens). */
function signToken(payload: Record<string, unknown>, secret: string): string {
  const head = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe('route x identity matrix, generated from the OpenAPI document', () => {
  let t: TestApp;
  let routes: DocumentedRoute[];

  beforeAll(async () => {
    t = await createTestApp();
    const document = (await t.http.get('/api/docs/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    routes = documentedRoutes(document);
  });
  afterAll(() => t?.close());

  const call = (route: DocumentedRoute, authorization: string | null) => {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const request = t.http[method](route.url);
    if (authorization) void request.set('Authorization', authorization);
    return route.method === 'GET' || route.method === 'DELETE' ? request : request.send({});
  };

  it('every documented route has its entry in the route table, and every entry is a documented route', () => {
    const missing = routes.filter((r) => !routeAccess(r.key)).map((r) => r.key);
    expect(missing).toEqual([]);
    const documented = new Set(routes.map((r) => r.key));
    const stale = Object.keys(ROUTE_PERMISSIONS).filter((key) => !documented.has(key));
    expect(stale).toEqual([]);
  });

  it('answers 401 to every protected route without a valid session: no token, forged, expired, without exp, deactivated user', async () => {
    const victim = await t.createUserWithRole('admin');
    const payload = JSON.parse(Buffer.from(victim.token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;
    const { exp: _exp, ...withoutExp } = payload;
    const identities: Record<string, string | null> = {
      'no token': null,
      forged: `Bearer ${signToken(payload, 'not the server secret, but long enough to look real')}`,
      expired: `Bearer ${signToken({ ...payload, exp: Math.floor(Date.now() / 1000) - 60 }, t.config.jwtSecret)}`,
      'without exp': `Bearer ${signToken(withoutExp, t.config.jwtSecret)}`,
      garbage: 'Bearer not.a.token',
    };
    const deactivated = await t.createUserWithRole('admin');
    const admin = await t.signInAsAdmin();
    await t.http.put(`/api/accounts/${deactivated.user._id}`).set('Authorization', admin.authorization).send({ active: false }).expect(200);
    identities.deactivated = deactivated.authorization;

    const wrong: string[] = [];
    for (const route of routes) {
      const access = routeAccess(route.key) as RouteAccess;
      for (const [name, authorization] of Object.entries(identities)) {
        const { status } = await call(route, authorization);
        const ok = access.kind === 'public' ? status !== 401 && status !== 403 : status === 401;
        if (!ok) wrong.push(`${name} ${route.key} -> ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('answers 403 exactly when the role lacks the permissions the table names, for every seeded role and a role with none', async () => {
    // The role's stored permissions decide (a department's session does not mention the hub's, but
    // the guard still lets an administrator through to the hub's own 404 'not the society hub').
    const users: [string, TestUser, readonly string[]][] = [];
    for (const role of SEEDED_ROLES) users.push([role.name, await t.createUserWithRole(role.name), role.rolePermissions]);
    users.push(['no permissions', await t.createUserWithRole([]), []]);
    const wrong: string[] = [];
    for (const [name, user, held] of users) {
      for (const route of routes) {
        const access = routeAccess(route.key) as RouteAccess;
        const { status } = await call(route, user.authorization);
        const expected = allows(access, held) ? 'allowed' : 403;
        const got = status === 403 ? 403 : status === 401 ? 401 : 'allowed';
        if (got !== expected) wrong.push(`${name} ${route.key} -> ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
