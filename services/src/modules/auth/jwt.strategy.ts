import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { isPermissionName, type PermissionName } from '@pnss/libs/permissions';
import type { FastifyRequest } from 'fastify';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthenticatedUser } from './authenticated-user.js';
import { SessionsRepository } from './sessions.repository.js';
import type { TokenPayload } from './token.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies the signature and expiry (passport-jwt), then the session in the database: a revoked
 * or expired session, or a deactivated user, is refused even while the JWT itself is still valid.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionsRepository,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwtSecret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  async validate(request: FastifyRequest, payload: Partial<TokenPayload>): Promise<AuthenticatedUser | false> {
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return false;
    if (!UUID.test(payload.sub) || !UUID.test(payload.sid)) return false;
    const row = await this.sessions.findWithUser(payload.sid, payload.sub);
    if (!row || row.revokedAt !== null || row.expiresAt.getTime() <= Date.now() || !row.active) return false;
    return {
      id: row.userId,
      username: row.username,
      firstname: row.firstname,
      lastname: row.lastname,
      role: row.role,
      permissions: row.rolePermissions.filter((p): p is PermissionName => isPermissionName(p)),
      sessionId: row.sessionId,
      ip: request.ip ?? null,
    };
  }
}
