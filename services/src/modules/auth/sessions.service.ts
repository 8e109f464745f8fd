import { Injectable } from '@nestjs/common';
import type { Executor } from '../../database/database.service.js';
import { type LiveSessionRow, SessionsRepository } from './sessions.repository.js';

/**
 * Sign-in sessions as other features use them: sign-in reads the one it opened, sign-out revokes it,
 * a deactivation or a password reset revokes all of a user's, and a write to accounts or roles clears
 * the guard's cache. SessionsRepository (the SQL and the cache) stays inside auth; a session is opened
 * by TokenService, which signs its token in the same step.
 */
@Injectable()
export class SessionsService {
  constructor(private readonly repository: SessionsRepository) {}

  /** The session with its user and the user's role as they are now, read from the database. */
  findWithUser(sessionId: string, userId: string): Promise<LiveSessionRow | null> {
    return this.repository.findWithUser(sessionId, userId);
  }

  /** Ends one session in the caller's transaction; its token is refused from the next request on. */
  revoke(tx: Executor, sessionId: string): Promise<void> {
    return this.repository.revoke(tx, sessionId);
  }

  /** Ends every session of the user but `exceptSessionId` (the caller's own, on a reset of one's own password). */
  revokeAllForUser(tx: Executor, userId: string, exceptSessionId?: string): Promise<void> {
    return this.repository.revokeAllForUser(tx, userId, exceptSessionId);
  }

  /** Forgets every cached session: after any change to users, roles or sessions. */
  clearCache(): void {
    this.repository.clearCache();
  }
}
