import { Inject, Injectable } from '@nestjs/common';
import { createSigner } from 'fast-jwt';
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
  /** Built once: the key is prepared here, not at every sign-in. HS256, always with `exp`. */
  private readonly sign: (payload: TokenPayload & { exp: number }) => string;

  constructor(
    private readonly sessions: SessionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.sign = createSigner({ key: config.jwtSecret, algorithm: 'HS256' });
  }

  /** Opens a session in the caller's transaction and signs a token that expires with it. */
  async issue(tx: Executor, userId: string, ip: string | null): Promise<{ token: string; sessionId: string }> {
    const lifetimeSeconds = Math.max(1, Math.floor(this.config.sessionHours * 3600));
    const expiresAt = new Date(Date.now() + lifetimeSeconds * 1000);
    const sessionId = await this.sessions.create(tx, { userId, expiresAt, ip });
    const token = this.sign({ sub: userId, sid: sessionId, exp: Math.floor(expiresAt.getTime() / 1000) });
    return { token, sessionId };
  }
}
