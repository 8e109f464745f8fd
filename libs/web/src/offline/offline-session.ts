import { importOfflineKey } from './offline-crypto.js';
import { type OfflineChange, OfflineStore, OfflineStoreLockedError, type OfflineStoreOptions, type QueuedChange } from './offline-store.js';

/**
 * The signed-in user's offline store, held while the user is signed in (issue 32). Sign-in derives
 * the key from the password; it is kept in memory and in this tab's sessionStorage (so that a reload
 * while signed in, offline too, reopens the queue), and forgotten when the session ends. Sign-out
 * also erases the user's store; a session that merely expired keeps it for the next sign-in.
 */
const KEY_STORAGE = 'pnss.offline.key';

let current: OfflineStore | null = null;
const listeners = new Set<() => void>();

export function currentOfflineStore(): OfflineStore | null {
  return current;
}

/** Called with no argument whenever the queue changes, so the shell's indicator can count again. */
export function onOfflineQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyOfflineQueue(): void {
  for (const listener of listeners) listener();
}

/**
 * At sign-in, with the password the user typed. Changes kept under an earlier password (changed
 * since, on another device) cannot be opened by anyone: they are erased and the store starts again.
 */
export async function startOfflineSession(userId: string, password: string, options: OfflineStoreOptions = {}): Promise<OfflineStore> {
  forgetOfflineSession();
  let store: OfflineStore;
  try {
    store = await OfflineStore.unlock(userId, password, options);
  } catch (error) {
    if (!(error instanceof OfflineStoreLockedError)) throw error;
    await OfflineStore.erase(userId, options);
    store = await OfflineStore.unlock(userId, password, options);
  }
  current = store;
  sessionStorage.setItem(KEY_STORAGE, JSON.stringify({ userId, key: await store.exportKey() }));
  notifyOfflineQueue();
  return store;
}

/** At start-up of a tab already signed in: reopens the store with the key this tab kept, if any. */
export async function resumeOfflineSession(userId: string, options: OfflineStoreOptions = {}): Promise<OfflineStore | null> {
  if (current?.userId === userId) return current;
  const kept = readKept();
  if (!kept || kept.userId !== userId) return null;
  try {
    current = await OfflineStore.open(userId, await importOfflineKey(kept.key, options.crypto), options);
  } catch {
    sessionStorage.removeItem(KEY_STORAGE);
    return null;
  }
  notifyOfflineQueue();
  return current;
}

/** The session ended (expired, or refused by the server): the key is forgotten, the queue stays on the device. */
export function forgetOfflineSession(): void {
  current?.close();
  current = null;
  sessionStorage.removeItem(KEY_STORAGE);
  notifyOfflineQueue();
}

/** Sign-out: the key is forgotten and the user's store, with any waiting changes, erased. */
export async function eraseOfflineSession(userId: string, options: OfflineStoreOptions = {}): Promise<void> {
  forgetOfflineSession();
  await OfflineStore.erase(userId, options);
  notifyOfflineQueue();
}

/** Puts a change at the end of the signed-in user's queue; null when no store is open. */
export async function queueOfflineChange(change: OfflineChange): Promise<QueuedChange | null> {
  if (!current) return null;
  const queued = await current.enqueue(change);
  notifyOfflineQueue();
  return queued;
}

function readKept(): { userId: string; key: string } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY_STORAGE) ?? 'null') as unknown;
    if (value && typeof value === 'object' && typeof (value as { userId?: unknown }).userId === 'string' && typeof (value as { key?: unknown }).key === 'string') {
      return value as { userId: string; key: string };
    }
  } catch {
    // An unreadable entry is as good as none: the user signs in again.
  }
  return null;
}
