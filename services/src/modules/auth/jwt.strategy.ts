import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { createVerifier } from 'fast-jwt';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthenticatedUser } from './authenticated-user.js';
import { SessionsRepository } from './sessions.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BEARER = /^bearer\s+(\S+)\s*$/i;

/** Why a request was not authenticated: no token at all, or a token we refuse. */
export type AuthenticationFailure = 'missing' | 'invalid';

export class AuthenticationError extends Error {
  constructor(readonly failure: AuthenticationFailure) {
    super(failure === 'missing' ? 'No bearer token' : 'Token refused');
  }
}

/**
 * Verifies the bearer token, then its session in the database: a revoked or expired session, or
 * a deactivated user, is refused even while the JWT itself is still valid.
 *
 * The verifier is built once, with the key prepared once (no key parsing per request), HS256 only,
 * and `exp`, `sub` and `sid` required: a token that never expires is refused. fast-jwt keeps a
 * small cache of tokens it has already verified (still checking their expiry on every hit).
 */
@Injectable()
export class JwtStrategy {
  private readonly verify: (token: string) => Record<string, unknown>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionsRepository,
  ) {
    this.verify = createVerifier({
      key: config.jwtSecret,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'sid'],
      cache: 1000,
    });
  }

  /** The caller, or an AuthenticationError saying whether a token was missing or refused. */
  async authenticate(request: FastifyRequest): Promise<AuthenticatedUser> {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    if (!token) throw new AuthenticationError('missing');
    let payload: Record<string, unknown>;
    try {
      payload = this.verify(token);
    } catch {
      throw new AuthenticationError('invalid');
    }
    const { sub, sid } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || !UUID.test(sub) || !UUID.test(sid)) {
      throw new AuthenticationError('invalid');
    }
    const row = await this.sessions.findLive(sid, sub);
    if (!row || row.revokedAt !== null || row.expiresAt.getTime() <= Date.now() || !row.active) {
      throw new AuthenticationError('invalid');
    }
    return {
      id: row.userId,
      username: row.username,
      firstname: row.firstname,
      lastname: row.lastname,
      role: row.role,
      permissions: row.permissions,
      sessionId: row.sessionId,
      ip: request.ip ?? null,
    };
  }
}
