import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeAccessOf, routeKeyFor } from '../../common/access/route-access.js';
import { addRouteHook, hookEachRoute, methodsOf } from '../../common/hooks/route-hooks.js';
import { decideAccess } from '../auth/access.guard.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import type { JwtStrategy } from '../auth/jwt.strategy.js';
import type { SignInService } from './sign-in.service.js';

/** The session check, as libs' route table names it (AccountsController's `POST auth` under /api). */
export const SESSION_CHECK_ROUTE = 'POST /accounts/auth';

/**
 * The session check, which the shell makes at every navigation of every user, is answered as soon
 * as its caller is admitted, before Nest's handler pipeline: that pipeline (execution context,
 * guard and pipe consumers, param factories, the adapter's reply) was a third of the cost of an
 * answer that needs no SQL (measured at 1M patients: 20.8k answers a second against 32.3k without it).
 *
 * Nothing is decided twice: the route's rule comes from the same table the global guard reads, the
 * caller from the guard's own `decideAccess`, and the answer from the controller's own
 * `SignInService.session`. Every request this hook does not admit (no token, a refused one, a
 * missing permission, or any error, such as the database being unreachable) goes on to Nest, whose
 * guard answers it exactly as before, with its 401/403, its `WWW-Authenticate` and its audit entry.
 * The onRequest hooks (security headers, CORS, the rate limit) and the answer's own hooks run as
 * for every route.
 */
export function registerSessionCheckHook(
  fastify: FastifyInstance,
  authenticator: Pick<JwtStrategy, 'authenticate'>,
  signIn: Pick<SignInService, 'session'>,
): void {
  hookEachRoute(fastify, (route) => {
    if (!methodsOf(route).some((method) => routeKeyFor(method, route.url) === SESSION_CHECK_ROUTE)) return;
    addRouteHook(route, 'preHandler', async (request: FastifyRequest & { user?: AuthenticatedUser }, reply: FastifyReply) => {
      const rule = routeAccessOf(request);
      if (!rule) return;
      let user: AuthenticatedUser | null;
      try {
        const decision = await decideAccess(rule, authenticator, request);
        if (!decision.admitted) return;
        user = decision.user;
      } catch {
        return;
      }
      if (!user) return;
      request.user = user;
      return reply.code(200).send(signIn.session(user));
    });
  });
}
