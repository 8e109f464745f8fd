import { ALL_PERMISSIONS, PERMISSIONS, type PermissionName } from './permission-names.js';

/** The roles a new installation starts with. Administrators can change their features later. */
export interface SeededRole {
  name: string;
  label: string;
  rolePermissions: readonly PermissionName[];
}

const P = PERMISSIONS;

const READ_CASES: readonly PermissionName[] = [
  P.GET_PATIENTS, P.FIND_PATIENT, P.FILTER_PATIENT_BY_TAG, P.GET_ALL_CASE, P.FIND_PATIENT_CASE, P.GET_CATEGORIES,
];

export const ADMIN_ROLE_NAME = 'admin';

export const SEEDED_ROLES: readonly SeededRole[] = [
  { name: ADMIN_ROLE_NAME, label: 'Administrator', rolePermissions: ALL_PERMISSIONS },
  {
    name: 'clinician',
    label: 'Clinician',
    rolePermissions: [
      ...READ_CASES,
      P.SAVE_PATIENT, P.UPDATE_PATIENT, P.CREATE_NEW_CASE, P.UPDATE_PATIENT_CASE,
      P.CLOSE_PATIENT_CASE, P.REOPEN_PATIENT_CASE, P.ARCHIVE_PATIENT_CASE, P.VIEW_REPORTS,
    ],
  },
  {
    name: 'census_officer',
    label: 'Census Officer',
    rolePermissions: [
      ...READ_CASES,
      P.GET_CLOSED_CASES, P.APPROVE_CASES, P.CREATE_PACKAGE, P.GET_PACKAGES, P.REBUILD_PACKAGE, P.SUBMIT_PACKAGE,
      P.DOWNLOAD_PACKAGE, P.AMEND_SUBMITTED_CASE, P.VIEW_REPORTS, P.EXPORT_REPORTS, P.RAISE_QUERY,
    ],
  },
  { name: 'reporting', label: 'Reporting (read-only)', rolePermissions: [P.VIEW_REPORTS, P.EXPORT_REPORTS, P.GET_CATEGORIES] },
];
