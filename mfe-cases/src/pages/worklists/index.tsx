import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { Typography } from 'antd';
import { InfiniteList, NotPermitted, casePaths, selectPermissions, useAccess, useAppSelector } from '@pnss/web';
import type { WorklistEntry, WorklistKey } from '@pnss/libs/api';
import { isWorklistKey, mayOpenWorklist, openDays, openDaysLabel, worklistDefinition, worklistsFor } from '@pnss/libs/quality';
import { pluralize } from '@pnss/libs/format';
import { useGetWorklistInfiniteQuery } from '../../api/worklists.api.js';
import { todayIso } from '../../format/display.js';
import { ListHeader } from '../../components/list-header.js';
import { SearchBox } from '../../components/search-box.js';
import { useRefetchOnReturn } from '../../components/use-refetch-on-return.js';
import { CaseListItem } from '../cases/case-list-item.js';
import { WorklistTabs } from './worklist-tabs.js';

/** #/cases/worklists: the first list the user is offered. */
export function WorklistsIndex() {
  const permissions = useAppSelector(selectPermissions);
  return <Navigate to={casePaths.worklist(worklistsFor(permissions)[0]?.key ?? 'my-open')} replace />;
}

/**
 * A worklist (issue 31): the cases waiting for the signed-in user, a saved filter of the Cases list
 * with its paging and case-number search. Its title and its definition in words come from libs
 * (WORKLISTS), as the server's SQL does; the lists and their counts are links above it.
 */
export function WorklistPage() {
  const { list } = useParams();
  const access = useAccess();
  const permissions = useAppSelector(selectPermissions);
  if (!isWorklistKey(list)) return <Navigate to={casePaths.worklists} replace />;
  if (!access.canViewWorklists || !mayOpenWorklist(list, permissions)) {
    return (
      <NotPermitted
        title="You do not have permission to open this worklist."
        subTitle="Ask your department's administrator for the role that does this work."
      />
    );
  }
  // A new list starts with its own search.
  return <WorklistView key={list} list={list} />;
}

function WorklistView({ list }: { list: WorklistKey }) {
  const access = useAccess();
  const definition = worklistDefinition(list);
  const [search, setSearch] = useState('');
  const query = useGetWorklistInfiniteQuery({ list, search: search || undefined }, { refetchOnMountOrArgChange: true });
  useRefetchOnReturn(query.refetch, true);
  const first = query.currentData?.pages[0];
  const count = first?.count;
  const noun = pluralize(count ?? 0, 'case');
  const today = todayIso();
  const note = (item: WorklistEntry) => (definition.showsOpenDays ? openDaysLabel(openDays(item.openedAt, today)) : undefined);

  return (
    <section aria-labelledby="worklist-title">
      <WorklistTabs current={list} />
      <ListHeader id="worklist-title" title={definition.title} count={count} more={first?.countCapped === true} noun={noun} />
      <Typography.Paragraph className="pnss-quiet-text" id="worklist-definition">
        {definition.definition}
      </Typography.Paragraph>
      <div className="pnss-cases-filters" role="search" aria-label="Worklist search">
        <div style={{ flex: '1 1 240px', maxWidth: 420 }}>
          <SearchBox label="Search Case Number" initial="" onSearch={setSearch} />
        </div>
      </div>
      <div className="pnss-cases-panel" style={{ padding: '4px 8px' }}>
        <InfiniteList
          query={query}
          label={definition.title}
          noun={noun}
          className="pnss-cases-list"
          itemKey={(item) => item._id}
          renderItem={(item) => <CaseListItem item={item} canEditInfo={access.canEditCase} note={note(item)} backTo={casePaths.worklist(list)} />}
          emptyTitle={search ? 'No cases match this search.' : definition.empty}
        />
      </div>
    </section>
  );
}
