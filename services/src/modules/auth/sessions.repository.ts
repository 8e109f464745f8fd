import { Injectable } from '@nestjs/common';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { roles, sessions, users } from '../../database/schema.js';

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

/** All SQL about sign-in sessions: the token names its session, so revoking the row revokes the token. */
@Injectable()
export class SessionsRepository {
  constructor(private readonly database: DatabaseService) {}

  async create(tx: Executor, session: { userId: string; expiresAt: Date; ip: string | null }): Promise<string> {
    // Sessions that ended over a day ago only take space (sign-ins themselves are in the audit log).
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, session.userId), lt(sessions.expiresAt, sql`now() - interval '1 day'`)));
    const [row] = await tx.insert(sessions).values(session).returning({ id: sessions.id });
    return row.id;
  }

  /** The session with its user and the user's role as they are now: one query per request. */
  async findWithUser(sessionId: string, userId: string): Promise<LiveSessionRow | null> {
    const [row] = await this.database.db
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
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .limit(1);
    return row ?? null;
  }

  async revoke(tx: Executor, sessionId: string): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Deactivation and password resets end every session of the user (but `exceptSessionId`). */
  async revokeAllForUser(tx: Executor, userId: string, exceptSessionId?: string): Promise<void> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(...conditions));
  }
}
