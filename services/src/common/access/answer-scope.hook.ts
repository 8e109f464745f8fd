import { type AnswerScope, mayReadAnswer, type RouteAccess } from '@pnss/libs/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addRouteHook, hookEachRoute, methodsOf } from '../hooks/route-hooks.js';
import { routeAccessFor, routeAccessOf } from './route-access.js';

/** The fields of `answer` a caller without the read permission may see (lists item by item). */
export function minimalAnswer(answer: unknown, scope: AnswerScope): unknown {
  if (Array.isArray(answer)) return answer.map((item) => minimalAnswer(item, scope));
  if (answer === null || typeof answer !== 'object') return answer;
  const kept: Record<string, unknown> = {};
  for (const field of scope.minimal) {
    if (field in answer) kept[field] = (answer as Record<string, unknown>)[field];
  }
  return kept;
}

/** A rule whose answer a caller without its read permission sees only in part. */
function hasAnswerScope(access: RouteAccess | undefined): boolean {
  return access?.kind === 'permissions' && access.answer !== undefined;
}

/**
 * Global: a write route answers only what the caller may read (issue 13 item 7). For the routes
 * whose entry in libs' ROUTE_PERMISSIONS has an `answer` scope, a caller without its read permission
 * gets the minimal fields back, and a 409 without the newer record (`current`). A Fastify
 * preSerialization hook (it sees the answer, or the error envelope, before it becomes JSON), not a
 * Nest interceptor, given to those routes alone as they are declared: the others pass no hook.
 */
export function registerAnswerScopeHook(fastify: FastifyInstance): void {
  hookEachRoute(fastify, (route) => {
    if (methodsOf(route).some((method) => hasAnswerScope(routeAccessFor(method, route.url)))) {
      addRouteHook(route, 'preSerialization', scopeAnswer);
    }
  });
}

function scopeAnswer(
  request: FastifyRequest & { user?: { permissions: readonly string[] } },
  reply: FastifyReply,
  answer: unknown,
  done: (error: Error | null, answer?: unknown) => void,
): void {
  const access = routeAccessOf(request);
  if (!access || access.kind !== 'permissions' || !access.answer || mayReadAnswer(access, request.user?.permissions ?? [])) {
    done(null, answer);
    return;
  }
  if (reply.statusCode < 300) {
    done(null, minimalAnswer(answer, access.answer));
    return;
  }
  if (answer !== null && typeof answer === 'object' && 'current' in answer) {
    const { current: _current, ...envelope } = answer as Record<string, unknown>;
    done(null, envelope);
    return;
  }
  done(null, answer);
}
