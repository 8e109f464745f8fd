import type { RoleName, User } from '@pnss/libs/api';

export type NamedUser = Pick<User, 'firstname' | 'lastname' | 'username'>;

export function fullName(user: NamedUser): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.username;
}

/** Up to two initials for an avatar without a photo. */
export function initials(user: NamedUser): string {
  const letters = [user.firstname, user.lastname].map((name) => name.trim().charAt(0)).join('');
  return (letters || user.username.charAt(0)).toUpperCase();
}

/** The Role column shows the role's label; a role the names list does not know shows its name. */
export function roleLabel(roleNames: readonly RoleName[] | undefined, role: string): string {
  return roleNames?.find((entry) => entry.name === role)?.label ?? role;
}
