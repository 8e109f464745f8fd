import { sql } from 'drizzle-orm';
import {
  boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import type { PackageManifest } from '@pnss/libs/submissions';
import { patientCases } from './patients.schema.js';

/**
 * Census packages (SPEC.md §3, §4; ARCHITECTURE.md "Census packages") and the society's hub tables.
 * Migration: services/drizzle/0004_census_packages.sql.
 */

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const censusPackages = pgTable(
  'census_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: text('submission_id').notNull().unique(),
    departmentId: text('department_id').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    numOfCases: integer('num_of_cases').notNull(),
    version: integer('version').notNull().default(1),
    /** building, buildfailed, pending, Sending, Sent, Failed (CensusPackageStatus). */
    status: text('status').notNull(),
    fileName: text('file_name'),
    sha256: text('sha256'),
    size: integer('size'),
    /** A build of this package runs; the partial unique index allows one per department. */
    building: boolean('building').notNull().default(false),
    progress: smallint('progress').notNull().default(0),
    /** Written as a build progresses: a build whose heartbeat stops was cut off. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    builtAt: timestamp('built_at', { withTimezone: true }),
    builtBy: uuid('built_by'),
    builtByUsername: text('built_by_username'),
    uploadId: text('upload_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Issue 30: a case was amended or withdrawn since the last submitted version (migration 0017). */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('census_packages_one_build_key').on(t.departmentId).where(sql`${t.building}`),
    index('census_packages_created_idx').on(t.createdAt, t.id),
  ],
);

/** The cases a package carries, with the case version it carried. A case is in one package at most. */
export const censusPackageCases = pgTable(
  'census_package_cases',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => censusPackages.id, { onDelete: 'cascade' }),
    caseId: uuid('case_id')
      .notNull()
      .references(() => patientCases.id, { onDelete: 'restrict' }),
    /** Null until the build has read the case. */
    caseVersion: integer('case_version'),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.caseId] }), uniqueIndex('census_package_cases_case_key').on(t.caseId)],
);

/** What a version of a package changed against the one before it (issue 30). */
export interface VersionChanges {
  added: string[];
  amended: string[];
  withdrawn: string[];
}

/**
 * Every built version of a package (issue 30, migration 0017): the earlier ones stay downloadable
 * and are listed as superseded; their files are owned, so the package store never removes them.
 */
export const censusPackageVersions = pgTable(
  'census_package_versions',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => censusPackages.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull(),
    builtByUsername: text('built_by_username'),
    uploadId: text('upload_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    changes: jsonb('changes').$type<VersionChanges>().notNull().default({ added: [], amended: [], withdrawn: [] }),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.version], name: 'census_package_versions_pkey' })],
);

/**
 * A submitted case reopened for amendment or withdrawn from its package, with the reason (issue 30,
 * migration 0017). `submittedForm` is the case as its package carried it, to audit what the
 * amendment changed; `inVersion` is the package version that first carries the correction.
 */
export const censusPackageAmendments = pgTable(
  'census_package_amendments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => censusPackages.id, { onDelete: 'cascade' }),
    caseId: uuid('case_id')
      .notNull()
      .references(() => patientCases.id, { onDelete: 'restrict' }),
    caseNum: text('case_num').notNull(),
    kind: text('kind').$type<'amend' | 'withdraw'>().notNull(),
    reason: text('reason').notNull(),
    submittedForm: jsonb('submitted_form').$type<Record<string, unknown>>(),
    byUser: uuid('by_user'),
    byUsername: text('by_username'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    inVersion: integer('in_version'),
  },
  (t) => [index('census_package_amendments_package_idx').on(t.packageId, t.at), index('census_package_amendments_case_idx').on(t.caseId)],
);

/** A reviewer's approval of a closed case, for the version of the case they reviewed. */
export const caseApprovals = pgTable('case_approvals', {
  caseId: uuid('case_id')
    .primaryKey()
    .references(() => patientCases.id, { onDelete: 'cascade' }),
  caseVersion: integer('case_version').notNull(),
  approvedBy: uuid('approved_by'),
  approvedByUsername: text('approved_by_username'),
  approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use download links: the token's SHA-256 only, never the token. */
export const downloadTickets = pgTable('download_tickets', {
  tokenHash: text('token_hash').primaryKey(),
  packageId: uuid('package_id')
    .notNull()
    .references(() => censusPackages.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  userId: uuid('user_id'),
  username: text('username'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

// The society's hub (HUB_ENABLED=true).

export const hubApiKeys = pgTable(
  'hub_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    departmentId: text('department_id').notNull(),
    label: text('label').notNull().default(''),
    prefix: text('prefix').notNull(),
    /** SHA-256 of the key (a random 256-bit key needs no slow hash). */
    keyHash: text('key_hash').notNull().unique(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('hub_api_keys_department_idx').on(t.departmentId)],
);

/** What a received package shares with other departments' packages: it should share nothing. */
export interface HubCollisions {
  patientKeys: number;
  caseIds: number;
  departments: string[];
}

export const hubPackages = pgTable(
  'hub_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploadId: text('upload_id').notNull().unique(),
    departmentId: text('department_id').notNull(),
    submissionId: text('submission_id').notNull(),
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    numOfCases: integer('num_of_cases').notNull(),
    dataDictionaryVersion: text('data_dictionary_version').notNull(),
    manifest: jsonb('manifest').$type<PackageManifest>().notNull(),
    verification: text('verification').notNull(),
    content: bytea('content').notNull(),
    apiKeyId: uuid('api_key_id').references(() => hubApiKeys.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'receiving' while its cases are written in batches (no list shows it), 'received' once verified (migration 0012). */
    state: text('state').$type<'receiving' | 'received'>().notNull().default('received'),
    /** Patient keys and record ids also found in other departments' packages, or null (migration 0012). */
    collisions: jsonb('collisions').$type<HubCollisions>(),
    /** Issue 30 (migration 0018): when a later version of the submission replaced this one's cases. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** What this version changed against the one it replaced, by record key; null for a first version. */
    changes: jsonb('changes').$type<VersionChanges>(),
  },
  (t) => [
    uniqueIndex('hub_packages_version_key').on(t.departmentId, t.submissionId, t.version),
    index('hub_packages_received_idx').on(t.receivedAt, t.id),
    index('hub_packages_submission_idx').on(t.departmentId, t.submissionId, t.version),
  ],
);

/**
 * The keys of the received packages' cases (record id, patient key, case types, month of discharge):
 * what the collision check and the national figures' bookkeeping read. Their values stay in the
 * package's ZIP (migration 0030).
 */
export const hubPackageCases = pgTable(
  'hub_package_cases',
  {
    hubPackageId: uuid('hub_package_id')
      .notNull()
      .references(() => hubPackages.id, { onDelete: 'cascade' }),
    caseId: text('case_id').notNull(),
    patientKey: text('patient_key').notNull(),
    caseTypes: jsonb('case_types').$type<string[]>().notNull(),
    /** 'YYYY-MM': a package carries no day of care (data dictionary 2026.2; migration 0014). */
    dischargeMonth: text('discharge_month'),
    // A case's values are read from its package's file (hub_packages.content; migration 0030).
  },
  (t) => [
    primaryKey({ columns: [t.hubPackageId, t.caseId] }),
    index('hub_package_cases_patient_idx').on(t.patientKey),
    index('hub_package_cases_case_idx').on(t.caseId),
  ],
);
