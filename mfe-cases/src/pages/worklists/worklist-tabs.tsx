import { Link } from 'react-router-dom';
import type { WorklistKey } from '@pnss/libs/api';
import { waitingLabel, worklistsFor } from '@pnss/libs/quality';
import { casePaths, selectPermissions, useAppSelector } from '@pnss/web';
import { useGetWorklistCountsQuery } from '../../api/worklists.api.js';

/**
 * The worklists the user is offered, each a link with its count (read to screen readers as '3
 * cases waiting'); the current one is marked as the page.
 */
export function WorklistTabs({ current }: { current: WorklistKey }) {
  const permissions = useAppSelector(selectPermissions);
  const { currentData } = useGetWorklistCountsQuery(undefined, { refetchOnMountOrArgChange: true });
  const countOf = (key: WorklistKey) => currentData?.lists.find((entry) => entry.key === key);
  return (
    <nav aria-label="Worklists" className="pnss-worklist-tabs">
      <ul>
        {worklistsFor(permissions).map((list) => {
          const entry = countOf(list.key);
          return (
            <li key={list.key}>
              <Link to={casePaths.worklist(list.key)} aria-current={list.key === current ? 'page' : undefined} className="pnss-worklist-tab">
                <span>{list.title}</span>
                {entry === undefined ? null : (
                  <>
                    <span className="pnss-worklist-count" aria-hidden="true">
                      {entry.capped ? `${entry.count}+` : entry.count}
                    </span>
                    <span className="pnss-sr-only">, {waitingLabel(entry.count, entry.capped)}</span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
