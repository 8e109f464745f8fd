import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  currentOfflineStore,
  getToken,
  notifyOfflineQueue,
  onOfflineQueueChange,
  resumeOfflineSession,
  selectSessionUser,
  syncQueue,
  useAppSelector,
} from '@pnss/web';

/** How often a queue that could not be sent is tried again while the browser says it is online. */
export const SYNC_RETRY_MS = 30_000;

export interface ConnectionState {
  online: boolean;
  syncing: boolean;
  /** Changes on this device not yet on the server (refused ones included: they wait for the user). */
  waiting: number;
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * The connection and the offline queue of the signed-in user (issue 32): reopens the queue this tab
 * kept, counts what waits, and sends it in order whenever the browser is online (at once when the
 * connection returns, and again every SYNC_RETRY_MS while something waits).
 */
export function useOfflineSync(): ConnectionState {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const user = useAppSelector(selectSessionUser);
  const [waiting, setWaiting] = useState(0);
  const [syncing, setSyncing] = useState(false);
  const running = useRef(false);

  const count = useCallback(async () => {
    setWaiting((await currentOfflineStore()?.count()) ?? 0);
  }, []);

  const sync = useCallback(async () => {
    const store = currentOfflineStore();
    if (!store || running.current || !navigator.onLine) return;
    if ((await store.count()) === 0) return;
    running.current = true;
    setSyncing(true);
    try {
      await syncQueue(store, { token: getToken });
    } finally {
      running.current = false;
      setSyncing(false);
      notifyOfflineQueue();
    }
  }, []);

  useEffect(() => onOfflineQueueChange(() => void count()), [count]);

  useEffect(() => {
    if (user?._id) void resumeOfflineSession(user._id).then(() => count());
  }, [user?._id, count]);

  useEffect(() => {
    if (online && waiting > 0) void sync();
  }, [online, waiting, sync]);

  useEffect(() => {
    const timer = window.setInterval(() => void sync(), SYNC_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [sync]);

  return { online, syncing, waiting };
}

/** The state in words, never by colour alone: "Offline · 2 changes waiting". */
export function connectionText({ online, syncing, waiting }: ConnectionState): string {
  const changes = `${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting`;
  if (syncing) return `Syncing · ${changes}`;
  const state = online ? 'Online' : 'Offline';
  return waiting > 0 ? `${state} · ${changes}` : state;
}
