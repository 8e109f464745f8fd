import { Injectable } from '@nestjs/common';
import { inArray, lt, sql } from 'drizzle-orm';
import { DatabaseService, type Executor, type Transaction } from '../../database/database.service.js';
import { signInAttempts } from '../../database/schema.js';

/** One sign-in counter as it is stored: how many attempts since the window began, and when the next may come. */
export interface AttemptCounter {
  key: string;
  attempts: number;
  windowStart: Date;
  nextAllowedAt: Date | null;
}

/** All SQL on the sign-in counters (table sign_in_attempts); the rules are in sign-in-throttle.ts. */
@Injectable()
export class SignInAttemptsRepository {
  constructor(private readonly database: DatabaseService) {}

  /** Runs `work` in one transaction, so counters locked there stay locked until it ends. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.database.transaction(work);
  }

  /**
   * The counters of `keys`, created when missing and locked (SELECT ... FOR UPDATE) in key order,
   * so two attempts on the same counters queue instead of both slipping past a limit.
   */
  async lock(tx: Executor, keys: readonly string[]): Promise<AttemptCounter[]> {
    const ordered = [...keys].sort();
    await tx.insert(signInAttempts).values(ordered.map((key) => ({ key }))).onConflictDoNothing();
    return (await tx
      .select({ key: signInAttempts.key, attempts: signInAttempts.attempts, windowStart: signInAttempts.windowStart, nextAllowedAt: signInAttempts.nextAllowedAt })
      .from(signInAttempts)
      .where(inArray(signInAttempts.key, ordered))
      .orderBy(signInAttempts.key)
      .for('update')) as AttemptCounter[];
  }

  /** Writes the counters back (in key order, as they were locked). */
  async save(tx: Executor, counters: readonly AttemptCounter[], now: Date): Promise<void> {
    for (const row of [...counters].sort((a, b) => (a.key < b.key ? -1 : 1))) {
      await tx
        .update(signInAttempts)
        .set({ attempts: row.attempts, windowStart: row.windowStart, nextAllowedAt: row.nextAllowedAt, updatedAt: now })
        .where(sql`${signInAttempts.key} = ${row.key}`);
    }
  }

  /** After the right password: `cleared` start again, and `lessened` counts one attempt fewer. */
  async clearAfterSuccess(cleared: readonly string[], lessened: string | null): Promise<void> {
    await this.database.transaction(async (tx) => {
      await tx.delete(signInAttempts).where(inArray(signInAttempts.key, [...cleared].sort()));
      if (lessened) {
        await tx
          .update(signInAttempts)
          .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
          .where(sql`${signInAttempts.key} = ${lessened}`);
      }
    });
  }

  /** Drops the counters untouched since `before`. */
  async forgetUntouchedSince(before: Date): Promise<void> {
    await this.database.db.delete(signInAttempts).where(lt(signInAttempts.updatedAt, before));
  }
}
