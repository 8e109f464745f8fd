import {
  api,
  clearLoginNotice,
  clearSession,
  eraseOfflineSession,
  getStoredUser,
  LOGIN_HASH,
  platformApi,
  sessionEnded,
  type AppDispatch,
} from '@pnss/web';

/** How long sign-out waits for the server to revoke the token before leaving anyway. */
export const LOGOUT_WAIT_MS = 5000;

/**
 * Revokes the token on the server, then clears the session whatever the server answered
 * (SPEC.md §1: sign-out removes the stored token) and goes to login. The user's offline store, and
 * any change still waiting in it, is erased from the device (issue 32; the dialog said so first).
 */
export async function signOut(dispatch: AppDispatch): Promise<void> {
  const userId = getStoredUser()?._id;
  const revoke = dispatch(platformApi.endpoints.logout.initiate());
  await Promise.race([revoke, new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS))]);
  clearSession();
  if (userId) await eraseOfflineSession(userId).catch((error: unknown) => console.warn('The offline store could not be erased', error));
  clearLoginNotice();
  dispatch(sessionEnded());
  dispatch(api.util.resetApiState());
  window.location.hash = LOGIN_HASH;
}
