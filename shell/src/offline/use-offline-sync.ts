import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  casePaths,
  currentOfflineStore,
  getToken,
  notifyOfflineQueue,
  notifyOfflineQueueSent,
  onOfflineQueueChange,
  resumeOfflineSession,
  selectSessionUser,
  syncQueue,
  useAppSelector,
} from '@pnss/web';
import { readStorageWarning } from './storage-quota.js';

/** How often a queue that could not be sent is tried again while the browser says it is online. */
export const SYNC_RETRY_MS = 30_000;

export interface ConnectionState {
  online: boolean;
  syncing: boolean;
  /** Changes on this device not yet on the server (refused ones included: they wait for the user). */
  waiting: number;
  /** Case saves the server refused because someone saved a newer version: each opens in the case form's conflict dialog. */
  conflicts?: ConflictLink[];
  /** Changes the server refused by its rules (a close it does not accept, say): they wait, with its words, for the user. */
  refusals?: Refusal[];
  /** The browser's storage nearing its quota, in words; null otherwise. */
  storage?: string | null;
}

export interface Refusal {
  seq: number;
  label: string;
  /** The server's words. */
  refusal: string;
  /** The case form, where the change is about a case. */
  to: string | null;
}

/** The case a change is about, from its API path: `/patients/<p>/cases/<c>[/close]` is the form `/patients/<p>/case/<c>`. */
export function caseLinkOf(path: string): string | null {
  const match = /^\/patients\/([^/]+)\/cases\/([^/]+)(?:\/[a-z]+)?$/.exec(path);
  return match ? `/patients/${match[1]}/case/${match[2]}` : null;
}

export interface ConflictLink {
  label: string;
  /** The case form's address, e.g. `/patients/p1/case/c1`. */
  to: string;
}

/** The case form that settles a refused save: `/patients/<p>/cases/<c>` (the API's path, its ids encoded) is `/patients/<p>/case/<c>`. */
export function conflictLinkOf(path: string, label: string): ConflictLink | null {
  const match = /^\/patients\/([^/]+)\/cases\/([^/]+)$/.exec(path);
  return match ? { label, to: casePaths.caseForm(decodeURIComponent(match[1]), decodeURIComponent(match[2])) } : null;
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
  const [conflicts, setConflicts] = useState<ConflictLink[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [storage, setStorage] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);
  const running = useRef(false);

  const count = useCallback(async () => {
    const store = currentOfflineStore();
    const waitingNow = (await store?.count()) ?? 0;
    setWaiting(waitingNow);
    setStorage(store ? await readStorageWarning() : null);
    // Read (decrypt) the queue only when something waits.
    const changes = store && waitingNow > 0 ? await store.changes().catch(() => []) : [];
    setConflicts(changes.flatMap((c) => (c.kind === 'saveCase' && c.state === 'refused' && c.newerVersion ? [conflictLinkOf(c.path, c.label)] : []))
      .filter((link): link is ConflictLink => link !== null));
    setRefusals(changes.flatMap((c) => (c.state === 'refused' && !(c.kind === 'saveCase' && c.newerVersion)
      ? [{ seq: c.seq, label: c.label, refusal: c.refusal ?? 'The server refused this change.', to: caseLinkOf(c.path) }]
      : [])));
  }, []);

  const sync = useCallback(async () => {
    const store = currentOfflineStore();
    if (!store || running.current || !navigator.onLine) return;
    if ((await store.count()) === 0) return;
    running.current = true;
    setSyncing(true);
    let sent = 0;
    try {
      sent = (await syncQueue(store, { token: getToken })).sent;
    } finally {
      running.current = false;
      setSyncing(false);
      notifyOfflineQueue();
      // The screens on show read the server again: what was made on the device is the server's now.
      if (sent > 0) notifyOfflineQueueSent();
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

  return { online, syncing, waiting, conflicts, refusals, storage };
}

/** The state in words, never by colour alone: "Offline · 2 changes waiting". */
export function connectionText({ online, syncing, waiting }: ConnectionState): string {
  const changes = `${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting`;
  if (syncing) return `Syncing · ${changes}`;
  const state = online ? 'Online' : 'Offline';
  return waiting > 0 ? `${state} · ${changes}` : state;
}
