import { bigint, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { patients } from './patients.schema.js';

/**
 * Exact list counts without a table scan (migration 0006). Both tables are written only by the
 * statement-level triggers on patients and patient_cases, in the transaction of the change;
 * the application only reads them.
 */

/** One row per count: patients, cases, open_cases, archived_cases, open_case_patients, admitted_patients. */
export const listCounters = pgTable('list_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/** Per patient: how many of their cases are open, and how many are admitted (no discharge date), archived ones left out. */
export const patientCaseStats = pgTable('patient_case_stats', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => patients.id, { onDelete: 'cascade' }),
  openCases: integer('open_cases').notNull().default(0),
  admittedCases: integer('admitted_cases').notNull().default(0),
});
