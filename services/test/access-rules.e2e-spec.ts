import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import { isPermissionName, routeAccess, type RouteAccess } from '@pnss/libs/permissions';
import { type TestApp, createTestApp } from './support/test-app.js';

interface RouteRule {
  route: string;
  /** The route's entry in libs' ROUTE_PERMISSIONS: what the guard enforces. */
  rule: RouteAccess | undefined;
}

/**
 * Only these may be called without a token: sign-in, the version check and health (the docs are not
 * Nest routes), plus two whose credential is not a session: the hub's upload (the department's API
 * key) and a census package's one-time download link.
 */
const PUBLIC_ROUTES = ['POST accounts/login', 'GET checkupdate', 'GET health', 'POST hub/packages', 'GET submissions/download/:id', 'GET hub/standing'];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'ALL', 'OPTIONS', 'HEAD', 'SEARCH'];

describe('every route states who may call it', () => {
  let t: TestApp;
  let routes: RouteRule[];

  beforeAll(async () => {
    t = await createTestApp();
    // Built here rather than injected: the app does not import DiscoveryModule for this test alone.
    const discovery = new DiscoveryService(t.app.get(ModulesContainer));
    const scanner = new MetadataScanner();
    routes = [];
    for (const wrapper of discovery.getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as (...args: unknown[]) => unknown;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as number | undefined;
        if (path === undefined || method === undefined) continue;
        const full = [base, path].filter((p) => p && p !== '/').join('/');
        const route = `${METHODS[method]} ${full}`;
        routes.push({ route, rule: routeAccess(`${METHODS[method]} /${full}`) });
      }
    }
  });
  afterAll(() => t?.close());

  it('finds the routes of every controller', () => {
    expect(routes.length).toBeGreaterThanOrEqual(18);
    expect(routes.map((r) => r.route)).toEqual(expect.arrayContaining(['POST accounts/login', 'PUT roles', 'GET audit']));
  });

  it('has an entry in the route table (public, signed-in or named permissions) for each route', () => {
    const missing = routes.filter((r) => !r.rule).map((r) => r.route);
    expect(missing).toEqual([]);
  });

  it('names only permissions of the catalogue', () => {
    const unknown = routes.flatMap((r) =>
      r.rule?.kind === 'permissions' ? r.rule.permissions.filter((p) => !isPermissionName(p)).map((p) => `${r.route}: ${p}`) : [],
    );
    expect(unknown).toEqual([]);
  });

  it('makes public only sign-in, the version check and health', () => {
    const publicRoutes = routes.filter((r) => r.rule?.kind === 'public').map((r) => r.route);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });
});
