import {
  ADMIN_ROLE_NAME, ALL_PERMISSIONS, FEATURES, PERMISSIONS, SEEDED_ROLES, accessFlags, hasAll, isPermissionName,
  HUB_PERMISSIONS, permissionsInForce,
  type AccessFlags,
} from './index.js';

const P = PERMISSIONS;

describe('permission names (SPEC.md §6)', () => {
  it('include the patient-page and admin permissions the spec names', () => {
    for (const name of ['get_patients', 'update_patient', 'filter_patient_by_tag', 'find_patient', 'save_patient',
      'create_new_case', 'get_all_case', 'find_patient_case', 'update_patient_case', 'close_patient_case',
      'get_all_users', 'get_user_by_id', 'register_users', 'update_user']) {
      expect(ALL_PERMISSIONS).toContain(name);
    }
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });

  it('isPermissionName accepts only catalogued names', () => {
    expect(isPermissionName('close_patient_case')).toBe(true);
    expect(isPermissionName('drop_database')).toBe(false);
    expect(isPermissionName(7)).toBe(false);
  });

  it('every permission is a feature on the Roles screen, once', () => {
    expect(FEATURES.map((f) => f.feature).sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('seeded roles hold only catalogued permissions; the admin role holds them all', () => {
    for (const role of SEEDED_ROLES) for (const p of role.rolePermissions) expect(isPermissionName(p)).toBe(true);
    expect(SEEDED_ROLES.find((r) => r.name === ADMIN_ROLE_NAME)?.rolePermissions).toEqual(ALL_PERMISSIONS);
  });
});

describe('access flags: a pure function from the signed-in user to what the front end shows', () => {
  it('"a helper checks that all listed permissions are held" (SPEC.md §6)', () => {
    expect(hasAll([P.GET_PATIENTS, P.FIND_PATIENT], [P.GET_PATIENTS, P.FIND_PATIENT])).toBe(true);
    expect(hasAll([P.GET_PATIENTS], [P.GET_PATIENTS, P.FIND_PATIENT])).toBe(false);
    expect(hasAll([], [])).toBe(true);
    expect(hasAll(null, [P.GET_PATIENTS])).toBe(false);
    expect(hasAll(undefined, [])).toBe(false);
  });

  it('nobody signed in can do nothing', () => {
    expect(Object.values(accessFlags(null)).every((v) => v === false)).toBe(true);
  });

  it('the admin role can do everything', () => {
    expect(Object.values(accessFlags(ALL_PERMISSIONS)).every((v) => v === true)).toBe(true);
  });

  it.each<[keyof AccessFlags, string[]]>([
    ['canCloseCase', [P.CLOSE_PATIENT_CASE]],
    ['canReopenCase', [P.REOPEN_PATIENT_CASE]],
    ['canArchiveCase', [P.ARCHIVE_PATIENT_CASE]],
    ['canAmendSubmittedCase', [P.AMEND_SUBMITTED_CASE]],
    ['canCreateCase', [P.CREATE_NEW_CASE]],
    ['canEditCase', [P.UPDATE_PATIENT_CASE]],
    ['canListPatients', [P.GET_PATIENTS]],
    ['canSavePatient', [P.SAVE_PATIENT]],
    ['canCreatePackage', [P.CREATE_PACKAGE]],
    ['canSubmitPackage', [P.SUBMIT_PACKAGE]],
    ['canViewReports', [P.VIEW_REPORTS]],
    ['canAdmin', [P.ACCESS_ADMIN]],
    ['canListUsers', [P.ACCESS_ADMIN, P.GET_ALL_USERS]],
    ['canEditRoles', [P.ACCESS_ADMIN, P.UPDATE_ROLES]],
    ['canViewNational', [P.VIEW_NATIONAL]],
    ['canExportNational', [P.VIEW_NATIONAL, P.EXPORT_NATIONAL]],
    ['canManageNationalIngest', [P.MANAGE_NATIONAL_INGEST]],
  ])('%s needs exactly %p', (flag, required) => {
    expect(accessFlags(required)[flag]).toBe(true);
    for (const missing of required) {
      expect(accessFlags(required.filter((p) => p !== missing))[flag]).toBe(false);
    }
  });

  it('user admin flags need the admin page permission too', () => {
    expect(accessFlags([P.GET_ALL_USERS, P.REGISTER_USERS]).canListUsers).toBe(false);
    expect(accessFlags([P.GET_ALL_USERS, P.REGISTER_USERS]).canRegisterUsers).toBe(false);
  });

  it('a clinician can close cases but not administer; a reporting user only views reports', () => {
    const clinician = accessFlags(SEEDED_ROLES.find((r) => r.name === 'clinician')!.rolePermissions);
    expect([clinician.canCloseCase, clinician.canAdmin, clinician.canSubmitPackage]).toEqual([true, false, false]);
    const reporting = accessFlags(SEEDED_ROLES.find((r) => r.name === 'reporting')!.rolePermissions);
    expect(Object.entries(reporting).filter(([, v]) => v).map(([k]) => k)).toEqual(['canViewReports']);
  });
});

describe("the hub's permissions on a department", () => {
  it("a server that is not the society's hub tells no one of the hub permissions", () => {
    const held = [PERMISSIONS.GET_PATIENTS, PERMISSIONS.VIEW_HUB_PACKAGES, PERMISSIONS.MANAGE_HUB_KEYS];
    expect(permissionsInForce(held, { hubEnabled: false })).toEqual([PERMISSIONS.GET_PATIENTS]);
  });

  it("the society's hub tells its users every permission they hold", () => {
    const held = [PERMISSIONS.GET_PATIENTS, PERMISSIONS.VIEW_HUB_PACKAGES, PERMISSIONS.MANAGE_HUB_KEYS];
    expect(permissionsInForce(held, { hubEnabled: true })).toEqual(held);
    expect(HUB_PERMISSIONS).toEqual([
      PERMISSIONS.VIEW_HUB_PACKAGES, PERMISSIONS.MANAGE_HUB_KEYS,
      PERMISSIONS.VIEW_NATIONAL, PERMISSIONS.EXPORT_NATIONAL, PERMISSIONS.MANAGE_NATIONAL_INGEST,
    ]);
  });
});
