import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { createVerifier } from 'fast-jwt';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthenticatedUser } from './authenticated-user.js';
import { type LiveSession, SessionsRepository } from './sessions.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BEARER = /^bearer\s+(\S+)\s*$/i;

/** Why a request was not authenticated: no token at all, or a token we refuse. */
export type AuthenticationFailure = 'missing' | 'invalid';

export class AuthenticationError extends Error {
  constructor(readonly failure: AuthenticationFailure) {
    super(failure === 'missing' ? 'No bearer token' : 'Token refused');
  }
}

/** The bearer token of a request; an AuthenticationError when there is none. */
function tokenOf(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  if (!token) throw new AuthenticationError('missing');
  return token;
}

/** How many verified tokens are remembered (a few hundred bytes each); past it the memory starts again. */
const VERIFIED_TOKENS_MAX = 10_000;

interface VerifiedToken {
  sub: string;
  sid: string;
  /** The token's `exp`, in milliseconds. */
  expiresAt: number;
}

/**
 * Verifies the bearer token, then its session in the database: a revoked or expired session, or
 * a deactivated user, is refused even while the JWT itself is still valid.
 *
 * The verifier is built once, with the key prepared once (no key parsing per request), HS256 only,
 * and `exp`, `sub` and `sid` required: a token that never expires is refused. A token that passed
 * is remembered, by its whole text (signature included), with its claims and expiry: the next
 * request with the same token is checked against the remembered expiry, without computing the
 * HMAC and parsing the payload again (fast-jwt's own cache hashed the token on every request, which
 * cost more than the lookup it saved). Whether the session is still live is asked every time.
 */
@Injectable()
export class JwtStrategy {
  private readonly verify: (token: string) => Record<string, unknown>;
  private readonly verified = new Map<string, VerifiedToken>();
  /**
   * The caller made of each loaded session (the sessions cache keeps one object per load), for the
   * address it last came from: the requests of a cached session from one address share one frozen
   * caller, and what is worked out from it once (the session check's answer) goes with it. A
   * reloaded session, after any change or after the cache's 3 s, is a new object and a new caller.
   */
  private readonly callers = new WeakMap<LiveSession, AuthenticatedUser>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionsRepository,
  ) {
    this.verify = createVerifier({
      key: config.jwtSecret,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'sid'],
    });
  }

  /** The caller, or an AuthenticationError saying whether a token was missing or refused. */
  async authenticate(request: FastifyRequest): Promise<AuthenticatedUser> {
    const { sub, sid } = this.claimsOf(tokenOf(request));
    return this.callerOf(await this.sessions.findLive(sid, sub), request);
  }

  /**
   * The caller as `authenticate` finds it, without waiting, when the token's session is in memory
   * (the session cache's 3 s); undefined when only the database can say. Throws the same
   * AuthenticationError as `authenticate` for a token refused.
   */
  authenticateFromMemory(request: FastifyRequest): AuthenticatedUser | undefined {
    const { sub, sid } = this.claimsOf(tokenOf(request));
    const session = this.sessions.cached(sid, sub);
    return session === undefined ? undefined : this.callerOf(session, request);
  }

  /** The caller of a live session; an AuthenticationError for none, a revoked or expired one, or a deactivated user. */
  private callerOf(row: LiveSession | null, request: FastifyRequest): AuthenticatedUser {
    if (!row || row.revokedAt !== null || row.expiresAt.getTime() <= Date.now() || !row.active) {
      throw new AuthenticationError('invalid');
    }
    const ip = request.ip ?? null;
    const known = this.callers.get(row);
    if (known?.ip === ip) return known;
    const caller: AuthenticatedUser = Object.freeze({
      id: row.userId,
      username: row.username,
      firstname: row.firstname,
      lastname: row.lastname,
      role: row.role,
      permissions: row.permissions,
      sessionId: row.sessionId,
      ip,
    });
    this.callers.set(row, caller);
    return caller;
  }

  /** The user and session a valid, unexpired token names; an AuthenticationError otherwise. */
  private claimsOf(token: string): VerifiedToken {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known;
      this.verified.delete(token);
      throw new AuthenticationError('invalid');
    }
    let payload: Record<string, unknown>;
    try {
      payload = this.verify(token);
    } catch {
      throw new AuthenticationError('invalid');
    }
    const { sub, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number' || !UUID.test(sub) || !UUID.test(sid)) {
      throw new AuthenticationError('invalid');
    }
    const claims: VerifiedToken = { sub, sid, expiresAt: exp * 1000 };
    if (this.verified.size >= VERIFIED_TOKENS_MAX) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }
}
