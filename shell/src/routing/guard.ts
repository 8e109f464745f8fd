import { AFTER_SIGN_IN_PATH, HOME_PATH, LOGIN_PATH, type RouteOwner } from './route-registry.js';

export interface Redirect {
  to: string;
  /** Remember the route being left, to return to it after signing in. */
  rememberFrom: boolean;
}

/**
 * SPEC.md §2 guards. Signed out, every route goes to login (a deep link is remembered);
 * signed in, login goes to patients; '/' and unknown paths go to the cases root.
 */
export function guardRedirect(owner: RouteOwner, signedIn: boolean, homeIsKnown: boolean): Redirect | null {
  if (owner.kind === 'login') return signedIn ? { to: `#${AFTER_SIGN_IN_PATH}`, rememberFrom: false } : null;
  if (!signedIn) return { to: `#${LOGIN_PATH}`, rememberFrom: owner.kind !== 'home' && owner.kind !== 'unknown' };
  if ((owner.kind === 'home' || owner.kind === 'unknown') && homeIsKnown) return { to: `#${HOME_PATH}`, rememberFrom: false };
  return null;
}
