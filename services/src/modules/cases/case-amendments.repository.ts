import { Injectable } from '@nestjs/common';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { caseApprovals, censusPackageAmendments, censusPackageCases, censusPackages } from '../../database/submissions.schema.js';

const a = censusPackageAmendments;
const pk = censusPackages;

export type PackageStateRow = Pick<typeof censusPackages.$inferSelect, 'id' | 'submissionId' | 'status' | 'building' | 'version'>;
export type NewAmendmentRow = typeof censusPackageAmendments.$inferInsert;

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
}
