import type { Dispatch } from '@reduxjs/toolkit';
import { clearSession } from './session-storage.js';
import { sessionEnded } from './session.slice.js';
import { LOGIN_HASH, SESSION_ENDED_MESSAGE, rememberReturnTo, setLoginNotice } from './login-redirect.js';

/**
 * SPEC.md §7: a 401 clears the token and goes to login. The page the user was on is remembered,
 * so signing in again returns there, and the login page says why the user is there.
 */
export function endSession(dispatch: Dispatch, notice: string | null = SESSION_ENDED_MESSAGE): void {
  clearSession();
  dispatch(sessionEnded());
  if (notice) setLoginNotice(notice);
  if (!window.location.hash.startsWith(LOGIN_HASH)) {
    rememberReturnTo(window.location.hash);
    window.location.hash = LOGIN_HASH;
  }
}
