import { Injectable } from '@nestjs/common';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { DatabaseService, type Executor, prepared } from '../../database/database.service.js';
import { roles, sessions, users } from '../../database/schema.js';
import type { PermissionName } from '@pnss/libs/permissions';
import { isPermissionName } from '@pnss/libs/permissions';

export interface LiveSessionRow {
  sessionId: string;
  expiresAt: Date;
  revokedAt: Date | null;
  userId: string;
  username: string;
  firstname: string;
  lastname: string;
  role: string;
  active: boolean;
  rolePermissions: string[];
}

/** A session row as the guard keeps it, with the role's permissions already filtered. */
export interface LiveSession extends Omit<LiveSessionRow, 'rolePermissions'> {
  permissions: PermissionName[];
}

/**
 * How long a session, with its user and role, is taken from memory instead of the database.
 *
 * Within this process the cache is cleared AT ONCE by every change that could alter what it holds:
 * revoke() and revokeAllForUser() (sign-out, deactivation, password reset), and the session-cache hook (session-cache.hook.ts)
 * after every write to /api/accounts or /api/roles (a user's role, active flag, a role's permissions),
 * once its transaction has committed and before the answer leaves. A load that began before such a
 * clear is not stored (the generation check), so no stale row can slip back in.
 *
 * Across several server processes there is no message between them: another process may use what
 * it loaded for at most this TTL. We chose a short TTL over a per-request version stamp because a
 * stamp is one more database round trip on every request, the very cost the cache removes; 3 s is
 * well inside the time a revoked user needs to notice, and the 401 follows on the next request.
 */
export const SESSION_CACHE_TTL_MS = 3000;
const SESSION_CACHE_MAX = 10_000;

function findWithUserStatement(on: Executor) {
  return on
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      userId: users.id,
      username: users.username,
      firstname: users.firstname,
      lastname: users.lastname,
      role: users.role,
      active: users.active,
      rolePermissions: roles.rolePermissions,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.name, users.role))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId'))))
    .limit(1);
}

/** All SQL about sign-in sessions: the token names its session, so revoking the row revokes the token. */
@Injectable()
export class SessionsRepository {
  private readonly cache = new Map<string, { session: LiveSession; loadedAt: number }>();
  /** Grows at every clear; a load started under an older generation is not kept. */
  private generation = 0;

  constructor(private readonly database: DatabaseService) {}

  /** The session for the guard: from memory when it was loaded less than SESSION_CACHE_TTL_MS ago. */
  async findLive(sessionId: string, userId: string): Promise<LiveSession | null> {
    const cached = this.cached(sessionId, userId);
    if (cached) return cached;
    const generation = this.generation;
    const row = await this.findWithUser(sessionId, userId);
    if (!row) return null;
    const { rolePermissions, ...rest } = row;
    const session: LiveSession = { ...rest, permissions: rolePermissions.filter((p): p is PermissionName => isPermissionName(p)) };
    if (generation === this.generation) {
      if (this.cache.size >= SESSION_CACHE_MAX) this.cache.clear();
      this.cache.set(sessionId, { session, loadedAt: Date.now() });
    }
    return session;
  }

  /** The session from memory when it was loaded less than SESSION_CACHE_TTL_MS ago; undefined when only the database can say. */
  cached(sessionId: string, userId: string): LiveSession | undefined {
    const hit = this.cache.get(sessionId);
    return hit && Date.now() - hit.loadedAt < SESSION_CACHE_TTL_MS && hit.session.userId === userId ? hit.session : undefined;
  }

  /** Forgets every cached session: after any change to users, roles or sessions. */
  clearCache(): void {
    this.generation += 1;
    this.cache.clear();
  }

  async create(tx: Executor, session: { userId: string; expiresAt: Date; ip: string | null }): Promise<string> {
    // Sessions that ended over a day ago only take space (sign-ins themselves are in the audit log).
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, session.userId), lt(sessions.expiresAt, sql`now() - interval '1 day'`)));
    const [row] = await tx.insert(sessions).values(session).returning({ id: sessions.id });
    return row.id;
  }

  /** The session with its user and the user's role as they are now: one prepared query (built once). */
  async findWithUser(sessionId: string, userId: string): Promise<LiveSessionRow | null> {
    const [row] = await prepared(this.database.db, 'sessions_find_with_user', findWithUserStatement).execute({ sessionId, userId });
    return row ?? null;
  }

  async revoke(tx: Executor, sessionId: string): Promise<void> {
    this.clearCache();
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Deactivation and password resets end every session of the user (but `exceptSessionId`). */
  async revokeAllForUser(tx: Executor, userId: string, exceptSessionId?: string): Promise<void> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
    this.clearCache();
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(...conditions));
  }
}
