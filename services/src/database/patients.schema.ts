import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { HistoryEntry } from '@pnss/libs/api';

/**
 * Patients and their cases (SPEC.md §3). Everything the lists, the lifecycle, the submissions and
 * the reports filter, sort, join or constrain on is a column; the rest of the case form is one JSONB
 * document (`form`). Calendar dates are DATE columns read as 'YYYY-MM-DD'.
 */

export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Empty for a patient created from the case-information screen, which asks no name. */
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull().default(''),
    /** A PNG, JPEG or WebP data URL; lists leave it out. */
    avatar: text('avatar'),
    birthDate: date('birth_date', { mode: 'string' }),
    pediatricConfirmed: boolean('pediatric_confirmed').notNull().default(false),
    medicalHistory: jsonb('medical_history').$type<HistoryEntry[]>().notNull().default([]),
    obstetricHistory: jsonb('obstetric_history').$type<HistoryEntry[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's order: last name, first name.
    index('patients_name_order_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    index('patients_first_name_lower_idx').on(sql`lower(${t.firstName})`),
    index('patients_birth_date_idx').on(t.birthDate),
  ],
);

/** One case of a patient: the PNSS case form. `version` grows by one at every change (optimistic locking). */
export const patientCases = pgTable(
  'patient_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'restrict' }),
    /** The hospital's PCRN, unique whatever its letter case. */
    caseNum: text('case_num').notNull(),
    /** 1 OB, 2 GYNE (CASE_FORM_TYPES). */
    caseFormType: smallint('case_form_type'),
    isPregnancy: boolean('is_pregnancy').notNull().default(false),
    isGyne: boolean('is_gyne').notNull().default(false),
    isClose: boolean('is_close').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    /** Set by the census package that carries the case: a submitted case can no longer be reopened. */
    submissionId: text('submission_id'),
    admissionDate: date('admission_date', { mode: 'string' }),
    dischargeDate: date('discharge_date', { mode: 'string' }),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** Whole years at admission, computed by the server from the patient's birth date. */
    age: smallint('age'),
    /** PREGNANCY_TYPES. */
    pregnancyType: smallint('pregnancy_type'),
    /** DELIVERY_MANNERS (first or only infant). */
    deliveryManner: smallint('delivery_manner'),
    /** MOTHER_CONDITIONS; 3 is death. */
    motherCondition: smallint('mother_condition'),
    /** Every other field of the case form (CaseForm minus the columns above). */
    form: jsonb('form').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('patient_cases_case_num_lower_key').on(sql`lower(${t.caseNum})`),
    index('patient_cases_patient_idx').on(t.patientId),
    // The patient list's Admitted filter and flag: cases still without a discharge date.
    index('patient_cases_admitted_idx').on(t.patientId).where(sql`${t.dischargeDate} is null and not ${t.isArchived}`),
    index('patient_cases_state_idx').on(t.isClose, t.isArchived),
    index('patient_cases_admission_date_idx').on(t.admissionDate),
    index('patient_cases_discharge_date_idx').on(t.dischargeDate),
    index('patient_cases_submission_idx').on(t.submissionId),
    index('patient_cases_created_idx').on(t.createdAt, t.id),
  ],
);
