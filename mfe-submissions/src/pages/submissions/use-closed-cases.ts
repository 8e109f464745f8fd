import { useEffect, useMemo, useState } from 'react';
import type { SubmissionCaseType } from '@pnss/libs/api';
import { useGetClosedCasesQuery } from '../../api/submissions.api.js';
import { useGetCaseQualityQuery } from '../../api/quality.api.js';
import type { ClosedCaseRow } from './cases-columns.js';

/**
 * The Cases tab's list: the page of closed cases of the chosen type (back to the first page when the
 * type changes), each case's review (issue 31), and the approvals as shown. A ticked box shows at
 * once (`showApproval`); the server's answer (the refetched list) then takes over.
 */
export function useClosedCases(caseType: SubmissionCaseType | null) {
  const [offset, setOffset] = useState(0);
  const query = useGetClosedCasesQuery({ caseType, offset });
  useEffect(() => setOffset(0), [caseType]);

  const [pending, setPending] = useState<Record<string, boolean>>({});
  useEffect(() => setPending({}), [query.data]);
  const rows = useMemo(
    () => ((query.data?.result ?? []) as ClosedCaseRow[]).map((row) => (row._id in pending ? { ...row, approved: pending[row._id] } : row)),
    [query.data, pending],
  );
  const approvedIds = rows.filter((row) => row.approved).map((row) => row._id);

  // Issue 31: each case's warnings and open queries beside its Approve box.
  const pageIds = useMemo(() => (query.data?.result ?? []).map((row) => row._id), [query.data]);
  const quality = useGetCaseQualityQuery(pageIds, { skip: pageIds.length === 0 });
  const qualityOf = (id: string) => quality.data?.result.find((q) => q._id === id);

  const showApproval = (caseIds: string[], approved: boolean) =>
    setPending((current) => ({ ...current, ...Object.fromEntries(caseIds.map((id) => [id, approved])) }));
  const forgetApprovals = () => setPending({});

  return { offset, setOffset, query, rows, approvedIds, qualityOf, refetchQuality: quality.refetch, showApproval, forgetApprovals };
}

export type ClosedCases = ReturnType<typeof useClosedCases>;
