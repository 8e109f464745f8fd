import { boolean, foreignKey, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { IngestState } from '@pnss/libs/api';
import { hubPackages } from './submissions.schema.js';

/**
 * The national census at the society's hub (issue 29; migration 0021): each received package's ingest,
 * the version of each submission the figures count, and the national facts of its cases and infants
 * (libs deriveNationalFacts).
 */
export const nationalIngest = pgTable(
  'national_ingest',
  {
    hubPackageId: uuid('hub_package_id').primaryKey().references(() => hubPackages.id, { onDelete: 'cascade' }),
    departmentId: text('department_id').notNull(),
    submissionId: text('submission_id').notNull(),
    version: integer('version').notNull(),
    state: text('state').$type<IngestState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    reason: text('reason'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    ingestedAt: timestamp('ingested_at', { withTimezone: true }),
    factCases: integer('fact_cases').notNull().default(0),
    factInfants: integer('fact_infants').notNull().default(0),
  },
  (t) => [
    index('national_ingest_submission_idx').on(t.departmentId, t.submissionId, t.version),
    index('national_ingest_state_idx').on(t.state, t.queuedAt),
  ],
);

/** The version of each submission the national figures count: the latest ingested. */
export const nationalSubmissions = pgTable(
  'national_submissions',
  {
    departmentId: text('department_id').notNull(),
    submissionId: text('submission_id').notNull(),
    hubPackageId: uuid('hub_package_id').notNull().references(() => hubPackages.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    ingestedAt: timestamp('ingested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'national_submissions_pk', columns: [t.departmentId, t.submissionId] })],
);

export const nationalCases = pgTable(
  'national_cases',
  {
    departmentId: text('department_id').notNull(),
    patientKey: text('patient_key').notNull(),
    caseId: text('case_id').notNull(),
    submissionId: text('submission_id').notNull(),
    hubPackageId: uuid('hub_package_id').notNull().references(() => hubPackages.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    derivation: smallint('derivation').notNull(),
    /** 'YYYY-MM'. */
    dischargeMonth: text('discharge_month'),
    isObstetric: boolean('is_obstetric').notNull(),
    isGyne: boolean('is_gyne').notNull(),
    robsonSegment: text('robson_segment'),
    isCaesarean: boolean('is_caesarean').notNull(),
    isMaternalDeath: boolean('is_maternal_death').notNull(),
    icdMmSegment: text('icd_mm_segment'),
    countsInRatio: boolean('counts_in_ratio').notNull(),
    deathTimingSegment: text('death_timing_segment'),
  },
  (t) => [
    primaryKey({ name: 'national_cases_pk', columns: [t.departmentId, t.patientKey, t.caseId] }),
    index('national_cases_submission_idx').on(t.departmentId, t.submissionId),
    index('national_cases_month_idx').on(t.dischargeMonth, t.departmentId),
  ],
);

export const nationalInfants = pgTable(
  'national_infants',
  {
    departmentId: text('department_id').notNull(),
    patientKey: text('patient_key').notNull(),
    caseId: text('case_id').notNull(),
    position: smallint('position').notNull(),
    /** The case's month and scope, repeated so the births are counted without a join. */
    dischargeMonth: text('discharge_month'),
    isObstetric: boolean('is_obstetric').notNull(),
    status: smallint('status'),
    weight: integer('weight'),
    isLiveBorn: boolean('is_live_born').notNull(),
    isStillbirth: boolean('is_stillbirth').notNull(),
    isEarlyNeonatalDeath: boolean('is_early_neonatal_death').notNull(),
    isNeonatalDeath: boolean('is_neonatal_death').notNull(),
    gestationMin: smallint('gestation_min'),
    gestationMax: smallint('gestation_max'),
  },
  (t) => [
    primaryKey({ name: 'national_infants_pk', columns: [t.departmentId, t.patientKey, t.caseId, t.position] }),
    foreignKey({ name: 'national_infants_case_fk', columns: [t.departmentId, t.patientKey, t.caseId], foreignColumns: [nationalCases.departmentId, nationalCases.patientKey, nationalCases.caseId] })
      .onDelete('cascade'),
    index('national_infants_month_idx').on(t.dischargeMonth, t.departmentId),
  ],
);

/**
 * The national cases counted by department, month and what the figures group (migration 0027): the
 * ingest counts a department's touched months again from national_cases in the transaction that
 * writes them, and every national view reads these sums instead of the cases.
 */
export const nationalCaseCounts = pgTable(
  'national_case_counts',
  {
    departmentId: text('department_id').notNull(),
    dischargeMonth: text('discharge_month'),
    isObstetric: boolean('is_obstetric').notNull(),
    robsonSegment: text('robson_segment'),
    isCaesarean: boolean('is_caesarean').notNull(),
    isMaternalDeath: boolean('is_maternal_death').notNull(),
    icdMmSegment: text('icd_mm_segment'),
    deathTimingSegment: text('death_timing_segment'),
    n: integer('n').notNull(),
  },
  (t) => [
    index('national_case_counts_month_idx').on(t.dischargeMonth, t.departmentId),
    index('national_case_counts_department_idx').on(t.departmentId, t.dischargeMonth),
  ],
);

/** The obstetric cases' infants counted by department, month and outcome, a stillbirth with its weight and gestation (migration 0027). */
export const nationalBirthCounts = pgTable(
  'national_birth_counts',
  {
    departmentId: text('department_id').notNull(),
    dischargeMonth: text('discharge_month'),
    status: smallint('status'),
    weight: integer('weight'),
    gestationMin: smallint('gestation_min'),
    gestationMax: smallint('gestation_max'),
    n: integer('n').notNull(),
  },
  (t) => [
    index('national_birth_counts_month_idx').on(t.dischargeMonth, t.departmentId),
    index('national_birth_counts_department_idx').on(t.departmentId, t.dischargeMonth),
  ],
);
