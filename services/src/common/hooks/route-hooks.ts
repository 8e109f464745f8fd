import type { FastifyInstance, RouteOptions } from 'fastify';

/** The lifecycle steps a route may hook on its own: just before its handler, and its answer's way out. */
type RouteStep = 'preHandler' | 'preSerialization' | 'onSend';
type HookOf<Step extends RouteStep> = Exclude<NonNullable<RouteOptions[Step]>, readonly unknown[]>;

/** The methods a route answers, upper case (Fastify takes one or a list). */
export function methodsOf(route: Pick<RouteOptions, 'method'>): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((method) => String(method).toUpperCase());
}

/**
 * Adds `hook` to the route's own hooks of `step`, after those it already has (a new list, so a
 * route Fastify copies from this one, such as the HEAD of a GET, keeps its own).
 */
export function addRouteHook<Step extends RouteStep>(route: RouteOptions, step: Step, hook: HookOf<Step>): void {
  const current = route[step];
  const hooks = current === undefined ? [hook] : Array.isArray(current) ? [...(current as unknown[]), hook] : [current, hook];
  route[step] = hooks as RouteOptions[Step];
}

/**
 * Gives each route, as it is declared, the hooks that concern it (Fastify's onRoute): a hook on the
 * routes that need it rather than on every answer, so the others pass no hook at all (Fastify skips
 * a step without hooks) and nothing is worked out per request that the route already says.
 * Register before the routes are (create-app does, before Nest initialises).
 */
export function hookEachRoute(fastify: FastifyInstance, attach: (route: RouteOptions) => void): void {
  fastify.addHook('onRoute', attach);
}
