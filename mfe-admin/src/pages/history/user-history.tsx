import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAdminAccess } from '../../access/use-admin-access.js';
import { useGetUserHistoryQuery, useGetUserQuery } from '../../api/accounts.api.js';
import { fullName } from '../../format/user-display.js';
import { HistoryDrawer } from './history-drawer.js';
import { adminPaths } from '@pnss/web';

/** #/admin/users/:userid/history: every change made to the account. */
export function UserHistoryDrawer() {
  const { userid = '' } = useParams();
  const navigate = useNavigate();
  const { canViewAudit, canViewUser } = useAdminAccess();
  const [offset, setOffset] = useState(0);
  const history = useGetUserHistoryQuery({ id: userid, offset }, { skip: !canViewAudit, refetchOnMountOrArgChange: true });
  const user = useGetUserQuery(userid, { skip: !canViewUser });
  const title = user.data ? `History of ${fullName(user.data)} (${user.data.username})` : 'User history';
  return (
    <HistoryDrawer
      title={title}
      query={history}
      offset={offset}
      onOffset={setOffset}
      allowed={canViewAudit}
      onClose={() => navigate(adminPaths.users)}
    />
  );
}
