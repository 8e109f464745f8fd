import { PERMISSIONS, type PermissionName } from './permission-names.js';
import { type RouteKey, mayCall } from './route-permissions.js';

/** What the front end shows a signed-in user (ant-design-pro's access.ts pattern). Each flag that guards a call reads the route table the server enforces (route-permissions.ts). */
export interface AccessFlags {
  canListPatients: boolean;
  canViewPatient: boolean;
  canSavePatient: boolean;
  canEditPatient: boolean;
  canListCases: boolean;
  /** The worklists of the Cases module and their counts (issue 31). */
  canViewWorklists: boolean;
  canViewCase: boolean;
  canCreateCase: boolean;
  canEditCase: boolean;
  canCloseCase: boolean;
  canReopenCase: boolean;
  canArchiveCase: boolean;
  /** Issue 30: reopen a submitted case for amendment, withdraw it from its package. */
  canAmendSubmittedCase: boolean;
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
  /** Issue 31: the Data Quality view, and queries on a field (raise and close; answer is canEditCase's). */
  canViewQuality: boolean;
  canRaiseQuery: boolean;
  canAnswerQuery: boolean;
  canListQueries: boolean;
  /** The society's national figures (hub only, issue 29). */
  canViewNational: boolean;
  canExportNational: boolean;
  canManageNationalIngest: boolean;
}

/** SPEC.md §6: a helper checks that all listed permissions are held. */
export function hasAll(held: readonly string[] | null | undefined, required: readonly PermissionName[]): boolean {
  if (!held) return false;
  return required.every((name) => held.includes(name));
}

export function accessFlags(held: readonly string[] | null | undefined): AccessFlags {
  const P = PERMISSIONS;
  const can = (...required: PermissionName[]) => hasAll(held, required);
  // A flag that guards a call asks the route table the server's guard enforces (route-permissions.ts).
  const route = (key: RouteKey) => mayCall(held, key);
  return {
    canListPatients: route('GET /patients'),
    canViewPatient: route('GET /patients/:patientid'),
    canSavePatient: route('POST /patients'),
    canEditPatient: route('PUT /patients/:patientid'),
    canListCases: route('GET /patientcases'),
    canViewWorklists: route('GET /worklists/:list'),
    canViewCase: route('GET /patients/:patientid/cases/:caseid'),
    canCreateCase: route('POST /patients/:patientid/cases'),
    canEditCase: route('PUT /patients/:patientid/cases/:caseid'),
    canCloseCase: route('PUT /patients/:patientid/cases/:caseid/close'),
    canReopenCase: route('PUT /patients/:patientid/cases/:caseid/reopen'),
    canArchiveCase: route('PUT /patients/:patientid/cases/:caseid/archive'),
    canAmendSubmittedCase: route('PUT /patients/:patientid/cases/:caseid/amend'),
    canReviewClosedCases: route('GET /submissions/cases/closed'),
    canCreatePackage: route('POST /submissions/cases/create'),
    canListPackages: route('GET /submissions/census/packages'),
    canRebuildPackage: route('POST /submissions/census/packages/rebuild'),
    canSubmitPackage: route('POST /submissions/census/packages/submit'),
    canDownloadPackage: route('POST /submissions/download/:id'),
    canViewReports: route('GET /reports/summary/:view'),
    canAdmin: can(P.ACCESS_ADMIN),
    canListUsers: route('GET /accounts'),
    canRegisterUsers: route('POST /accounts/register'),
    canUpdateUsers: route('PUT /accounts/:userid'),
    canViewRoles: route('GET /roles'),
    canEditRoles: route('PUT /roles'),
    canViewAudit: route('GET /audit'),
    canViewQuality: route('GET /quality/summary'),
    canRaiseQuery: route('POST /queries'),
    canAnswerQuery: route('POST /queries/:queryid/answer'),
    canListQueries: route('GET /queries/case/:caseid'),
    canViewNational: route('GET /national/figures'),
    canExportNational: route('GET /national/export/:table'),
    canManageNationalIngest: route('GET /national/ingest'),
  };
}
