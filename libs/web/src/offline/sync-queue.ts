import { sameValue } from '@pnss/libs/rules';
import { describeError } from '../errors/describe-error.js';
import type { OfflineStore, QueuedChange } from './offline-store.js';
import { LOCAL_ID_PREFIX, isLocalId, settleLocalRecord } from './offline-requests.js';

/** How a run of the queue ended. */
export interface SyncResult {
  sent: number;
  refused: number;
  /**
   * Why the run stopped before the end: no connection, no session, a server that cannot answer now,
   * or another tab's run of the same queue that did not end in time.
   */
  stopped: 'offline' | 'session' | 'server' | 'busy' | null;
}

export interface SyncOptions {
  /** The stored 'Bearer ...' token, read before each change (the session may end mid-run). */
  token: () => string | null;
  fetch?: typeof fetch;
  /** The API's address; `/api` on the page's origin. */
  apiBase?: string;
  /**
   * The browser's Web Locks (`navigator.locks`, the default): one run of a user's queue at a time
   * across the tabs that share it. null: no coordination (a browser without them).
   */
  locks?: LockManager | null;
}

/** How long a run waits for another tab's run of the same queue before it gives up for now. */
export const SYNC_LOCK_WAIT_MS = 60_000;

/** The Web Lock of a user's queue: the tabs of one user on one device share one store, so one lock. */
export function syncLockName(userId: string): string {
  return `pnss-offline-sync:${userId}`;
}

/**
 * Sends the waiting changes in the order they were made (issue 32), each create with its
 * idempotency key and each save with the version of its record. A create of a record made on the
 * device (a local id) maps that id to the server's in every change behind it. A change the server takes leaves
 * the queue, and the later saves of the same record move to the version it answered. A change the
 * server refuses (its rules, or a newer version saved by someone else) stays with the server's words,
 * and the later changes of that record wait behind it. No connection, no session, or a server error
 * stops the run with everything still queued.
 */
export async function syncQueue(store: OfflineStore, options: SyncOptions): Promise<SyncResult> {
  const locks = options.locks === undefined ? (globalThis.navigator?.locks ?? null) : options.locks;
  if (!locks) return sendQueue(store, options);
  // Two tabs of one user share the queue: each run holds the queue's lock, so a change is sent by one
  // tab, once; a tab that finds a run under way waits for it and then sends what is left (often
  // nothing). A run stuck for SYNC_LOCK_WAIT_MS (a request that never answers) is not waited for.
  try {
    return await locks.request(syncLockName(store.userId), { signal: AbortSignal.timeout(SYNC_LOCK_WAIT_MS) }, () => sendQueue(store, options));
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return { sent: 0, refused: 0, stopped: 'busy' };
    throw error;
  }
}

async function sendQueue(store: OfflineStore, options: SyncOptions): Promise<SyncResult> {
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  const apiBase = options.apiBase ?? '/api';
  const result: SyncResult = { sent: 0, refused: 0, stopped: null };
  const blocked = new Set<string>();

  for (const { seq } of await store.changes()) {
    // Read again: an earlier save of the same record may have moved this one's version.
    const change = await store.change(seq);
    if (!change) continue;
    if (change.state === 'refused' || (change.recordId && blocked.has(change.recordId))) {
      if (change.recordId) blocked.add(change.recordId);
      continue;
    }
    // Names a record made on the device whose create has not reached the server (refused, say): it waits behind it.
    if (change.path.includes(LOCAL_ID_PREFIX)) {
      if (change.recordId) blocked.add(change.recordId);
      continue;
    }
    const token = options.token();
    if (!token) return { ...result, stopped: 'session' };
    let response: Response;
    try {
      response = await send(`${apiBase}${change.path}`, request(change, token));
    } catch {
      return { ...result, stopped: 'offline' };
    }
    if (response.ok) {
      const answer = (await response.json().catch(() => null)) as { _id?: unknown; version?: unknown } | null;
      await store.remove(change.seq);
      // A record made on the device now has the server's id: the changes behind it name that id from now on.
      if ((change.kind === 'createPatient' || change.kind === 'createCase') && isLocalId(change.recordId) && typeof answer?._id === 'string') {
        await settleLocalRecord(store, change.recordId!, answer._id);
      }
      if (change.recordId && change.version !== undefined && typeof answer?.version === 'number') {
        await store.rebase(change.recordId, change.version, answer.version);
      }
      result.sent += 1;
      continue;
    }
    if (response.status === 401) return { ...result, stopped: 'session' };
    if (response.status >= 500 || response.status === 408 || response.status === 429) return { ...result, stopped: 'server' };
    const data: unknown = await response.json().catch(() => null);
    const { message, current } = describeError({ status: response.status, data }, { sessionless: true });
    // A save the server already holds: its first attempt reached the server but the answer was lost on
    // the way back (the connection dropped mid-save), so the replay meets the version that save made.
    // It is on the server once: it leaves the queue as sent, and the later changes move to that version.
    if (response.status === 409 && current && (change.kind === 'saveCase' || change.kind === 'savePatient') && holdsSave(current, change.body)) {
      await store.remove(change.seq);
      if (change.recordId && change.version !== undefined && typeof current.version === 'number') {
        await store.rebase(change.recordId, change.version, current.version);
      }
      result.sent += 1;
      continue;
    }
    // A 409 that names the record as it is now is a newer version saved by someone else (not a closed case).
    const newerVersion = response.status === 409 && current !== null;
    await store.refuse(change.seq, message ?? `The server refused this change (${response.status}).`, newerVersion);
    if (change.recordId) blocked.add(change.recordId);
    result.refused += 1;
  }
  return result;
}

function request(change: QueuedChange, token: string): RequestInit {
  const headers: Record<string, string> = { Authorization: token, 'Content-Type': 'application/json' };
  if (change.method === 'POST') headers['Idempotency-Key'] = change.idempotencyKey;
  const body =
    change.version !== undefined && change.body && typeof change.body === 'object' && !Array.isArray(change.body)
      ? { ...(change.body as Record<string, unknown>), version: change.version }
      : change.body;
  return { method: change.method, headers, body: JSON.stringify(body) };
}

/** Fields of a save's body that are about the request, not the record. */
const REQUEST_FIELDS = new Set(['version', 'confirmedWarnings']);

/** Whether the record as the server has it holds every answer the save sends. */
function holdsSave(current: Record<string, unknown>, body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  return Object.entries(body as Record<string, unknown>).every(([field, value]) => REQUEST_FIELDS.has(field) || sameValue(current[field], value));
}
