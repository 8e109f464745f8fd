import { Dexie, type Table } from 'dexie';
import { type OfflineChange, OfflineStore, OfflineStoreLockedError, type OfflineStoreOptions, type QueuedChange } from './offline-store.js';

/**
 * The signed-in user's offline store, held while the user is signed in (issue 32). Sign-in derives
 * the key from the password, as a non-extractable CryptoKey; it is kept in memory and, as a
 * CryptoKey (IndexedDB's structured clone keeps it unreadable), in one slot of the database
 * `pnss-offline-session`, so that a reload while signed in, offline too, reopens the queue. The slot
 * holds the signed-in user's key only: signing in as someone else replaces it, and the session
 * ending deletes it. Sign-out also erases the user's store; a session that merely expired keeps the
 * store for the next sign-in, which derives the same key from the same password.
 */
export const OFFLINE_SESSION_DATABASE = 'pnss-offline-session';

interface KeptKey {
  slot: 'signed-in';
  userId: string;
  key: CryptoKey;
}

class OfflineSessionDatabase extends Dexie {
  keys!: Table<KeptKey, string>;

  constructor(dependencies?: OfflineStoreOptions['dependencies']) {
    super(OFFLINE_SESSION_DATABASE, dependencies);
    this.version(1).stores({ keys: 'slot' });
  }
}

async function withKeys<T>(options: OfflineStoreOptions, work: (keys: Table<KeptKey, string>) => Promise<T>): Promise<T> {
  const db = new OfflineSessionDatabase(options.dependencies);
  try {
    return await work(db.keys);
  } finally {
    db.close();
  }
}

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

const sentListeners = new Set<() => void>();

/**
 * Called after a run of the queue put at least one change on the server: a screen showing records
 * reads them again, so a record made on the device shows as the server's without a manual reload.
 */
export function onOfflineQueueSent(listener: () => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

export function notifyOfflineQueueSent(): void {
  for (const listener of sentListeners) listener();
}

/**
 * At sign-in, with the password the user typed. Changes kept under an earlier password (changed
 * since, on another device) cannot be opened by anyone: they are erased and the store starts again.
 */
export async function startOfflineSession(userId: string, password: string, options: OfflineStoreOptions = {}): Promise<OfflineStore> {
  await forgetOfflineSession(options);
  let store: OfflineStore;
  try {
    store = await OfflineStore.unlock(userId, password, options);
  } catch (error) {
    if (!(error instanceof OfflineStoreLockedError)) throw error;
    await OfflineStore.erase(userId, options);
    store = await OfflineStore.unlock(userId, password, options);
  }
  current = store;
  await withKeys(options, (keys) => keys.put({ slot: 'signed-in', userId, key: store.cryptoKey }));
  notifyOfflineQueue();
  return store;
}

/** At start-up of a page already signed in: reopens the store with the key kept for this user, if any. */
export async function resumeOfflineSession(userId: string, options: OfflineStoreOptions = {}): Promise<OfflineStore | null> {
  if (current?.userId === userId) return current;
  forgetEarlierBuildsKey();
  const kept = await withKeys(options, (keys) => keys.get('signed-in')).catch(() => undefined);
  if (!kept || kept.userId !== userId) return null;
  try {
    current = await OfflineStore.open(userId, kept.key, options);
  } catch (error) {
    // Only a key that does not open the store is useless and goes. Any other failure (IndexedDB
    // busy, blocked by another tab, out of space) says nothing of the key: it stays, and the next
    // load tries again, rather than leaving a signed-in user without offline entry until sign-in.
    if (error instanceof OfflineStoreLockedError) await deleteKept(options);
    else console.warn('The offline store could not be opened; it will be tried again at the next load', error);
    return null;
  }
  notifyOfflineQueue();
  return current;
}

/**
 * The session ended (expired, or refused by the server): the key is forgotten, in memory at once and
 * in IndexedDB when the returned promise settles; the queue stays on the device.
 */
export function forgetOfflineSession(options: OfflineStoreOptions = {}): Promise<void> {
  current?.close();
  current = null;
  notifyOfflineQueue();
  return deleteKept(options);
}

/** Sign-out: the key is deleted and the user's store, with any waiting changes, erased. */
export async function eraseOfflineSession(userId: string, options: OfflineStoreOptions = {}): Promise<void> {
  await forgetOfflineSession(options);
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

/** The key slot's whole database goes: nothing of it is left on the device once the session ends. */
async function deleteKept(options: OfflineStoreOptions): Promise<void> {
  await new OfflineSessionDatabase(options.dependencies).delete().catch((error: unknown) => console.warn('The offline key could not be deleted', error));
}

/** Builds before the key was a CryptoKey kept its bytes in sessionStorage: deleted unread. */
function forgetEarlierBuildsKey(): void {
  try {
    globalThis.sessionStorage?.removeItem('pnss.offline.key');
  } catch {
    // No sessionStorage (a worker, a test): nothing was kept there.
  }
}
