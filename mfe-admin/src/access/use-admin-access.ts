import { useMemo } from 'react';
import { mayCall, type AccessFlags } from '@pnss/libs/permissions';
import { selectPermissions, useAccess, useAppSelector } from '@pnss/web';

export interface AdminAccess extends AccessFlags {
  /** GET /api/accounts/:userid: the edit form's user and the table's photos. */
  canViewUser: boolean;
  /** GET /api/roles/names answers whoever may view roles, add users or edit users. */
  canReadRoleNames: boolean;
}

/**
 * The platform's access flags plus the two this module needs that they do not name, so that no
 * screen asks the server for what the user would be refused (a 403 in the console is a bug). Both
 * read libs' route table, the same one the server's guard enforces.
 */
export function useAdminAccess(): AdminAccess {
  const access = useAccess();
  const held = useAppSelector(selectPermissions);
  return useMemo(() => {
    return {
      ...access,
      canViewUser: mayCall(held, 'GET /accounts/:userid'),
      canReadRoleNames: mayCall(held, 'GET /roles/names'),
    };
  }, [access, held]);
}
