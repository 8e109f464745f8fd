import { Injectable } from '@nestjs/common';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { patientCases } from '../../database/patients.schema.js';
import { caseApprovals, censusPackageAmendments, censusPackageCases, censusPackageVersions, censusPackages } from '../../database/submissions.schema.js';

const a = censusPackageAmendments;
const pk = censusPackages;

export type PackageStateRow = Pick<typeof censusPackages.$inferSelect, 'id' | 'submissionId' | 'status' | 'building' | 'version'>;
export type NewAmendmentRow = typeof censusPackageAmendments.$inferInsert;

/** A version of a census package that concerns a case: the submission id and the version. */
export interface CaseVersionRow {
  submissionId: string;
  version: number;
}

/**
 * The SQL of a submitted case's corrections (issue 30), from the case's side: the amendment and
 * withdrawal rows, and what they change in the package that carries the case (its membership, its
 * resubmission flag). The package's build, versions and submission stay the submissions feature's.
 */
@Injectable()
export class CaseAmendmentsRepository {
  constructor(private readonly database: DatabaseService) {}

  /** The package a submission id names, locked for the correction's transaction. */
  async lockPackage(tx: Executor, submissionId: string): Promise<PackageStateRow | null> {
    const [row] = await tx
      .select({ id: pk.id, submissionId: pk.submissionId, status: pk.status, building: pk.building, version: pk.version })
      .from(pk)
      .where(eq(pk.submissionId, submissionId))
      .limit(1)
      .for('update');
    return row ?? null;
  }

  async insert(tx: Executor, values: NewAmendmentRow): Promise<void> {
    await tx.insert(a).values(values);
  }

  /**
   * The case's open amendment is closed again: answers the case as its package carried it and the
   * reason, or null when the case has no open amendment (a case amended before this table existed).
   */
  async closeAmendment(tx: Executor, caseId: string): Promise<{ reason: string; submittedForm: Record<string, unknown> | null } | null> {
    const [open] = await tx
      .select({ id: a.id, reason: a.reason, submittedForm: a.submittedForm })
      .from(a)
      .where(and(eq(a.caseId, caseId), eq(a.kind, 'amend'), isNull(a.closedAt)))
      .orderBy(desc(a.at))
      .limit(1);
    if (!open) return null;
    await tx.update(a).set({ closedAt: new Date() }).where(eq(a.id, open.id));
    return { reason: open.reason, submittedForm: open.submittedForm };
  }

  /** The case leaves the package (its next version omits it), and its approval lapses with it. */
  async removeFromPackage(tx: Executor, packageId: string, caseId: string): Promise<void> {
    await tx.delete(censusPackageCases).where(and(eq(censusPackageCases.packageId, packageId), eq(censusPackageCases.caseId, caseId)));
    await tx.delete(caseApprovals).where(eq(caseApprovals.caseId, caseId));
    await tx
      .update(pk)
      .set({ numOfCases: sql`greatest(${pk.numOfCases} - 1, 0)`, updatedAt: new Date() })
      .where(eq(pk.id, packageId));
  }

  /**
   * The versions of the packages that carry or carried the case (its package, or the one it was
   * withdrawn from) that concern it: each version whose changes name the case's number (added,
   * amended, withdrawn; version 1 adds every case), or that first carries one of its corrections.
   * The case's history reads the package's rows of these versions and no other.
   */
  async packageVersionsOf(caseId: string): Promise<CaseVersionRow[]> {
    const v = censusPackageVersions;
    const result = (await this.database.db.execute(sql`
      with nums as (
        select ${patientCases.caseNum} as num from ${patientCases} where ${patientCases.id} = ${caseId}
        union select ${a.caseNum} from ${a} where ${a.caseId} = ${caseId}
      ), packages as (
        select ${censusPackageCases.packageId} as package_id from ${censusPackageCases} where ${censusPackageCases.caseId} = ${caseId}
        union select ${a.packageId} from ${a} where ${a.caseId} = ${caseId}
      )
      select ${pk.submissionId} as submission_id, ${v.version} as version
      from ${v} join ${pk} on ${pk.id} = ${v.packageId}
      where ${v.packageId} in (select package_id from packages)
        and (
          exists (
            select 1 from nums
            where ${v.changes}->'added' @> to_jsonb(nums.num) or ${v.changes}->'amended' @> to_jsonb(nums.num)
              or ${v.changes}->'withdrawn' @> to_jsonb(nums.num)
          )
          or exists (select 1 from ${a} where ${a.caseId} = ${caseId} and ${a.packageId} = ${v.packageId} and ${a.inVersion} = ${v.version})
        )
      order by ${v.version}`)) as { rows: Array<{ submission_id: string; version: number | string }> };
    return result.rows.map((row) => ({ submissionId: row.submission_id, version: Number(row.version) }));
  }
}
