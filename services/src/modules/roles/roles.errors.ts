import { type RoleChangeRefusal, lastRoleAdministratorMessage, roleChangeMessage } from '@pnss/libs/rules';
import { AppError } from '../../common/errors/app-error.js';
import { errorFactory } from '../../common/errors/error-table.js';

export enum RolesErrorCode {
  RoleNotFound = 'ROLE_NOT_FOUND',
  LastAdministrator = 'LAST_ADMINISTRATOR',
  BeyondOwnPermissions = 'BEYOND_OWN_PERMISSIONS',
}

/** What a refusal names: the role and the permissions at stake, or the roles nobody could administer any more. */
export interface RolesErrorContext {
  refusal?: RoleChangeRefusal;
  orphanedRoles?: readonly string[];
}

/** The words of both refusals are libs' (roles.rules.ts), which the Roles screen shows as well. */
export const rolesError = errorFactory<RolesErrorCode, RolesErrorContext>(
  {
    [RolesErrorCode.RoleNotFound]: { status: 404, message: 'Role not found' },
    [RolesErrorCode.LastAdministrator]: ({ orphanedRoles = [] }) => new AppError(409, lastRoleAdministratorMessage(orphanedRoles)),
    [RolesErrorCode.BeyondOwnPermissions]: ({ refusal }) =>
      new AppError(403, refusal ? roleChangeMessage(refusal) : 'You cannot change a role beyond your own permissions'),
  },
  {},
);
