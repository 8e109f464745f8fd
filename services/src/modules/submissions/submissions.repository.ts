import { Injectable } from '@nestjs/common';
import type { SubmissionCaseType } from '@pnss/libs/api';
import {
  CASE_TYPE_RULE, type CaseCorrection, type CaseTypeCondition, type CaseTypeFacts, PACKAGEABLE_RULE, PATIENT_CORRECTION, type PackageableFacts,
} from '@pnss/libs/submissions';
import { type SQL, and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { caseFacts } from '../../database/case-facts.schema.js';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { patientCases, patients } from '../../database/patients.schema.js';
import { IN_PACKAGE_CASE } from '../../common/queries/patient-case.filters.js';
import { type AuditChange, auditLog } from '../../database/schema.js';
import {
  type VersionChanges, caseApprovals, censusPackageAmendments, censusPackageCases, censusPackageVersions, censusPackages, downloadTickets,
} from '../../database/submissions.schema.js';

const c = patientCases;
const f = caseFacts;
const pk = censusPackages;
const pc = censusPackageCases;

export type PackageRow = typeof censusPackages.$inferSelect;
export type NewPackageRow = typeof censusPackages.$inferInsert;
export type { VersionChanges };
export type TicketRow = typeof downloadTickets.$inferSelect;
export type VersionRow = typeof censusPackageVersions.$inferSelect;
export type AmendmentRow = Omit<typeof censusPackageAmendments.$inferSelect, 'submittedForm'>;
const pv = censusPackageVersions;
const am = censusPackageAmendments;

/** Where each fact of the case-type rule is stored: the case's columns, or the reporting projection. */
const FACT_COLUMNS: Record<keyof CaseTypeFacts, AnyPgColumn> = {
  caseFormType: c.caseFormType,
  isPregnancy: c.isPregnancy,
  isGyne: c.isGyne,
  motherCondition: c.motherCondition,
  pregnancyType: c.pregnancyType,
  gtdDiagnosis: f.gtdDiagnosis,
};

function conditionSql(condition: CaseTypeCondition): SQL {
  const column = FACT_COLUMNS[condition.field];
  return 'answered' in condition ? sql`${column} is not null` : sql`${column} = ${condition.equals}`;
}

/** The libs rule CASE_TYPE_RULE as SQL: any group holds, all conditions of a group hold. */
export function caseTypeSql(type: SubmissionCaseType): SQL {
  const groups = CASE_TYPE_RULE[type].map((group) => sql`(${sql.join(group.map(conditionSql), sql` and `)})`);
  return sql`(${sql.join(groups, sql` or `)})`;
}

/** Where each fact of the packageable rule is read: a case is in a package once one carries it or a build holds it. */
const PACKAGEABLE_FACTS: Record<keyof PackageableFacts, SQL> = {
  isClose: sql`(${c.isClose})`,
  isArchived: sql`(${c.isArchived})`,
  inPackage: IN_PACKAGE_CASE,
};

/** The libs rule PACKAGEABLE_RULE as SQL: closed, not archived, in no package (not even one being built). */
const PACKAGEABLE = and(
  ...PACKAGEABLE_RULE.map(({ field, equals }) => (equals ? PACKAGEABLE_FACTS[field] : sql`not ${PACKAGEABLE_FACTS[field]}`)),
);

/**
 * The corrections of a case's patient after `since`, oldest first, flattened: the audit rows the
 * cases feature writes when a corrected birth date re-derives the case (PATIENT_CORRECTION).
 */
/** The audit actions the build job writes as a build ends. */
export const BUILD_END_ACTIONS = ['build', 'rebuild_unchanged', 'build_failed'] as const;

function correctionsSince(caseId: AnyPgColumn, since: SQL): SQL<CaseCorrection[]> {
  return sql<CaseCorrection[]>`(select coalesce(jsonb_agg(change.value order by a.at, a.id, change.position), '[]'::jsonb)
    from ${auditLog} a cross join lateral jsonb_array_elements(a.changes) with ordinality as change(value, position)
    where a.entity = 'case' and a.entity_id = ${caseId}::text and a.action = ${PATIENT_CORRECTION} and a.at > ${since})`;
}

const REVIEW_COLUMNS = {
  id: c.id,
  caseNum: c.caseNum,
  admissionDate: c.admissionDate,
  dischargeDate: c.dischargeDate,
  version: c.version,
  caseFormType: c.caseFormType,
  isPregnancy: c.isPregnancy,
  isGyne: c.isGyne,
  pregnancyType: c.pregnancyType,
  deliveryManner: c.deliveryManner,
  motherCondition: c.motherCondition,
  patientId: patients.id,
  firstName: patients.firstName,
  middleName: patients.middleName,
  lastName: patients.lastName,
  birthDate: patients.birthDate,
  infantsNumber: f.infantsNumber,
  livebirthCount: f.livebirthCount,
  gyneOrgan: f.gyneOrgan,
  organCondition: f.organCondition,
  antecedentCause: f.antecedentCause,
  immediateCause: f.immediateCause,
  gtdDiagnosis: f.gtdDiagnosis,
  gtdComplication: f.gtdComplication,
  approvedVersion: caseApprovals.caseVersion,
  corrections: correctionsSince(c.id, sql`coalesce(${c.closedAt}, '-infinity'::timestamptz)`),
};

type ColumnsOnly = Omit<typeof REVIEW_COLUMNS, 'corrections'>;
export type ReviewRow = {
  [K in keyof ColumnsOnly]: ColumnsOnly[K]['_']['notNull'] extends true ? ColumnsOnly[K]['_']['data'] : ColumnsOnly[K]['_']['data'] | null;
} & { corrections: CaseCorrection[] };

export interface CaseCheckRow {
  id: string;
  caseNum: string;
  isClose: boolean;
  isArchived: boolean;
  submissionId: string | null;
  version: number;
  admissionDate: string | null;
  dischargeDate: string | null;
  approvedVersion: number | null;
  inPackage: boolean;
}

/** All SQL of the Submissions feature. */
@Injectable()
export class SubmissionsRepository {
  constructor(private readonly database: DatabaseService) {}

  get db() {
    return this.database.db;
  }

  /** One page of the review list: all closed cases, or those of one case type. */
  async reviewPage(type: SubmissionCaseType | null, limit: number, skip: number): Promise<{ rows: ReviewRow[]; count: number }> {
    const where = type ? and(PACKAGEABLE, caseTypeSql(type)) : PACKAGEABLE;
    const rows = await this.db
      .select(REVIEW_COLUMNS)
      .from(c)
      .innerJoin(patients, eq(patients.id, c.patientId))
      .leftJoin(f, eq(f.caseId, c.id))
      .leftJoin(caseApprovals, eq(caseApprovals.caseId, c.id))
      .where(where)
      .orderBy(sql`${c.dischargeDate} desc nulls last`, asc(c.caseNum), asc(c.id))
      .limit(limit)
      .offset(skip);
    const [total] = await this.db.select({ n: count() }).from(c).leftJoin(f, eq(f.caseId, c.id)).where(where);
    return { rows: rows as ReviewRow[], count: total.n };
  }

  /** What create and approve check about each case, in one query. */
  async checkCases(ids: string[], executor: Executor = this.db): Promise<CaseCheckRow[]> {
    if (ids.length === 0) return [];
    return executor
      .select({
        id: c.id,
        caseNum: c.caseNum,
        isClose: c.isClose,
        isArchived: c.isArchived,
        submissionId: c.submissionId,
        version: c.version,
        admissionDate: c.admissionDate,
        dischargeDate: c.dischargeDate,
        approvedVersion: caseApprovals.caseVersion,
        inPackage: sql<boolean>`exists (select 1 from ${pc} where ${pc.caseId} = ${c.id})`,
      })
      .from(c)
      .leftJoin(caseApprovals, eq(caseApprovals.caseId, c.id))
      .where(inArray(c.id, ids));
  }

  async approve(tx: Executor, rows: Array<{ caseId: string; caseVersion: number }>, actor: { id: string | null; username: string | null }) {
    if (rows.length === 0) return;
    await tx
      .insert(caseApprovals)
      .values(rows.map((r) => ({ ...r, approvedBy: actor.id, approvedByUsername: actor.username, approvedAt: new Date() })))
      .onConflictDoUpdate({
        target: caseApprovals.caseId,
        set: {
          caseVersion: sql`excluded.case_version`,
          approvedBy: sql`excluded.approved_by`,
          approvedByUsername: sql`excluded.approved_by_username`,
          approvedAt: sql`excluded.approved_at`,
        },
      });
  }

  async withdraw(tx: Executor, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await tx.delete(caseApprovals).where(inArray(caseApprovals.caseId, ids)).returning({ caseId: caseApprovals.caseId });
    return rows.map((r) => r.caseId);
  }

  async insertPackage(tx: Executor, values: NewPackageRow, caseIds: string[]): Promise<PackageRow> {
    const [row] = await tx.insert(pk).values(values).returning();
    await tx.insert(pc).values(caseIds.map((caseId) => ({ packageId: row.id, caseId })));
    return row;
  }

  async findPackage(submissionId: string, executor: Executor = this.db): Promise<PackageRow | null> {
    const [row] = await executor.select().from(pk).where(eq(pk.submissionId, submissionId)).limit(1);
    return row ?? null;
  }

  /** The package files some package owns: its current file and every earlier version's (issue 30: they stay downloadable). */
  async ownedFileNames(): Promise<Set<string>> {
    const rows = await this.db.select({ fileName: pk.fileName }).from(pk);
    const versions = await this.db.select({ fileName: pv.fileName }).from(pv);
    return new Set([...rows, ...versions].map((row) => row.fileName).filter((name): name is string => name !== null));
  }

  /** Every built version of these packages, newest first (issue 30). */
  async versionsOf(packageIds: string[]): Promise<VersionRow[]> {
    if (packageIds.length === 0) return [];
    return this.db.select().from(pv).where(inArray(pv.packageId, packageIds)).orderBy(desc(pv.version));
  }

  async findVersion(packageId: string, version: number): Promise<VersionRow | null> {
    const [row] = await this.db.select().from(pv).where(and(eq(pv.packageId, packageId), eq(pv.version, version))).limit(1);
    return row ?? null;
  }

  /**
   * The amendments and withdrawals of these packages' cases that the society has not received: not
   * yet in a version, or only in one built after the last version sent. Oldest first.
   */
  async pendingAmendments(packageIds: string[]): Promise<AmendmentRow[]> {
    if (packageIds.length === 0) return [];
    const lastSent = sql`coalesce((select max(${pv.version}) from ${pv} where ${pv.packageId} = ${am.packageId} and ${pv.sentAt} is not null), 0)`;
    return this.db
      .select({
        id: am.id, packageId: am.packageId, caseId: am.caseId, caseNum: am.caseNum, kind: am.kind, reason: am.reason, byUser: am.byUser,
        byUsername: am.byUsername, at: am.at, closedAt: am.closedAt, inVersion: am.inVersion,
      })
      .from(am)
      .where(and(inArray(am.packageId, packageIds), sql`(${am.inVersion} is null or ${am.inVersion} > ${lastSent})`))
      .orderBy(asc(am.at), asc(am.id));
  }

  /** The case numbers of these packages' cases that are reopened for amendment (open while a package carries them). */
  async amendingCases(packageIds: string[], executor: Executor = this.db): Promise<Array<{ packageId: string; caseNum: string }>> {
    if (packageIds.length === 0) return [];
    return executor
      .select({ packageId: pc.packageId, caseNum: c.caseNum })
      .from(pc)
      .innerJoin(c, eq(c.id, pc.caseId))
      .where(and(inArray(pc.packageId, packageIds), eq(c.isClose, false)))
      .orderBy(asc(c.caseNum));
  }

  /** A built version is recorded; the versions before it are superseded and stay downloadable. */
  async recordVersion(tx: Executor, values: typeof pv.$inferInsert): Promise<void> {
    await tx.update(pv).set({ supersededAt: new Date() }).where(and(eq(pv.packageId, values.packageId), lt(pv.version, values.version), isNull(pv.supersededAt)));
    await tx.insert(pv).values(values).onConflictDoNothing();
  }

  /** The withdrawals no version has carried yet: the next version omits these cases. */
  async unbuiltWithdrawals(tx: Executor, packageId: string): Promise<string[]> {
    const rows = await tx
      .select({ caseNum: am.caseNum })
      .from(am)
      .where(and(eq(am.packageId, packageId), eq(am.kind, 'withdraw'), isNull(am.inVersion)))
      .orderBy(asc(am.caseNum));
    return rows.map((r) => r.caseNum);
  }

  /** The corrections finished before this build (withdrawals, amendments closed again) are in `version`. */
  async stampAmendments(tx: Executor, packageId: string, version: number): Promise<void> {
    await tx
      .update(am)
      .set({ inVersion: version })
      .where(and(eq(am.packageId, packageId), isNull(am.inVersion), sql`(${am.kind} = 'withdraw' or ${am.closedAt} is not null)`));
  }

  /** The version the society received: its upload id and when. */
  async markVersionSent(tx: Executor, packageId: string, version: number, uploadId: string, sentAt: Date): Promise<void> {
    await tx.update(pv).set({ uploadId, sentAt }).where(and(eq(pv.packageId, packageId), eq(pv.version, version)));
  }

  async findPackageById(id: string, executor: Executor = this.db): Promise<PackageRow | null> {
    const [row] = await executor.select().from(pk).where(eq(pk.id, id)).limit(1);
    return row ?? null;
  }

  async packagesPage(search: string | null, limit: number, skip: number): Promise<{ rows: PackageRow[]; count: number }> {
    const where = search ? ilike(pk.submissionId, `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`) : undefined;
    const rows = await this.db.select().from(pk).where(where).orderBy(desc(pk.createdAt), desc(pk.id)).limit(limit).offset(skip);
    const [total] = await this.db.select({ n: count() }).from(pk).where(where);
    return { rows, count: total.n };
  }

  /**
   * The cases of these packages that are no longer at the version the package's file carries (a
   * correction of their patient changed them), with the corrections since that file was built.
   */
  async changedCases(packageIds: string[]): Promise<Array<{ packageId: string; caseNum: string; corrections: CaseCorrection[] }>> {
    if (packageIds.length === 0) return [];
    return this.db
      .select({ packageId: pc.packageId, caseNum: c.caseNum, corrections: correctionsSince(c.id, sql`coalesce(${pk.builtAt}, '-infinity'::timestamptz)`) })
      .from(pc)
      .innerJoin(c, eq(c.id, pc.caseId))
      .innerJoin(pk, eq(pk.id, pc.packageId))
      .where(and(inArray(pc.packageId, packageIds), sql`${pc.caseVersion} is not null`, sql`${pc.caseVersion} <> ${c.version}`))
      .orderBy(asc(c.caseNum), asc(c.id));
  }

  /**
   * How each package's last build ended, from its audit rows (the build job writes one as it ends:
   * 'build', 'rebuild_unchanged' or 'build_failed'), newest first per package.
   */
  async lastBuilds(submissionIds: string[]): Promise<Array<{ submissionId: string; action: string; at: Date; changes: AuditChange[] }>> {
    if (submissionIds.length === 0) return [];
    const rows = await this.db
      .selectDistinctOn([auditLog.entityId], { submissionId: auditLog.entityId, action: auditLog.action, at: auditLog.at, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'package'), inArray(auditLog.entityId, submissionIds), inArray(auditLog.action, [...BUILD_END_ACTIONS])))
      .orderBy(asc(auditLog.entityId), desc(auditLog.at), desc(auditLog.id));
    return rows.map((row) => ({ ...row, submissionId: row.submissionId ?? '' }));
  }

  /** The cases of a package with their patients, for the Create Submission overlay. */
  async packagedCases(packageId: string, limit: number, skip: number) {
    const where = eq(pc.packageId, packageId);
    const rows = await this.db
      .select({
        id: c.id,
        caseNum: c.caseNum,
        admissionDate: c.admissionDate,
        dischargeDate: c.dischargeDate,
        patientId: patients.id,
        firstName: patients.firstName,
        middleName: patients.middleName,
        lastName: patients.lastName,
        birthDate: patients.birthDate,
      })
      .from(pc)
      .innerJoin(c, eq(c.id, pc.caseId))
      .innerJoin(patients, eq(patients.id, c.patientId))
      .where(where)
      .orderBy(asc(c.caseNum), asc(c.id))
      .limit(limit)
      .offset(skip);
    const [total] = await this.db.select({ n: count() }).from(pc).where(where);
    return { rows, count: total.n };
  }

  /** The full rows of a package's cases, in a fixed order (the package's bytes depend on it). */
  async packageCaseRows(packageId: string, executor: Executor = this.db) {
    return executor
      .select({ row: c, version: pc.caseVersion })
      .from(pc)
      .innerJoin(c, eq(c.id, pc.caseId))
      .where(eq(pc.packageId, packageId))
      .orderBy(asc(c.id));
  }

  async lockCases(tx: Executor, ids: string[]) {
    if (ids.length === 0) return [];
    return tx
      .select({ id: c.id, version: c.version, isClose: c.isClose, isArchived: c.isArchived, submissionId: c.submissionId, caseNum: c.caseNum })
      .from(c)
      .where(inArray(c.id, ids))
      .for('update');
  }

  async markSubmitted(tx: Executor, ids: string[], submissionId: string): Promise<void> {
    if (ids.length === 0) return;
    await tx.update(c).set({ submissionId }).where(inArray(c.id, ids));
  }

  async setCaseVersions(tx: Executor, packageId: string, versions: Array<{ caseId: string; version: number }>): Promise<void> {
    for (const v of versions) {
      await tx.update(pc).set({ caseVersion: v.version }).where(and(eq(pc.packageId, packageId), eq(pc.caseId, v.caseId)));
    }
  }

  async releaseCases(tx: Executor, packageId: string): Promise<void> {
    await tx.delete(pc).where(eq(pc.packageId, packageId));
  }

  /** Updates a package row; with `where` only when it still holds. null when it no longer did. */
  /**
   * Updates a package only while it is in the state `guard` names, so two requests cannot both move
   * it (the loser gets null): 'idle' (neither building nor Sending), 'idleAtVersion' (idle, and still
   * the version the caller read), 'sending', 'building'.
   */
  async updatePackage(
    executor: Executor,
    id: string,
    set: Partial<NewPackageRow>,
    guard?: PackageGuard,
  ): Promise<PackageRow | null> {
    const [row] = await executor
      .update(pk)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(pk.id, id), guard === undefined ? undefined : packageGuard(guard)))
      .returning();
    return row ?? null;
  }

  /** Builds whose process is gone: running, with no heartbeat since `before`, or any at all when `before` is null. */
  async staleBuilds(before: Date | null, executor: Executor = this.db): Promise<PackageRow[]> {
    const stale = before ? or(isNull(pk.heartbeatAt), lt(pk.heartbeatAt, before)) : undefined;
    return executor.select().from(pk).where(and(eq(pk.building, true), stale));
  }

  async sendingPackages(): Promise<PackageRow[]> {
    return this.db.select().from(pk).where(eq(pk.status, 'Sending'));
  }

  async insertTicket(tx: Executor, values: typeof downloadTickets.$inferInsert): Promise<void> {
    await tx.insert(downloadTickets).values(values);
  }

  /** Spends a ticket: only an unused, unexpired one for this file; null otherwise. */
  async useTicket(tx: Executor, tokenHash: string, fileName: string): Promise<TicketRow | null> {
    const [row] = await tx
      .update(downloadTickets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(downloadTickets.tokenHash, tokenHash),
          eq(downloadTickets.fileName, fileName),
          isNull(downloadTickets.usedAt),
          sql`${downloadTickets.expiresAt} > now()`,
        ),
      )
      .returning();
    return row ?? null;
  }
}

/** The states a guarded package update may start from (see updatePackage). */
export type PackageGuard = 'idle' | 'sending' | 'building' | { idleAtVersion: number };

function packageGuard(guard: PackageGuard): SQL {
  const idle = sql`not ${pk.building} and ${pk.status} <> 'Sending'`;
  if (guard === 'idle') return idle;
  if (guard === 'sending') return sql`${pk.status} = 'Sending'`;
  if (guard === 'building') return sql`${pk.building}`;
  return sql`${idle} and ${pk.version} = ${guard.idleAtVersion}`;
}
