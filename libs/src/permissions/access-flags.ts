import { PERMISSIONS, type PermissionName } from './permission-names.js';

/** What the front end shows a signed-in user (ant-design-pro's access.ts pattern). The server enforces the same names. */
export interface AccessFlags {
  canListPatients: boolean;
  canViewPatient: boolean;
  canSavePatient: boolean;
  canEditPatient: boolean;
  canListCases: boolean;
  canViewCase: boolean;
  canCreateCase: boolean;
  canEditCase: boolean;
  canCloseCase: boolean;
  canReopenCase: boolean;
  canArchiveCase: boolean;
  canReviewClosedCases: boolean;
  canCreatePackage: boolean;
  canListPackages: boolean;
  canRebuildPackage: boolean;
  canSubmitPackage: boolean;
  canDownloadPackage: boolean;
  canViewReports: boolean;
  canAdmin: boolean;
  canListUsers: boolean;
  canRegisterUsers: boolean;
  canUpdateUsers: boolean;
  canViewRoles: boolean;
  canEditRoles: boolean;
  canViewAudit: boolean;
}

/** SPEC.md §6: a helper checks that all listed permissions are held. */
export function hasAll(held: readonly string[] | null | undefined, required: readonly PermissionName[]): boolean {
  if (!held) return false;
  return required.every((name) => held.includes(name));
}

export function accessFlags(held: readonly string[] | null | undefined): AccessFlags {
  const P = PERMISSIONS;
  const can = (...required: PermissionName[]) => hasAll(held, required);
  return {
    canListPatients: can(P.GET_PATIENTS),
    canViewPatient: can(P.FIND_PATIENT),
    canSavePatient: can(P.SAVE_PATIENT),
    canEditPatient: can(P.UPDATE_PATIENT),
    canListCases: can(P.GET_ALL_CASE),
    canViewCase: can(P.FIND_PATIENT_CASE),
    canCreateCase: can(P.CREATE_NEW_CASE),
    canEditCase: can(P.UPDATE_PATIENT_CASE),
    canCloseCase: can(P.CLOSE_PATIENT_CASE),
    canReopenCase: can(P.REOPEN_PATIENT_CASE),
    canArchiveCase: can(P.ARCHIVE_PATIENT_CASE),
    canReviewClosedCases: can(P.GET_CLOSED_CASES),
    canCreatePackage: can(P.CREATE_PACKAGE),
    canListPackages: can(P.GET_PACKAGES),
    canRebuildPackage: can(P.REBUILD_PACKAGE),
    canSubmitPackage: can(P.SUBMIT_PACKAGE),
    canDownloadPackage: can(P.DOWNLOAD_PACKAGE),
    canViewReports: can(P.VIEW_REPORTS),
    canAdmin: can(P.ACCESS_ADMIN),
    canListUsers: can(P.ACCESS_ADMIN, P.GET_ALL_USERS),
    canRegisterUsers: can(P.ACCESS_ADMIN, P.REGISTER_USERS),
    canUpdateUsers: can(P.ACCESS_ADMIN, P.UPDATE_USER),
    canViewRoles: can(P.ACCESS_ADMIN, P.GET_ROLES),
    canEditRoles: can(P.ACCESS_ADMIN, P.UPDATE_ROLES),
    canViewAudit: can(P.VIEW_AUDIT),
  };
}
