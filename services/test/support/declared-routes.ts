import type { FastifyInstance, RouteOptions } from 'fastify';
import { methodsOf } from '../../src/common/hooks/route-hooks.js';

/**
 * For tests: each route as it was declared once every onRoute hook registered before this call
 * had its turn, by `'METHOD /url'`; what it ends up with in `preHandler`, `preSerialization` or `onSend` are the
 * hooks it alone runs. Call after the hooks under test and before the routes.
 */
export function declaredRoutes(fastify: FastifyInstance): Map<string, RouteOptions> {
  const routes = new Map<string, RouteOptions>();
  fastify.addHook('onRoute', (route) => {
    for (const method of methodsOf(route)) routes.set(`${method} ${route.url}`, route);
  });
  return routes;
}

/** How many hooks of `step` the route runs of its own. */
export function ownHooks(routes: Map<string, RouteOptions>, key: string, step: 'preHandler' | 'preSerialization' | 'onSend'): number {
  const route = routes.get(key);
  if (!route) throw new Error(`no route ${key} among ${[...routes.keys()].join(', ')}`);
  const hooks = route[step];
  return hooks === undefined ? 0 : Array.isArray(hooks) ? hooks.length : 1;
}
