import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The platform tables. After a change here run `npm run db:generate -w services` and commit the SQL
 * it writes under services/drizzle/: migrations are applied at start-up, never edited once released.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  label: text('label').notNull(),
  rolePermissions: jsonb('role_permissions').$type<string[]>().notNull().default([]),
  /**
   * The permission catalogue as it stood when this role was last seeded: a permission added to the
   * code later reaches the seeded roles that define it, while an administrator's edits are kept.
   */
  knownPermissions: jsonb('known_permissions').$type<string[]>(),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    role: text('role')
      .notNull()
      .references(() => roles.name, { onUpdate: 'cascade', onDelete: 'restrict' }),
    passwordHash: text('password_hash').notNull(),
    photo: text('photo'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_role_idx').on(t.role),
  ],
);

/** One row per sign-in: the token names its session, so logout and deactivation revoke it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export interface AuditChange {
  field: string;
  old: unknown;
  new: unknown;
}

/**
 * The columns of an audit row wherever it is stored: in audit_log, and in audit_pending before the
 * database chains it (new builders at each call: a column belongs to one table).
 */
function auditRowColumns() {
  return {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorUsername: text('actor_username'),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<AuditChange[]>().notNull().default([]),
    ip: text('ip'),
  };
}

/**
 * Append-only: a trigger in the migrations raises on UPDATE, DELETE and TRUNCATE. The database sets
 * `id`, `at` and `hash` (migration 0013's trigger, whatever an INSERT supplies): the id is declared an
 * identity here only so that inserts leave it out; the column itself takes its value in the trigger.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    ...auditRowColumns(),
    /** SHA-256 of the previous row's hash and this row's text (pnss_audit_row_text); null before migration 0013. */
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_at_idx').on(t.at),
    // The sign-in rate limit counts recent failures by user name and by address.
    index('audit_log_action_entity_idx').on(t.action, t.entityId, t.at),
    index('audit_log_action_ip_idx').on(t.action, t.ip, t.at),
  ],
);

/**
 * The audit rows of reads and refused accesses as they are stored, before the database chains them
 * into audit_log (migration 0031: audit_chain_pending moves them, oldest id first, keeping their time).
 * The database sets `id` and `at` (a trigger, whatever an INSERT supplies); no UPDATE, no TRUNCATE,
 * and no DELETE but the chaining's. Declared an identity only so that inserts leave the id out.
 */
export const auditPending = pgTable('audit_pending', auditRowColumns());

/** The reference lookups of the case form, refreshed from `@pnss/libs/lookups` at every start. */
export const referenceLists = pgTable('reference_lists', {
  category: text('category').primaryKey(),
  label: text('label').notNull(),
  /** The catalogue's order, which GET /api/categories keeps. */
  position: integer('position').notNull(),
  entries: jsonb('entries').$type<unknown[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export * from './patients.schema.js';
export * from './case-facts.schema.js';
export * from './hardening.schema.js';
export * from './list-performance.schema.js';
export * from './name-search.schema.js';
export * from './submissions.schema.js';
export * from './case-quality.schema.js';
export * from './idempotency.schema.js';
export * from './national.schema.js';
