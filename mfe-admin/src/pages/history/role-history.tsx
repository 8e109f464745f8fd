import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAccess, adminPaths } from '@pnss/web';
import { useGetRoleHistoryQuery, useListRolesQuery } from '../../api/roles.api.js';
import { HistoryDrawer } from './history-drawer.js';

/** #/admin/roles/:roleid/history: every change made to the role's features. */
export function RoleHistoryDrawer() {
  const { roleid = '' } = useParams();
  const navigate = useNavigate();
  const { canViewAudit, canViewRoles } = useAccess();
  const [offset, setOffset] = useState(0);
  const history = useGetRoleHistoryQuery({ id: roleid, offset }, { skip: !canViewAudit, refetchOnMountOrArgChange: true });
  const role = useListRolesQuery(undefined, { skip: !canViewRoles }).data?.find((entry) => entry._id === roleid);
  return (
    <HistoryDrawer
      title={role ? `History of the role ${role.label}` : 'Role history'}
      query={history}
      offset={offset}
      onOffset={setOffset}
      allowed={canViewAudit}
      onClose={() => navigate(adminPaths.roles)}
    />
  );
}
