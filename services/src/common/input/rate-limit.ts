import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';

/**
 * The general limit on /api: at most `perMinute` requests from one client address in a fixed
 * one-minute window, on top of (and independent of) the sign-in throttle. Every /api answer carries
 * the IETF draft headers `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds
 * until the window ends); a refusal is a 429 with `Retry-After` and the one error envelope.
 *
 * - Keyed by `request.ip`, i.e. after TRUST_PROXY has picked the client out of X-Forwarded-For
 *   (an IPv6 client counts by its /64, as the plugin does by default: one host holds a whole /64).
 * - One onRequest hook on the root instance rather than the plugin's per-route hooks, so the
 *   answers no route matched (404) are counted and carry the headers too.
 * - Only /api: the shell's and the modules' static files are never limited or counted.
 * - Counted in this process's memory: with several instances behind a load balancer each counts
 *   on its own, so an address gets up to `perMinute` at each instance. A floor against floods from
 *   one address, not an exact quota.
 *
 * Register it after CORS (so a 429 still carries the CORS headers a module on another origin needs
 * to read it) and before the routes.
 */
export async function registerRateLimit(fastify: FastifyInstance, limits: RateLimitConfig): Promise<void> {
  await fastify.register(fastifyRateLimit, {
    // No per-route hooks: the one hook below covers every request, matched or not.
    global: false,
    max: limits.perMinute,
    timeWindow: WINDOW_MS,
    enableDraftSpec: true,
    // The in-memory store (no `store`/`redis`): an LRU of this many addresses.
    cache: ADDRESSES_KEPT,
    allowList: (request) => !isApiRequest(request),
    // Thrown by the plugin's hook; the global exception filter turns it into the envelope.
    errorResponseBuilder: (_request, context) => tooManyRequests(context.max, context.ttl),
  });
  const limit = fastify.rateLimit();
  fastify.addHook('onRequest', async function rateLimitApi(request, reply) {
    await limit.call(this, request, reply);
  });
}

const WINDOW_MS = 60_000;
/** Distinct addresses the store keeps at once; the least recently seen are dropped first. */
const ADDRESSES_KEPT = 10_000;

/** 429 `Too many requests from this address: at most 3000 a minute. Try again in 12 seconds.` */
export function tooManyRequests(perMinute: number, msUntilReset: number): AppError {
  const seconds = Math.max(1, Math.ceil(msUntilReset / 1000));
  return new AppError(
    429,
    `Too many requests from this address: at most ${perMinute} a minute. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

/**
 * Under /api by the route it reached (which the router matched after decoding, so `/%61pi/...`
 * cannot slip past) or by its path (so a 404, or an /api path a static wildcard caught, counts too).
 */
export function isApiRequest(request: FastifyRequest): boolean {
  return isApiPath(request.routeOptions.url) || isApiPath(decodedPath(request.url));
}

function isApiPath(path: string | undefined): boolean {
  return path !== undefined && (path === '/api' || path.startsWith('/api/'));
}

function decodedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? url;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
