import { type RouteAccess, routeAccess } from '@pnss/libs/permissions';
import type { FastifyRequest } from 'fastify';

/** Routes are declared under this prefix (create-app's setGlobalPrefix); the table's keys leave it out. */
export const ROUTE_TABLE_PREFIX = '/api';

/** `'GET /patients/:patientid'` for the method and the Fastify route pattern `/api/patients/:patientid`. */
export function routeKeyFor(method: string, url: string): string {
  const path = url.startsWith(`${ROUTE_TABLE_PREFIX}/`) || url === ROUTE_TABLE_PREFIX ? url.slice(ROUTE_TABLE_PREFIX.length) || '/' : url;
  const upper = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return `${upper} ${path.length > 1 ? path.replace(/\/$/, '') : path}`;
}

/** The rule in libs' ROUTE_PERMISSIONS, the one table of who may call what, of a method and route pattern. */
export function routeAccessFor(method: string, url: string): RouteAccess | undefined {
  return routeAccess(routeKeyFor(method, url));
}

/**
 * Looked up once per route pattern and method, not per request: keyed by Fastify's route pattern,
 * then the method (two lookups of strings that already exist, no key built per request).
 */
const accessByRoute = new Map<string, Map<string, RouteAccess | null>>();

/** The matched route's rule in libs' ROUTE_PERMISSIONS; undefined when unmatched or not in the table. */
export function routeAccessOf(request: Pick<FastifyRequest, 'method' | 'routeOptions'>): RouteAccess | undefined {
  const url = request.routeOptions?.url;
  if (!url) return undefined;
  let byMethod = accessByRoute.get(url);
  if (!byMethod) {
    byMethod = new Map();
    accessByRoute.set(url, byMethod);
  }
  const method = request.method;
  let access = byMethod.get(method);
  if (access === undefined) {
    access = routeAccessFor(method, url) ?? null;
    byMethod.set(method, access);
  }
  return access ?? undefined;
}
