import { AppError, assertNever } from '../../common/errors/app-error.js';

export enum RolesErrorCode {
  RoleNotFound = 'ROLE_NOT_FOUND',
  LastAdministrator = 'LAST_ADMINISTRATOR',
}

export function rolesError(code: RolesErrorCode): AppError {
  switch (code) {
    case RolesErrorCode.RoleNotFound:
      return new AppError(404, 'Role not found');
    case RolesErrorCode.LastAdministrator:
      return new AppError(
        409,
        'At least one active user must keep administrator access: this change would leave nobody able to manage users and roles',
      );
    default:
      return assertNever(code);
  }
}
