import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Sign-in throttling counters (migration 0005_hardening); see SignInThrottle. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    nextAllowedAt: timestamp('next_allowed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_attempts_updated_at_idx').on(t.updatedAt)],
);
