import { PERMISSIONS, type PermissionName } from '../permissions/permission-names.js';

/**
 * Who may change roles and users (issue 27 item 1). Nobody hands out, takes away or takes over more
 * than they hold themselves:
 *
 * - a role may be changed only by someone who holds every permission of that role as it is and as it
 *   will be (`roleChangeRefusal`);
 * - a user may be changed only by someone who holds every permission of the user's role, and given
 *   only a role within the changer's (`userChangeRefusal`);
 * - the platform keeps, for every role, at least one active user able to change it: one whose role
 *   holds the three permissions of role administration and every permission of that role
 *   (`mayAdministerRole`). Without that user the role could be changed again only in SQL.
 *
 * The services enforce these on every PUT /roles and user change; the Roles screen disables what
 * they would refuse. Both compare the permissions stored in the editor's role (on a department the
 * hub's permissions are stored, though not told at sign-in).
 */

/** What it takes to administer roles at all: open the admin module, read the roles, edit them. */
export const ROLE_ADMINISTRATION_PERMISSIONS: readonly PermissionName[] = [
  PERMISSIONS.ACCESS_ADMIN,
  PERMISSIONS.GET_ROLES,
  PERMISSIONS.UPDATE_ROLES,
];

/** The permissions of `wanted` that `held` lacks, in `wanted`'s order. */
export function permissionsNotHeld(held: readonly string[], wanted: readonly string[]): string[] {
  const holds = new Set(held);
  return wanted.filter((permission) => !holds.has(permission));
}

/** A role as these rules read it: its label (for the words of a refusal) and the permissions it holds. */
export interface RoleHoldings {
  label: string;
  rolePermissions: readonly string[];
}

export type RoleChangeRefusal =
  /** The role as it is holds permissions the editor lacks: taking one away or adding one is beyond them. */
  | { rule: 'role_beyond_own'; role: string; missing: string[] }
  /** The role as it would be holds permissions the editor lacks: that would be granting them. */
  | { rule: 'grant_beyond_own'; role: string; missing: string[] };

/**
 * Why `editor` (the permissions of the editor's role) may not change `role` to `next`, or null when
 * they may. `next` equal to the role's permissions asks whether the role may be edited at all.
 */
export function roleChangeRefusal(editor: readonly string[], role: RoleHoldings, next: readonly string[]): RoleChangeRefusal | null {
  const held = permissionsNotHeld(editor, role.rolePermissions);
  if (held.length > 0) return { rule: 'role_beyond_own', role: role.label, missing: held };
  const granted = permissionsNotHeld(editor, next);
  if (granted.length > 0) return { rule: 'grant_beyond_own', role: role.label, missing: granted };
  return null;
}

/** The refusal in words, naming the role, the rule and the permissions at stake. */
export function roleChangeMessage(refusal: RoleChangeRefusal): string {
  const missing = refusal.missing.join(', ');
  return refusal.rule === 'role_beyond_own'
    ? `You cannot change the role ${refusal.role}: it holds permissions you do not hold yourself (${missing}). A role may be changed only by someone who holds every permission it has and will have.`
    : `You cannot give the role ${refusal.role} permissions you do not hold yourself: ${missing}`;
}

/** Whether `editor` may change this role at all (the Roles screen's row). */
export function mayChangeRole(editor: readonly string[], role: RoleHoldings): boolean {
  return roleChangeRefusal(editor, role, role.rolePermissions) === null;
}

/**
 * Whether `editor` may tick or untick `feature` of a role they may change: only a permission they
 * hold themselves (unticking one they lack is impossible, since the role would hold it).
 */
export function mayToggleRoleFeature(editor: readonly string[], role: RoleHoldings, feature: string): boolean {
  return mayChangeRole(editor, role) && editor.includes(feature);
}

/**
 * The permissions an editor holds throughout a change that may touch their own role: those their
 * role holds now and will still hold after it (`next` undefined when their role is not changed).
 */
export function editorPermissionsThroughout(current: readonly string[], next: readonly string[] | undefined): string[] {
  return next === undefined ? [...current] : current.filter((permission) => next.includes(permission));
}

/** Whether a user whose role holds `held` can administer `role`: the three administration permissions and every permission of the role. */
export function mayAdministerRole(held: readonly string[], role: Pick<RoleHoldings, 'rolePermissions'>): boolean {
  return permissionsNotHeld(held, [...ROLE_ADMINISTRATION_PERMISSIONS, ...role.rolePermissions]).length === 0;
}

/** The refusal of a change that would leave `roles` (labels) with no active user able to administer them. */
export function lastRoleAdministratorMessage(roles: readonly string[]): string {
  const named = roles.length === 1 ? `the role ${roles[0]}` : `the roles ${roles.join(', ')}`;
  return (
    `At least one active user must keep administrator access: this change would leave nobody able to change ${named}. ` +
    'Administering a role takes Open the Admin module, View roles and Edit role permissions, and every permission the role holds.'
  );
}

export type UserChangeRefusal =
  /** The user's role holds permissions the changer lacks (e.g. resetting an administrator's password). */
  | { rule: 'user_beyond_own'; missing: string[] }
  /** The role given holds permissions the changer lacks. */
  | { rule: 'role_beyond_own'; missing: string[] };

/**
 * Why `editor` may not change a user whose role holds `userRole`, giving them `nextRole` (undefined:
 * the role stays), or null when they may.
 */
export function userChangeRefusal(editor: readonly string[], userRole: readonly string[], nextRole?: readonly string[]): UserChangeRefusal | null {
  const held = permissionsNotHeld(editor, userRole);
  if (held.length > 0) return { rule: 'user_beyond_own', missing: held };
  const given = nextRole ? permissionsNotHeld(editor, nextRole) : [];
  if (given.length > 0) return { rule: 'role_beyond_own', missing: given };
  return null;
}

export const USER_CHANGE_MESSAGES: Readonly<Record<UserChangeRefusal['rule'], string>> = {
  user_beyond_own: 'You cannot change a user whose role holds permissions you do not hold yourself',
  role_beyond_own: 'You cannot give a user a role that holds permissions you do not hold yourself',
};
