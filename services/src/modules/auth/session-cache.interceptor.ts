import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type Observable, tap } from 'rxjs';
import { SessionsRepository } from './sessions.repository.js';

/**
 * Writes that can change a user, a role or a session. Sign-in changes nothing that is cached, and
 * the session check (POST /api/accounts/auth) only reads.
 */
const AUTH_WRITE = /^\/api\/(accounts|roles)(\/|\?|$)/;
const READS_ONLY = /^\/api\/accounts\/(login|auth)(\?|$)/;

/**
 * Clears the guard's session cache when a write to accounts or roles has finished (its transaction
 * committed), before its answer leaves: the next request of any user reads users, roles and sessions
 * again, so a sign-out, a deactivation or a role change applies at once in this process.
 */
@Injectable()
export class SessionCacheInterceptor implements NestInterceptor {
  constructor(private readonly sessions: SessionsRepository) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.method === 'GET' || request.method === 'HEAD' || !AUTH_WRITE.test(request.url) || READS_ONLY.test(request.url)) {
      return next.handle();
    }
    const clear = () => this.sessions.clearCache();
    return next.handle().pipe(tap({ next: clear, error: clear, complete: clear }));
  }
}
