import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { Executor } from '../../database/database.service.js';
import { SessionsRepository } from './sessions.repository.js';

/** What the JWT carries: the user and the session that can be revoked. */
export interface TokenPayload {
  sub: string;
  sid: string;
}

@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: SessionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Opens a session in the caller's transaction and signs a token that expires with it. */
  async issue(tx: Executor, userId: string, ip: string | null): Promise<{ token: string; sessionId: string }> {
    const lifetimeSeconds = Math.max(1, Math.floor(this.config.sessionHours * 3600));
    const expiresAt = new Date(Date.now() + lifetimeSeconds * 1000);
    const sessionId = await this.sessions.create(tx, { userId, expiresAt, ip });
    const payload: TokenPayload = { sub: userId, sid: sessionId };
    const token = await this.jwt.signAsync(payload, { expiresIn: lifetimeSeconds });
    return { token, sessionId };
  }
}
