import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { type AnswerScope, mayReadAnswer } from '@pnss/libs/permissions';
import type { FastifyRequest } from 'fastify';
import { type Observable, catchError, map, throwError } from 'rxjs';
import { AppError } from '../errors/app-error.js';
import { routeAccessOf } from './route-access.js';

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

/**
 * Global: a write route answers only what the caller may read (issue 13 item 7). For the routes
 * whose entry in libs' ROUTE_PERMISSIONS has an `answer` scope, a caller without its read permission
 * gets the minimal fields back, and a 409 without the newer record (`current`).
 */
@Injectable()
export class AnswerScopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: { permissions: readonly string[] } }>();
    const access = routeAccessOf(request);
    if (!access || access.kind !== 'permissions' || !access.answer) return next.handle();
    if (mayReadAnswer(access, request.user?.permissions ?? [])) return next.handle();
    const scope = access.answer;
    return next.handle().pipe(
      map((answer: unknown) => minimalAnswer(answer, scope)),
      catchError((error: unknown) => {
        if (error instanceof AppError && error.details && 'current' in error.details) {
          const { current: _current, ...details } = error.details;
          return throwError(() => new AppError(error.statusCode, error.message, error.errors, error.headers, details));
        }
        return throwError(() => error);
      }),
    );
  }
}
