import { useParams, useNavigate } from 'react-router-dom';
import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { ErrorPanel, InfiniteList, casePaths, describeError, listItems } from '@pnss/web';
import { caseStatus } from '@pnss/libs/rules';
import { useGetCaseHistoryInfiniteQuery, useGetCaseQuery } from '../../api/cases.api.js';
import { CaseStatusTag } from '../../components/case-tags.js';
import { useRefetchOnReturn } from '../../components/use-refetch-on-return.js';
import { CaseHistoryStyles } from './case-history.styles.js';
import { HistoryEntry } from './history-entry.js';

/**
 * #/patients/:patientid/case/:caseid/history (issues 30, 31; beyond SPEC.md): what happened to one
 * case, in the order it happened. The address is the truth: the screen is keyed by patient and case,
 * reads RTK Query's `currentData` (the answer for this address only) and shows a case only when its
 * ids are the address's. No patient's name is shown: the case number says which case this is.
 */
export function CaseHistoryPage() {
  const { patientid = '', caseid = '' } = useParams<{ patientid: string; caseid: string }>();
  return <CaseHistory key={`${patientid}/${caseid}`} patientid={patientid} caseid={caseid} />;
}

function CaseHistory({ patientid, caseid }: { patientid: string; caseid: string }) {
  const navigate = useNavigate();
  const ref = { patientid, caseid };
  const stored = useGetCaseQuery(ref, { refetchOnMountOrArgChange: true });
  const history = useGetCaseHistoryInfiniteQuery(ref, { refetchOnMountOrArgChange: true });
  // A change made elsewhere meanwhile shows when the user comes back to the window.
  useRefetchOnReturn(history.refetch, true);
  const form = stored.currentData && stored.currentData._id === caseid && stored.currentData.patientid === patientid ? stored.currentData : undefined;
  const { count } = listItems(history);

  if (stored.error) {
    const notice = describeError(stored.error);
    if (notice.sessionEnded) return null;
    return (
      <ErrorPanel
        title={notice.status === 404 ? 'This case or patient was not found.' : 'The case history could not be loaded.'}
        detail={notice.message ?? undefined}
        onRetry={() => {
          void stored.refetch();
          void history.refetch();
        }}
      />
    );
  }

  const heading = form ? `History of Case # ${form.caseNum}` : 'Case history';
  return (
    <section className="pnss-history" aria-labelledby="case-history-title" aria-busy={!form}>
      <CaseHistoryStyles />
      <div className="pnss-history-head">
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(casePaths.caseForm(patientid, caseid))}>
          Back to the case
        </Button>
        <h2 id="case-history-title">{heading}</h2>
        {form ? <CaseStatusTag status={caseStatus(form)} /> : null}
        {typeof count === 'number' ? <span className="pnss-quiet-text">{count === 1 ? '1 entry' : `${count} entries`}, oldest first</span> : null}
      </div>
      <InfiniteList
        query={history}
        label={form ? `History of case # ${form.caseNum}` : 'Case history'}
        noun="history entries"
        className="pnss-history-list"
        itemKey={(entry) => entry._id}
        renderItem={(entry) => <HistoryEntry entry={entry} />}
        emptyTitle="Nothing has been recorded for this case yet."
      />
    </section>
  );
}
