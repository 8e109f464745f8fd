import type { PermissionName } from '@pnss/libs/permissions';

/** The caller of a protected route, as the guard loaded it from the database for this request. */
export interface AuthenticatedUser {
  id: string;
  username: string;
  firstname: string;
  lastname: string;
  role: string;
  /** Read from the role on every request, so a role change applies at the next call. */
  permissions: PermissionName[];
  sessionId: string;
  /** The client address, for the audit log. */
  ip: string | null;
}
