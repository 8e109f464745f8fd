import { SetMetadata } from '@nestjs/common';
import type { PermissionName } from '@pnss/libs/permissions';

/**
 * Every route states who may call it with exactly one of these decorators; the global
 * AccessGuard refuses a route that has none, and access-rules.spec walks all routes to be sure.
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'permissions'; mode: 'all' | 'any'; permissions: readonly PermissionName[] };

export const ACCESS_RULE_KEY = 'pnss:access-rule';

/** No token needed: sign-in, the version check, health and the API docs only. */
export const Public = () => SetMetadata(ACCESS_RULE_KEY, { kind: 'public' } satisfies AccessRule);

/** Any signed-in user with a live session (the session check, sign-out). */
export const Authenticated = () => SetMetadata(ACCESS_RULE_KEY, { kind: 'authenticated' } satisfies AccessRule);

/** The signed-in user's role must hold every one of these permissions; otherwise 403. */
export const RequirePermissions = (first: PermissionName, ...rest: PermissionName[]) =>
  SetMetadata(ACCESS_RULE_KEY, { kind: 'permissions', mode: 'all', permissions: [first, ...rest] } satisfies AccessRule);

/** The role must hold at least one of these permissions; otherwise 403. */
export const RequireAnyPermission = (first: PermissionName, ...rest: PermissionName[]) =>
  SetMetadata(ACCESS_RULE_KEY, { kind: 'permissions', mode: 'any', permissions: [first, ...rest] } satisfies AccessRule);
