import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionsRepository } from './sessions.repository.js';

/**
 * Writes that can change a user, a role or a session. Sign-in changes nothing that is cached, and
 * the session check (POST /api/accounts/auth) only reads.
 */
const AUTH_WRITE = /^\/api\/(accounts|roles)(\/|\?|$)/;
const READS_ONLY = /^\/api\/accounts\/(login|auth)(\?|$)/;

export function isAuthWrite(request: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD' && AUTH_WRITE.test(request.url) && !READS_ONLY.test(request.url);
}

/**
 * Clears the guard's session cache when a write to accounts or roles has finished (its transaction
 * committed, or failed), before its answer leaves: the next request of any user reads users, roles
 * and sessions again, so a sign-out, a deactivation or a role change applies at once in this process.
 * A Fastify onSend hook, not a Nest interceptor: every other request passes it at the cost of one
 * method comparison.
 */
export function registerSessionCacheHook(fastify: FastifyInstance, sessions: Pick<SessionsRepository, 'clearCache'>): void {
  fastify.addHook('onSend', (request, _reply, payload, done) => {
    if (isAuthWrite(request)) sessions.clearCache();
    done(null, payload);
  });
}
