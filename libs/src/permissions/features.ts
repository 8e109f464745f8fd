import { PERMISSIONS, type PermissionName } from './permission-names.js';

/** A feature as the Roles screen shows it (SPEC.md §3 "Feature: feature, label"). */
export interface Feature {
  feature: PermissionName;
  label: string;
  group: 'Patients and cases' | 'Users and roles' | 'Submissions' | 'National census' | 'Reports' | 'Reference data' | 'Audit';
}

const P = PERMISSIONS;

export const FEATURES: readonly Feature[] = [
  { feature: P.GET_PATIENTS, label: 'List patients', group: 'Patients and cases' },
  { feature: P.FIND_PATIENT, label: 'View a patient', group: 'Patients and cases' },
  { feature: P.FILTER_PATIENT_BY_TAG, label: 'Filter patients', group: 'Patients and cases' },
  { feature: P.SAVE_PATIENT, label: 'Add patients', group: 'Patients and cases' },
  { feature: P.UPDATE_PATIENT, label: 'Edit patients', group: 'Patients and cases' },
  { feature: P.GET_ALL_CASE, label: 'List cases', group: 'Patients and cases' },
  { feature: P.FIND_PATIENT_CASE, label: 'View a case', group: 'Patients and cases' },
  { feature: P.CREATE_NEW_CASE, label: 'Add cases', group: 'Patients and cases' },
  { feature: P.UPDATE_PATIENT_CASE, label: 'Edit cases', group: 'Patients and cases' },
  { feature: P.CLOSE_PATIENT_CASE, label: 'Close cases', group: 'Patients and cases' },
  { feature: P.REOPEN_PATIENT_CASE, label: 'Reopen cases', group: 'Patients and cases' },
  { feature: P.ARCHIVE_PATIENT_CASE, label: 'Archive and unarchive cases', group: 'Patients and cases' },
  { feature: P.AMEND_SUBMITTED_CASE, label: 'Reopen submitted cases for amendment, withdraw them from a package', group: 'Patients and cases' },
  { feature: P.ACCESS_ADMIN, label: 'Open the Admin module', group: 'Users and roles' },
  { feature: P.GET_ALL_USERS, label: 'List users', group: 'Users and roles' },
  { feature: P.GET_USER_BY_ID, label: 'View a user', group: 'Users and roles' },
  { feature: P.REGISTER_USERS, label: 'Add users', group: 'Users and roles' },
  { feature: P.UPDATE_USER, label: 'Edit and deactivate users', group: 'Users and roles' },
  { feature: P.GET_ROLES, label: 'View roles', group: 'Users and roles' },
  { feature: P.UPDATE_ROLES, label: 'Edit role permissions', group: 'Users and roles' },
  { feature: P.GET_CLOSED_CASES, label: 'Review closed cases', group: 'Submissions' },
  { feature: P.CREATE_PACKAGE, label: 'Create census packages', group: 'Submissions' },
  { feature: P.GET_PACKAGES, label: 'List census packages', group: 'Submissions' },
  { feature: P.REBUILD_PACKAGE, label: 'Rebuild census packages', group: 'Submissions' },
  { feature: P.SUBMIT_PACKAGE, label: 'Submit census packages to the society', group: 'Submissions' },
  { feature: P.DOWNLOAD_PACKAGE, label: 'Download census packages', group: 'Submissions' },
  { feature: P.APPROVE_CASES, label: 'Approve closed cases for a census package', group: 'Submissions' },
  { feature: P.RAISE_QUERY, label: 'Raise and close queries on a field of a case', group: 'Submissions' },
  // The society hub (issue 29): what the society's staff do with the census, from receiving packages
  // and issuing departments' keys to the national figures, is one group, side by side, so the roles
  // grid names it and keeps it apart from a department's Submissions.
  { feature: P.VIEW_HUB_PACKAGES, label: 'Society hub: view received packages', group: 'National census' },
  { feature: P.MANAGE_HUB_KEYS, label: 'Society hub: issue and revoke department API keys', group: 'National census' },
  { feature: P.VIEW_NATIONAL, label: 'Society hub: view the national figures', group: 'National census' },
  { feature: P.EXPORT_NATIONAL, label: 'Society hub: export the national figures (CSV, XLSX; suppressed)', group: 'National census' },
  { feature: P.MANAGE_NATIONAL_INGEST, label: 'Society hub: see and retry the ingest of packages into the national figures', group: 'National census' },
  { feature: P.VIEW_REPORTS, label: 'View reports', group: 'Reports' },
  { feature: P.EXPORT_REPORTS, label: 'Export reports (CSV, XLSX)', group: 'Reports' },
  { feature: P.GET_CATEGORIES, label: 'Read reference lists', group: 'Reference data' },
  { feature: P.VIEW_AUDIT, label: 'Read the audit log', group: 'Audit' },
];
