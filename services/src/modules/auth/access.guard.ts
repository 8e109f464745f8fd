import { type ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { CommonErrorCode, commonError } from '../../common/errors/common.errors.js';
import type { AuthenticatedUser } from './authenticated-user.js';
import { ACCESS_RULE_KEY, type AccessRule } from './decorators/access.decorator.js';

type ReflectTarget = ReturnType<ExecutionContext['getHandler']> | ReturnType<ExecutionContext['getClass']>;

/** Reads a route's access rule; the handler's rule wins over its controller's. */
export function accessRuleOf(reflector: Reflector, handler: ReflectTarget, controller: ReflectTarget): AccessRule | undefined {
  return reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE_KEY, [handler, controller]);
}

export function isAllowed(rule: AccessRule, held: readonly string[]): boolean {
  if (rule.kind !== 'permissions') return true;
  return rule.mode === 'all'
    ? rule.permissions.every((p) => held.includes(p))
    : rule.permissions.some((p) => held.includes(p));
}

/**
 * The global guard (APP_GUARD): secure by default. No token, or a bad, expired or revoked one, is a
 * 401; a role without the route's permission is a 403; a route without any access rule is refused.
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  private readonly logger = new Logger('AccessGuard');

  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = accessRuleOf(this.reflector, context.getHandler(), context.getClass());
    if (!rule) {
      this.logger.error(`${context.getClass().name}.${context.getHandler().name} has no access rule; refused`);
      throw commonError(CommonErrorCode.PermissionDenied);
    }
    if (rule.kind === 'public') return true;
    await super.canActivate(context);
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (!user) throw commonError(CommonErrorCode.AuthenticationRequired);
    if (!isAllowed(rule, user.permissions)) throw commonError(CommonErrorCode.PermissionDenied);
    return true;
  }

  override handleRequest<TUser = AuthenticatedUser>(err: unknown, user: TUser | false, info: unknown): TUser {
    if (err) throw err;
    if (user) return user;
    const reason = info instanceof Error ? info.message : '';
    // passport-jwt says 'No auth token' when the header is missing; anything else is a token we refuse.
    throw commonError(
      reason === 'No auth token' ? CommonErrorCode.AuthenticationRequired : CommonErrorCode.SessionExpired,
    );
  }
}
