import { useEffect } from 'react';
import {
  describeError,
  endSession,
  getToken,
  saveSessionUser,
  sessionStarted,
  useAppDispatch,
  useCheckSessionMutation,
} from '@pnss/web';

/**
 * SPEC.md §2 and §7: the session is checked on each navigation. The answer refreshes the stored
 * permissions, so a role change shows at the next navigation. A 401 ends the session (the API
 * base does that); a 504 only means the server is not reachable yet.
 */
export function useSessionCheck(hash: string, enabled: boolean): void {
  const dispatch = useAppDispatch();
  const [checkSession] = useCheckSessionMutation();

  useEffect(() => {
    if (!enabled) return;
    const tokenAtStart = getToken();
    checkSession()
      .unwrap()
      .then((user) => {
        // Signed out (or in as someone else) while the check ran: its answer is stale.
        if (getToken() !== tokenAtStart) return;
        if (!user?._id) {
          endSession(dispatch);
          return;
        }
        saveSessionUser(user);
        dispatch(sessionStarted(user));
      })
      .catch((error: unknown) => {
        if (describeError(error).status === 504) console.info('waiting for connection');
      });
  }, [hash, enabled, checkSession, dispatch]);
}
