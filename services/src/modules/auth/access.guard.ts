import { type CanActivate, type ExecutionContext, Injectable, Logger, Optional } from '@nestjs/common';
import { type RouteAccess, allows } from '@pnss/libs/permissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { routeAccessOf } from '../../common/access/route-access.js';
import { CommonErrorCode, commonError } from '../../common/errors/common.errors.js';
import type { AuthenticatedUser } from './authenticated-user.js';
import { AuthenticationError, type AuthenticationFailure, JwtStrategy } from './jwt.strategy.js';

/** What the refusal hooks learn: the request and why it was refused (for the audit log). */
export interface AccessRefusal {
  request: FastifyRequest;
  status: 401 | 403;
  reason: string;
  user: AuthenticatedUser | null;
}

/** Told of every 401 and 403 the guard answers (the audit module records them off the hot path). */
export abstract class AccessRefusalListener {
  abstract refused(refusal: AccessRefusal): void;
}

/**
 * What a route's rule makes of a request: admitted (with the caller, null on a public route), or
 * refused as a 401 (no token, or one refused) or a 403 (the role lacks the route's permission).
 */
export type AccessDecision =
  | { admitted: true; user: AuthenticatedUser | null }
  | { admitted: false; status: 401; failure: AuthenticationFailure }
  | { admitted: false; status: 403; user: AuthenticatedUser };

/** The decision for a caller authenticated under `rule`: admitted, or a 403 when the role lacks its permission. */
function decisionFor(rule: RouteAccess, user: AuthenticatedUser): AccessDecision {
  return allows(rule, user.permissions) ? { admitted: true, user } : { admitted: false, status: 403, user };
}

/** The 401 of a token missing or refused; any other failure (the database unreachable) is thrown again. */
function refusalOf(error: unknown): AccessDecision {
  if (!(error instanceof AuthenticationError)) throw error;
  return { admitted: false, status: 401, failure: error.failure };
}

/**
 * The one access decision: the guard acts on it for every route, and a hook that answers a route
 * before Nest (the session check) answers only what it admits. A failure that is not a refusal (the
 * database unreachable) is thrown.
 */
export async function decideAccess(rule: RouteAccess, authenticator: Pick<JwtStrategy, 'authenticate'>, request: FastifyRequest): Promise<AccessDecision> {
  if (rule.kind === 'public') return { admitted: true, user: null };
  let user: AuthenticatedUser;
  try {
    user = await authenticator.authenticate(request);
  } catch (error) {
    return refusalOf(error);
  }
  return decisionFor(rule, user);
}

/**
 * The same decision without waiting, when the caller's session is in memory; undefined when only
 * the database can say (then `decideAccess` decides).
 */
export function decideAccessFromMemory(rule: RouteAccess, authenticator: Pick<JwtStrategy, 'authenticateFromMemory'>, request: FastifyRequest): AccessDecision | undefined {
  if (rule.kind === 'public') return { admitted: true, user: null };
  let user: AuthenticatedUser | undefined;
  try {
    user = authenticator.authenticateFromMemory(request);
  } catch (error) {
    return refusalOf(error);
  }
  return user === undefined ? undefined : decisionFor(rule, user);
}

/**
 * The global guard (APP_GUARD): secure by default. The route's rule is its entry in libs'
 * ROUTE_PERMISSIONS, the one table of who may call what; a route missing from it is refused (403).
 * No token, or a bad, expired or revoked one, is a 401 with `WWW-Authenticate: Bearer`; a role
 * without the route's permission is a 403. Nothing here reads a file or parses a key per request.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger('AccessGuard');

  constructor(
    private readonly authenticator: JwtStrategy,
    @Optional() private readonly listener?: AccessRefusalListener,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    const rule = routeAccessOf(request);
    if (!rule) {
      this.logger.error(`${context.getClass().name}.${context.getHandler().name} is not in ROUTE_PERMISSIONS; refused`);
      this.notify(request, 403, 'route without an access rule', null);
      throw commonError(CommonErrorCode.PermissionDenied);
    }
    const decision = await decideAccess(rule, this.authenticator, request);
    if (decision.admitted) {
      if (decision.user) request.user = decision.user;
      return true;
    }
    if (decision.status === 401) {
      const missing = decision.failure === 'missing';
      const reply = http.getResponse<FastifyReply | undefined>();
      void reply?.header('WWW-Authenticate', missing ? 'Bearer' : 'Bearer error="invalid_token"');
      this.notify(request, 401, missing ? 'no bearer token' : 'token refused', null);
      throw commonError(missing ? CommonErrorCode.AuthenticationRequired : CommonErrorCode.SessionExpired);
    }
    this.notify(request, 403, 'permission missing', decision.user);
    throw commonError(CommonErrorCode.PermissionDenied);
  }

  private notify(request: FastifyRequest, status: 401 | 403, reason: string, user: AuthenticatedUser | null): void {
    try {
      this.listener?.refused({ request, status, reason, user });
    } catch (error) {
      this.logger.error(`Recording a refused access failed: ${String(error)}`);
    }
  }
}
