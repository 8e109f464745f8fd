import { useMemo } from 'react';
import { PERMISSIONS, hasAll, type AccessFlags } from '@pnss/libs/permissions';
import { selectPermissions, useAccess, useAppSelector } from '@pnss/web';

export interface AdminAccess extends AccessFlags {
  /** GET /api/accounts/:userid: the edit form's user and the table's photos. */
  canViewUser: boolean;
  /** GET /api/roles/names answers whoever may view roles, add users or edit users. */
  canReadRoleNames: boolean;
}

/**
 * The platform's access flags plus the two this module needs that they do not name, so that no
 * screen asks the server for what the user would be refused (a 403 in the console is a bug).
 */
export function useAdminAccess(): AdminAccess {
  const access = useAccess();
  const held = useAppSelector(selectPermissions);
  return useMemo(() => {
    const P = PERMISSIONS;
    return {
      ...access,
      canViewUser: hasAll(held, [P.ACCESS_ADMIN, P.GET_USER_BY_ID]),
      canReadRoleNames: [P.GET_ROLES, P.REGISTER_USERS, P.UPDATE_USER].some((p) => hasAll(held, [p])),
    };
  }, [access, held]);
}
