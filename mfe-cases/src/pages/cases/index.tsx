import { Button, Result } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { InfiniteList, useAccess, useAppDispatch, useAppSelector, casePaths } from '@pnss/web';
import { useGetCasesInfiniteQuery, type CaseListArgs } from '../../api/cases.api.js';
import { useRefetchOnReturn } from '../../components/use-refetch-on-return.js';
import { casesFiltersChanged, selectCasesList, type CasesFilters as Filters } from '../../state/list-state.slice.js';
import { ListHeader } from '../../components/list-header.js';
import { useRememberedScroll } from '../../components/use-remembered-scroll.js';
import { CasesFilters } from './cases-filters.js';
import { OnDeviceOnly } from '../../components/on-device-only.js';
import { CaseListItem } from './case-list-item.js';

export function toCaseArgs(filters: Filters): CaseListArgs {
  return {
    search: filters.search || undefined,
    // The server keeps archived cases out of the open ones, so the archived list asks for all.
    tag: filters.cases === 'archived' ? 'all' : filters.tag,
    cases: filters.cases,
    fromdate: filters.fromdate ?? undefined,
    todate: filters.todate ?? undefined,
  };
}

function isFiltered(filters: Filters): boolean {
  return Boolean(filters.search || filters.fromdate || filters.todate || filters.cases !== 'all');
}

/** What an empty list says, in the words of the filters that emptied it. */
export function emptyListTitle(filters: Filters): string {
  if (filters.search || filters.fromdate || filters.todate) return 'No cases match these filters.';
  if (filters.cases === 'archived') return 'No archived cases.';
  const type = filters.cases === 'ob' ? 'OB ' : filters.cases === 'gyne' ? 'Gyne ' : '';
  if (filters.tag === 'openCase') return `No open ${type}cases. Choose All to see closed cases too.`;
  return `No ${type}cases yet.`;
}

/** SPEC.md §2 Cases list: the cases root. Returning from a case finds it as it was left. */
export function CasesPage() {
  const access = useAccess();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { scrollY, ...filters } = useAppSelector(selectCasesList);

  // The status tags follow the server (issue 25 item 3): read again on entering the list and on coming back to the window.
  const query = useGetCasesInfiniteQuery(toCaseArgs(filters), { skip: !access.canListCases, refetchOnMountOrArgChange: true });
  useRefetchOnReturn(query.refetch, access.canListCases);
  const pages = query.currentData?.pages;
  const count = pages?.[0]?.count;
  useRememberedScroll('cases', scrollY, Boolean(pages));

  // The case-information screen makes the patient as well, which needs both permissions.
  const canAdd = access.canCreateCase && access.canSavePatient;
  const emptyTitle = emptyListTitle(filters);

  return (
    <section aria-labelledby="cases-title">
      <ListHeader
        id="cases-title"
        title="Cases"
        count={count}
        noun={count === 1 ? 'case' : 'cases'}
        actions={
          canAdd ? (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} aria-label="Add case" onClick={() => navigate(casePaths.newPatientCase)}>
              Add
            </Button>
          ) : null
        }
      />
      {access.canListCases ? (
        <>
          <CasesFilters filters={filters} onChange={(change) => dispatch(casesFiltersChanged(change))} />
          <OnDeviceOnly kind="cases" />
          <div className="pnss-cases-panel" style={{ padding: '4px 8px' }}>
            <InfiniteList
              query={query}
              label="Cases"
              noun={count === 1 ? 'case' : 'cases'}
              className="pnss-cases-list"
              itemKey={(item) => item._id}
              renderItem={(item) => <CaseListItem item={item} canEditInfo={access.canEditCase} />}
              emptyTitle={emptyTitle}
              emptyHint={!isFiltered(filters) && canAdd ? 'Click Add to record a new case.' : null}
            />
          </div>
        </>
      ) : (
        <Result status="403" title="You do not have permission to see the cases list." />
      )}
    </section>
  );
}
