import { useEffect, useRef } from 'react';
import { onOfflineQueueSent } from '@pnss/web';

/** Focus events closer than this are one return, not two: no burst of reads. */
const MIN_INTERVAL_MS = 2000;

/**
 * Reads again what a screen shows when the user comes back to it: the window regains focus or the
 * tab becomes visible (issue 25 item 3: a case packaged in another tab or module shows 'Submitted'
 * without a reload), or the offline queue reached the server (issue 32). Together with `refetchOnMountOrArgChange` (the module's route entered again)
 * the status on screen follows the server. The module keeps no listeners of its own: single-spa
 * unmounts the screen, and this effect's cleanup removes them.
 */
export function useRefetchOnReturn(refetch: () => unknown, enabled = true): void {
  useRefetchWhenQueueSent(refetch, enabled);
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (!enabled) return undefined;
    let last = 0;
    const again = () => {
      if (document.visibilityState === 'hidden') return;
      const now = Date.now();
      if (now - last < MIN_INTERVAL_MS) return;
      last = now;
      latest.current();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [enabled]);
}

/**
 * Issue 32: once the offline queue reached the server, what the screen shows is read again at once,
 * so a record made on the device becomes the server's row without a manual reload.
 */
export function useRefetchWhenQueueSent(refetch: () => unknown, enabled = true): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => (enabled ? onOfflineQueueSent(() => void latest.current()) : undefined), [enabled]);
}
