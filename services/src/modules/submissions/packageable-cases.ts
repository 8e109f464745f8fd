import { approvalRefusal } from '@pnss/libs/submissions';
import type { ApprovalQualityFacts } from '../quality/quality.service.js';
import { SubmissionsErrorCode, submissionsError } from './submissions.errors.js';
import type { CaseCheckRow } from './submissions.repository.js';

/** Every id named must be a case: a 404 naming the missing ones. */
export function assertCasesFound(ids: string[], rows: CaseCheckRow[]): void {
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) {
    throw submissionsError(SubmissionsErrorCode.CaseNotFound, { cases: missing.map((id) => ({ id, caseNum: id, reason: 'not found' })) });
  }
}

/**
 * The approval rule of libs on each case (the packageable rule, then no open query, then its
 * data-quality warnings confirmed when it has any, issue 31): a 409 naming every case refused with
 * its reason, which the Cases tab shows.
 */
export function assertCasesApprovable(rows: CaseCheckRow[], quality: ApprovalQualityFacts, warningsConfirmed: boolean): void {
  const refused = rows.flatMap((r) => {
    const reason = approvalRefusal({
      isClose: r.isClose, isArchived: r.isArchived, inPackage: Boolean(r.submissionId) || r.inPackage,
      openQueryFields: quality.openQueryFields.get(r.id) ?? [], qualityRules: quality.qualityRules.get(r.id) ?? [], warningsConfirmed,
    });
    return reason ? [{ id: r.id, caseNum: r.caseNum, reason }] : [];
  });
  if (refused.length > 0) throw submissionsError(SubmissionsErrorCode.CaseNotPackageable, { cases: refused });
}
