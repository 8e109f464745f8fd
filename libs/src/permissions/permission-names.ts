/**
 * The permission catalogue. A role holds a list of these names (`rolePermissions`); the
 * server's guard and the front end's access flags both read them from here.
 * SPEC.md §6 names the first fourteen; the rest cover the product's other routes.
 */
export const PERMISSIONS = {
  // Patients and cases (SPEC.md §6, patient page)
  GET_PATIENTS: 'get_patients',
  UPDATE_PATIENT: 'update_patient',
  FILTER_PATIENT_BY_TAG: 'filter_patient_by_tag',
  FIND_PATIENT: 'find_patient',
  SAVE_PATIENT: 'save_patient',
  CREATE_NEW_CASE: 'create_new_case',
  GET_ALL_CASE: 'get_all_case',
  FIND_PATIENT_CASE: 'find_patient_case',
  UPDATE_PATIENT_CASE: 'update_patient_case',
  CLOSE_PATIENT_CASE: 'close_patient_case',
  REOPEN_PATIENT_CASE: 'reopen_patient_case',
  ARCHIVE_PATIENT_CASE: 'archive_patient_case',
  // Corrections after submission (issue 30): reopen a submitted case for amendment, withdraw it from its package
  AMEND_SUBMITTED_CASE: 'amend_submitted_case',
  // Users (SPEC.md §6, admin)
  GET_ALL_USERS: 'get_all_users',
  GET_USER_BY_ID: 'get_user_by_id',
  REGISTER_USERS: 'register_users',
  UPDATE_USER: 'update_user',
  // The admin page's access check (SPEC.md §6 does not show its name)
  ACCESS_ADMIN: 'access_admin',
  // Roles
  GET_ROLES: 'get_roles',
  UPDATE_ROLES: 'update_roles',
  // Submissions and census packages
  GET_CLOSED_CASES: 'get_closed_cases',
  CREATE_PACKAGE: 'create_package',
  GET_PACKAGES: 'get_packages',
  REBUILD_PACKAGE: 'rebuild_package',
  SUBMIT_PACKAGE: 'submit_package',
  DOWNLOAD_PACKAGE: 'download_package',
  APPROVE_CASES: 'approve_cases',
  // Data quality (issue 31): a reviewer's query on a field of a case
  RAISE_QUERY: 'raise_query',
  // The society's hub (HUB_ENABLED)
  VIEW_HUB_PACKAGES: 'view_hub_packages',
  MANAGE_HUB_KEYS: 'manage_hub_keys',
  // The national census at the hub (issue 29)
  VIEW_NATIONAL: 'view_national',
  EXPORT_NATIONAL: 'export_national',
  MANAGE_NATIONAL_INGEST: 'manage_national_ingest',
  // Reports
  VIEW_REPORTS: 'view_reports',
  EXPORT_REPORTS: 'export_reports',
  // Reference data (lookups every signed-in user needs to read a form)
  GET_CATEGORIES: 'get_categories',
  // Audit log
  VIEW_AUDIT: 'view_audit',
} as const;

export type PermissionName = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

export const ALL_PERMISSIONS: readonly PermissionName[] = Object.values(PERMISSIONS);

/** The permissions that mean something only on the society's hub (a server with HUB_ENABLED). */
export const HUB_PERMISSIONS: readonly PermissionName[] = [
  PERMISSIONS.VIEW_HUB_PACKAGES, PERMISSIONS.MANAGE_HUB_KEYS,
  PERMISSIONS.VIEW_NATIONAL, PERMISSIONS.EXPORT_NATIONAL, PERMISSIONS.MANAGE_NATIONAL_INGEST,
];

/**
 * The held permissions a signed-in user is told of on this server: on a department (no hub) the
 * hub's permissions open nothing, so they are left out and no screen offers what the server refuses.
 * Granting still compares the role's stored permissions, so an administrator keeps managing every role.
 */
export function permissionsInForce<P extends string>(held: readonly P[], server: { hubEnabled: boolean }): P[] {
  if (server.hubEnabled) return [...held];
  return held.filter((permission) => !(HUB_PERMISSIONS as readonly string[]).includes(permission));
}

export function isPermissionName(value: unknown): value is PermissionName {
  return typeof value === 'string' && (ALL_PERMISSIONS as readonly string[]).includes(value);
}
