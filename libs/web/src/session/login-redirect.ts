// Where the user goes after signing in, and what the login page says on arrival. Kept in
// sessionStorage so that a reload of the login page keeps both, but a new tab starts clean.
import { shellPaths } from '../routing/paths.js';

const RETURN_TO_KEY = 'pnss.returnTo';
const NOTICE_KEY = 'pnss.loginNotice';

export const LOGIN_HASH = `#${shellPaths.login}`;
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

export function rememberReturnTo(hash: string): void {
  if (!hash || hash.startsWith(LOGIN_HASH) || hash === '#' || hash === '#/') return;
  sessionStorage.setItem(RETURN_TO_KEY, hash);
}

/** The remembered deep link, once: reading it forgets it. */
export function takeReturnTo(): string | null {
  const hash = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  return hash;
}

export function setLoginNotice(message: string): void {
  sessionStorage.setItem(NOTICE_KEY, message);
}

export function getLoginNotice(): string | null {
  return sessionStorage.getItem(NOTICE_KEY);
}

export function clearLoginNotice(): void {
  sessionStorage.removeItem(NOTICE_KEY);
}
