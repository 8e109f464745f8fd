import { App, Typography } from 'antd';
import type { CaseQualityView } from '@pnss/libs/api';
import { failedRules, qualityRuleTitle } from '@pnss/libs/quality';
import { approvalRefusal, needsWarningsConfirmation, type ApprovableFacts } from '@pnss/libs/submissions';
import { describeError, toast } from '@pnss/web';
import { useSetApprovalMutation } from '../../api/submissions.api.js';
import type { ClosedCaseRow } from './cases-columns.js';
import type { ClosedCases } from './use-closed-cases.js';

/**
 * The facts the approval rule of libs asks of a case on the Cases tab: it is closed and not archived
 * (the list holds no other), in a package once one carries it, and its review's open queries and the
 * quality rules it fails. An unread review counts as none found; the server asks it again.
 */
export function approvalFactsOf(row: Pick<ClosedCaseRow, 'submissionId'>, review: CaseQualityView | undefined): Omit<ApprovableFacts, 'warningsConfirmed'> {
  return {
    isClose: true, isArchived: false, inPackage: Boolean(row.submissionId),
    openQueryFields: review?.openQueryFields ?? [],
    qualityRules: review ? failedRules(review) : [],
  };
}

/**
 * Approve and unapprove on the Cases tab: the approval rule of libs, as the server runs it (issue 31).
 * A case with an open query is refused here and says why; one whose review fails a quality rule is
 * approved only once the reviewer confirms its warnings in a dialog, a confirmation the server
 * records with the approval.
 */
export function useCaseApproval({ rows, qualityOf, showApproval, forgetApprovals, refetchQuality }: ClosedCases) {
  const { modal } = App.useApp();
  const [setApproval, approval] = useSetApprovalMutation();

  const approve = async (caseIds: string[], approved: boolean, warningsConfirmed = false) => {
    if (caseIds.length === 0) return;
    showApproval(caseIds, approved);
    try {
      await setApproval(warningsConfirmed ? { caseIds, approved, warningsConfirmed } : { caseIds, approved }).unwrap();
    } catch (error) {
      forgetApprovals();
      toast.error(describeError(error).message ?? 'The approval could not be saved.');
    }
    void refetchQuality();
  };

  const confirmApprove = (caseIds: string[], approved: boolean) => {
    if (!approved) {
      void approve(caseIds, approved);
      return;
    }
    const chosen = rows.filter((row) => caseIds.includes(row._id)).map((row) => ({ row, facts: approvalFactsOf(row, qualityOf(row._id)) }));
    const refused = chosen.flatMap(({ row, facts }) => {
      const reason = approvalRefusal({ ...facts, warningsConfirmed: true });
      return reason ? [`Case ${row.caseNum} ${reason}`] : [];
    });
    if (refused.length > 0) {
      toast.error(refused.join('. '));
      return;
    }
    const warned = chosen.filter(({ facts }) => needsWarningsConfirmation(facts));
    if (warned.length === 0) {
      void approve(caseIds, approved);
      return;
    }
    modal.confirm({
      title: warned.length === 1 ? 'This case has data-quality warnings' : `${warned.length} of these cases have data-quality warnings`,
      content: (
        <>
          <ul className="pnss-quality-list" aria-label="Warnings to confirm">
            {warned.map(({ row, facts }) => (
              <li key={row._id}>Case {row.caseNum}: {facts.qualityRules.map(qualityRuleTitle).join('; ')}</li>
            ))}
          </ul>
          <Typography.Paragraph>Approve anyway? Your confirmation is recorded with the approval.</Typography.Paragraph>
        </>
      ),
      okText: 'Approve',
      onOk: () => approve(caseIds, approved, true),
    });
  };

  return { confirmApprove, approving: approval.isLoading };
}
