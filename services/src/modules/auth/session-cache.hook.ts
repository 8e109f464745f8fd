import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addRouteHook, hookEachRoute, methodsOf } from '../../common/hooks/route-hooks.js';
import type { SessionsService } from './sessions.service.js';

/**
 * Writes that can change a user, a role or a session. Sign-in changes nothing that is cached, and
 * the session check (POST /api/accounts/auth) only reads.
 */
const AUTH_WRITE = /^\/api\/(accounts|roles)(\/|\?|$)/;
const READS_ONLY = /^\/api\/accounts\/(login|auth)(\?|$)/;

/** Whether a request by this method to this path (or Fastify route pattern) can change what the session cache holds. */
export function isAuthWrite(method: string, path: string): boolean {
  const upper = method.toUpperCase();
  return upper !== 'GET' && upper !== 'HEAD' && AUTH_WRITE.test(path) && !READS_ONLY.test(path);
}

/**
 * Clears the guard's session cache when a write to accounts or roles has finished (its transaction
 * committed, or failed), before its answer leaves: the next request of any user reads users, roles
 * and sessions again, so a sign-out, a deactivation or a role change applies at once in this process.
 * A Fastify onSend hook, not a Nest interceptor, given to the write routes of accounts and roles
 * alone as they are declared: every other route passes no onSend hook at all.
 */
export function registerSessionCacheHook(fastify: FastifyInstance, sessions: Pick<SessionsService, 'clearCache'>): void {
  hookEachRoute(fastify, (route) => {
    if (!methodsOf(route).some((method) => isAuthWrite(method, route.url))) return;
    addRouteHook(route, 'onSend', (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
      // A route declared for several methods clears on its writes only.
      if (isAuthWrite(request.method, route.url)) sessions.clearCache();
      done(null, payload);
    });
  });
}
