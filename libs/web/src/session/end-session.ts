import type { Dispatch } from '@reduxjs/toolkit';
import { forgetOfflineSession } from '../offline/offline-session.js';
import { clearSession } from './session-storage.js';
import { sessionEnded } from './session.slice.js';
import { LOGIN_HASH, SESSION_ENDED_MESSAGE, rememberReturnTo, setLoginNotice } from './login-redirect.js';

/**
 * SPEC.md §7: a 401 clears the token and goes to login. The page the user was on is remembered,
 * so signing in again returns there, and the login page says why the user is there. The offline
 * store's key is forgotten with the session; the queued changes stay for the next sign-in (issue 32).
 */
export function endSession(dispatch: Dispatch, notice: string | null = SESSION_ENDED_MESSAGE): void {
  clearSession();
  void forgetOfflineSession();
  dispatch(sessionEnded());
  if (notice) setLoginNotice(notice);
  if (!window.location.hash.startsWith(LOGIN_HASH)) {
    rememberReturnTo(window.location.hash);
    window.location.hash = LOGIN_HASH;
  }
}
