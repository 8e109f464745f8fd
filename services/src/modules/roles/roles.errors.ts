import { AppError } from '../../common/errors/app-error.js';
import { errorFactory } from '../../common/errors/error-table.js';

export enum RolesErrorCode {
  RoleNotFound = 'ROLE_NOT_FOUND',
  LastAdministrator = 'LAST_ADMINISTRATOR',
  BeyondOwnPermissions = 'BEYOND_OWN_PERMISSIONS',
}

/** BeyondOwnPermissions is raised with the permissions the actor lacks, named in its message. */
export const rolesError = errorFactory<RolesErrorCode, readonly string[]>(
  {
    [RolesErrorCode.RoleNotFound]: { status: 404, message: 'Role not found' },
    [RolesErrorCode.LastAdministrator]: {
      status: 409,
      message: 'At least one active user must keep administrator access: this change would leave nobody able to manage users and roles',
    },
    [RolesErrorCode.BeyondOwnPermissions]: (permissions) =>
      new AppError(403, `You cannot give a role permissions you do not hold yourself: ${permissions.join(', ')}`),
  },
  [],
);
