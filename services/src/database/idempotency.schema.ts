import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The creates made with an `Idempotency-Key` (migration 0024_idempotent_creates): one row per user and
 * key, written in the create's transaction, so that a replay after a lost answer finds the record it
 * made instead of making a second one. `request_hash` is the SHA-256 of the operation and its body:
 * the same key with another request is refused. No patient data is kept here.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The record the first request made; null only inside that request's transaction. */
    entityId: uuid('entity_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotent_requests_created_at_idx').on(t.createdAt)],
);
