import { ALL_PERMISSIONS, PERMISSIONS as P, SEEDED_ROLES } from '../permissions/index.js';
import {
  ROLE_ADMINISTRATION_PERMISSIONS,
  editorPermissionsThroughout,
  lastRoleAdministratorMessage,
  mayAdministerRole,
  mayChangeRole,
  mayToggleRoleFeature,
  roleChangeMessage,
  roleChangeRefusal,
  userChangeRefusal,
} from './roles.rules.js';

const seeded = (name: string) => {
  const role = SEEDED_ROLES.find((r) => r.name === name);
  if (!role) throw new Error(name);
  return { label: role.label, rolePermissions: role.rolePermissions };
};
const ROLE_EDITOR: readonly string[] = [P.ACCESS_ADMIN, P.GET_ROLES, P.UPDATE_ROLES];

describe('a role may be changed only by someone who holds every permission of that role as it is and as it will be', () => {
  it("refuses the issue's role editor (access_admin, get_roles, update_roles) reducing the Administrator role to three permissions", () => {
    const refusal = roleChangeRefusal(ROLE_EDITOR, seeded('admin'), ROLE_EDITOR);
    expect(refusal).toMatchObject({ rule: 'role_beyond_own', role: 'Administrator' });
    expect(refusal?.missing).toEqual(ALL_PERMISSIONS.filter((p) => !ROLE_EDITOR.includes(p)));
    expect(roleChangeMessage(refusal!)).toMatch(/^You cannot change the role Administrator: it holds permissions you do not hold yourself \(get_patients, /);
  });

  it('refuses emptying a role that holds permissions the editor lacks (the clinician and census officer roles)', () => {
    for (const name of ['clinician', 'census_officer']) {
      expect(roleChangeRefusal(ROLE_EDITOR, seeded(name), [])?.rule).toBe('role_beyond_own');
    }
  });

  it('refuses adding a permission the editor lacks, naming it', () => {
    const refusal = roleChangeRefusal([...ROLE_EDITOR, P.VIEW_REPORTS], seeded('reporting'), [...seeded('reporting').rolePermissions, P.VIEW_AUDIT]);
    expect(refusal).toEqual({ rule: 'role_beyond_own', role: 'Reporting (read-only)', missing: [P.EXPORT_REPORTS, P.GET_CATEGORIES] });
    const editor = [...ROLE_EDITOR, ...seeded('reporting').rolePermissions];
    const grant = roleChangeRefusal(editor, seeded('reporting'), [...seeded('reporting').rolePermissions, P.VIEW_AUDIT]);
    expect(grant).toEqual({ rule: 'grant_beyond_own', role: 'Reporting (read-only)', missing: [P.VIEW_AUDIT] });
    expect(roleChangeMessage(grant!)).toBe('You cannot give the role Reporting (read-only) permissions you do not hold yourself: view_audit');
  });

  it('lets someone who holds all of it, before and after, add and take away', () => {
    const editor = [...ROLE_EDITOR, ...seeded('reporting').rolePermissions, P.VIEW_AUDIT];
    expect(roleChangeRefusal(editor, seeded('reporting'), [P.VIEW_AUDIT])).toBeNull();
    expect(roleChangeRefusal(ALL_PERMISSIONS, seeded('clinician'), [])).toBeNull();
    expect(mayChangeRole(editor, seeded('reporting'))).toBe(true);
    expect(mayChangeRole(editor, seeded('clinician'))).toBe(false);
  });

  it('a feature can be ticked or unticked only on a role the editor may change, and only when the editor holds it', () => {
    const editor = [...ROLE_EDITOR, ...seeded('reporting').rolePermissions];
    expect(mayToggleRoleFeature(editor, seeded('reporting'), P.VIEW_REPORTS)).toBe(true);
    expect(mayToggleRoleFeature(editor, seeded('reporting'), P.VIEW_AUDIT)).toBe(false);
    expect(mayToggleRoleFeature(editor, seeded('clinician'), P.VIEW_REPORTS)).toBe(false);
  });

  it('an editor changing their own role holds only what it keeps for the rest of the change', () => {
    expect(editorPermissionsThroughout([P.GET_ROLES, P.VIEW_AUDIT], undefined)).toEqual([P.GET_ROLES, P.VIEW_AUDIT]);
    expect(editorPermissionsThroughout([P.GET_ROLES, P.VIEW_AUDIT], [P.GET_ROLES, P.VIEW_REPORTS])).toEqual([P.GET_ROLES]);
  });
});

describe('the platform keeps, for every role, an active user able to administer it', () => {
  it('administering a role takes the three administration permissions and every permission of the role', () => {
    expect(mayAdministerRole(ALL_PERMISSIONS, seeded('clinician'))).toBe(true);
    expect(mayAdministerRole(ROLE_EDITOR, { rolePermissions: [] })).toBe(true);
    expect(mayAdministerRole(ROLE_EDITOR, seeded('reporting'))).toBe(false);
    for (const taken of ROLE_ADMINISTRATION_PERMISSIONS) {
      expect(mayAdministerRole(ALL_PERMISSIONS.filter((p) => p !== taken), { rolePermissions: [] })).toBe(false);
    }
  });

  it('says in words which roles would be left without anyone able to change them', () => {
    expect(lastRoleAdministratorMessage(['Clinician'])).toMatch(/^At least one active user must keep administrator access: this change would leave nobody able to change the role Clinician\./);
    expect(lastRoleAdministratorMessage(['Administrator', 'Clinician'])).toMatch(/the roles Administrator, Clinician\./);
  });
});

describe("a user may be changed only by someone who holds every permission of the user's role", () => {
  it('refuses changing a user whose role holds more, and giving a role that holds more', () => {
    expect(userChangeRefusal(ROLE_EDITOR, ALL_PERMISSIONS)?.rule).toBe('user_beyond_own');
    expect(userChangeRefusal(ALL_PERMISSIONS, ROLE_EDITOR)).toBeNull();
    expect(userChangeRefusal(ROLE_EDITOR, [P.GET_ROLES], ALL_PERMISSIONS)?.rule).toBe('role_beyond_own');
    expect(userChangeRefusal(ROLE_EDITOR, [P.GET_ROLES], [P.ACCESS_ADMIN])).toBeNull();
  });
});
