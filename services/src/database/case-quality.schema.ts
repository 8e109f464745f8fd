import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { QualityFinding } from '@pnss/libs/quality';
import { patientCases } from './patients.schema.js';

/**
 * The data-quality review of each case (issue 31), derived by `caseQuality` of @pnss/libs/quality and
 * written with the reporting projection in the transaction of every case write (modules/case-facts).
 * `counted`: the case is closed and not archived, the cases the Data Quality view reviews; `day` is its
 * counting date (the discharge date).
 */
export const caseQuality = pgTable(
  'case_quality',
  {
    caseId: uuid('case_id').primaryKey().references(() => patientCases.id, { onDelete: 'cascade' }),
    /** QUALITY_DERIVATION of the code that wrote the row: an older one is derived again at start-up. */
    derivation: smallint('derivation').notNull(),
    counted: boolean('counted').notNull(),
    day: date('day', { mode: 'string' }),
    errorCount: smallint('error_count').notNull(),
    warningCount: smallint('warning_count').notNull(),
    /** The rule ids the case fails, each once. */
    rules: text('rules').array().notNull(),
    findings: jsonb('findings').$type<QualityFinding[]>().notNull(),
    asked: text('asked').array().notNull(),
    missing: text('missing').array().notNull(),
    score: smallint('score').notNull(),
  },
  (t) => [index('case_quality_day_idx').on(t.day).where(sql`${t.counted}`)],
);

/**
 * The rules each counted case fails, one row a rule, ordered for the view's 'cases behind each rule':
 * the newest discharges of one rule are one backward range of the primary key.
 */
export const caseQualityRules = pgTable(
  'case_quality_rules',
  {
    rule: text('rule').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    caseId: uuid('case_id').notNull().references(() => patientCases.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.rule, t.day, t.caseId] }), index('case_quality_rules_case_idx').on(t.caseId)],
);

/**
 * The view's counters by discharge day: 'cases', 'score' (the sum of the case scores), 'rule:<id>',
 * 'asked:<field>' and 'missing:<field>', over the counted cases. Moved by each case write's change,
 * rebuilt from case_quality at start-up when a re-derivation ran.
 */
export const caseQualityRollup = pgTable(
  'case_quality_rollup',
  {
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.key] })],
);

/**
 * A reviewer's query on one field of a case (issue 31): 'open' waits for an answer from whoever may
 * edit the case, 'answered' waits for the reviewer, who replies (open again) or closes it. A case with
 * a query not closed cannot be approved for a package (libs approvalRefusal).
 */
export const fieldQueries = pgTable(
  'field_queries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id').notNull().references(() => patientCases.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    status: text('status').$type<'open' | 'answered' | 'closed'>().notNull(),
    raisedBy: uuid('raised_by'),
    raisedByUsername: text('raised_by_username'),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('field_queries_case_idx').on(t.caseId),
    index('field_queries_open_idx').on(t.status, t.raisedBy).where(sql`${t.status} <> 'closed'`),
  ],
);

/** The thread of a query: its question, the answers, the reviewer's replies and its close. */
export const fieldQueryMessages = pgTable(
  'field_query_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queryId: uuid('query_id').notNull().references(() => fieldQueries.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'question' | 'answer' | 'reply' | 'close'>().notNull(),
    text: text('text').notNull(),
    byId: uuid('by_id'),
    byUsername: text('by_username'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('field_query_messages_query_idx').on(t.queryId, t.at)],
);
