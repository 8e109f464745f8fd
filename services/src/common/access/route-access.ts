import { type RouteAccess, routeAccess } from '@pnss/libs/permissions';
import type { FastifyRequest } from 'fastify';

/** Routes are declared under this prefix (create-app's setGlobalPrefix); the table's keys leave it out. */
export const ROUTE_TABLE_PREFIX = '/api';

/** `'GET /patients/:patientid'` for a request Fastify matched to `/api/patients/:patientid`; null when unmatched. */
export function routeKeyOf(request: Pick<FastifyRequest, 'method' | 'routeOptions'>): string | null {
  const url = request.routeOptions?.url;
  if (!url) return null;
  const path = url.startsWith(`${ROUTE_TABLE_PREFIX}/`) || url === ROUTE_TABLE_PREFIX ? url.slice(ROUTE_TABLE_PREFIX.length) || '/' : url;
  const method = request.method.toUpperCase() === 'HEAD' ? 'GET' : request.method.toUpperCase();
  return `${method} ${path.length > 1 ? path.replace(/\/$/, '') : path}`;
}

/**
 * Looked up once per route pattern, not per request (the guard and the answer-scope hook both
 * ask): keyed by method and Fastify's route pattern, so it holds one entry per declared route.
 */
const accessByRoute = new Map<string, RouteAccess | undefined>();

/** The matched route's rule in libs' ROUTE_PERMISSIONS, the one table of who may call what. */
export function routeAccessOf(request: Pick<FastifyRequest, 'method' | 'routeOptions'>): RouteAccess | undefined {
  const url = request.routeOptions?.url;
  if (!url) return undefined;
  const memo = `${request.method} ${url}`;
  if (accessByRoute.has(memo)) return accessByRoute.get(memo);
  const key = routeKeyOf(request);
  const access = key ? routeAccess(key) : undefined;
  accessByRoute.set(memo, access);
  return access;
}
