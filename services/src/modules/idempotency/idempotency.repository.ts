import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../database/database.service.js';
import { idempotentRequests } from '../../database/schema.js';

export type IdempotentRequestRow = typeof idempotentRequests.$inferSelect;
export type NewIdempotentRequest = Pick<IdempotentRequestRow, 'userId' | 'key' | 'operation' | 'requestHash'>;

/** All SQL of the idempotent creates. */
@Injectable()
export class IdempotencyRepository {
  /**
   * Reserves the key in the caller's transaction. False when the key is already taken: PostgreSQL
   * makes a second copy arriving together wait here until the first commits or rolls back.
   */
  async reserve(tx: Executor, request: NewIdempotentRequest): Promise<boolean> {
    const rows = await tx.insert(idempotentRequests).values(request).onConflictDoNothing().returning({ key: idempotentRequests.key });
    return rows.length === 1;
  }

  async find(tx: Executor, userId: string, key: string): Promise<IdempotentRequestRow | null> {
    const [row] = await tx
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
    return row ?? null;
  }

  async setEntity(tx: Executor, userId: string, key: string, entityId: string): Promise<void> {
    await tx
      .update(idempotentRequests)
      .set({ entityId })
      .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
  }
}
