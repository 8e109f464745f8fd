import { Dexie, type Table } from 'dexie';
import { type Sealed, type WebCrypto, deriveOfflineKey, open, pageCrypto, randomSalt, seal } from './offline-crypto.js';

/** What a queued change does, in the order the sync loop sends them. */
export type OfflineChangeKind = 'createPatient' | 'savePatient' | 'createCase' | 'saveCase' | 'closeCase';

/** A write made while offline, as the API will receive it. */
export interface OfflineChange {
  kind: OfflineChangeKind;
  method: 'POST' | 'PUT';
  /** The API path after /api, e.g. `/patients/<id>/cases/<caseid>`. */
  path: string;
  body: unknown;
  /** Words for the list of waiting changes ("New patient", "Case 2026-118"). */
  label: string;
  /** The record the change is about, when it exists on the server already. */
  recordId?: string;
  /** The version of that record the user opened: the server refuses it when someone saved since. */
  version?: number;
}

export type QueuedState = 'waiting' | 'refused';

export interface QueuedChange extends OfflineChange {
  seq: number;
  /** Sent as the Idempotency-Key of a create, so a replay after a lost answer never makes two records. */
  idempotencyKey: string;
  state: QueuedState;
  /** The server's words when it refused the change; the change stays until the user resolves it. */
  refusal?: string;
  /** Refused because someone saved a newer version of the record (a 409 naming it): the form offers its conflict dialog. */
  newerVersion?: boolean;
  queuedAt: number;
}

/** One row of the queue as stored: order, key, version and state in the clear; the request sealed. */
interface ChangeRow {
  seq?: number;
  kind: OfflineChangeKind;
  idempotencyKey: string;
  recordId?: string;
  version?: number;
  state: QueuedState;
  queuedAt: number;
  sealed: Sealed;
}

interface SealedRequest {
  method: OfflineChange['method'];
  path: string;
  body: unknown;
  label: string;
  refusal?: string;
  newerVersion?: boolean;
}

interface RecordRow {
  key: string;
  savedAt: number;
  sealed: Sealed;
}

interface MetaRow {
  name: 'salt' | 'check';
  salt?: Uint8Array;
  sealed?: Sealed;
}

class OfflineDatabase extends Dexie {
  changes!: Table<ChangeRow, number>;
  records!: Table<RecordRow, string>;
  meta!: Table<MetaRow, string>;

  constructor(name: string, dependencies?: OfflineStoreOptions['dependencies']) {
    super(name, dependencies);
    this.version(1).stores({ changes: '++seq, state, recordId', records: 'key', meta: 'name' });
  }
}

export interface OfflineStoreOptions {
  crypto?: WebCrypto;
  /** IndexedDB itself, for tests (fake-indexeddb); the page's otherwise. */
  dependencies?: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };
  iterations?: number;
}

/** Each user's store is a database of its own: clinicians sharing a device never share a queue. */
export function offlineDatabaseName(userId: string): string {
  return `pnss-offline-${userId}`;
}

const CHECK = 'pnss-offline-check';

/** The key did not open this user's store: the password changed since the changes were queued. */
export class OfflineStoreLockedError extends Error {
  constructor() {
    super('The changes kept on this device were saved under another password and cannot be opened.');
  }
}

/**
 * The encrypted store of one signed-in user (issue 32): the queue of changes made while offline, in
 * order, and records kept on the device (drafts, what the lists last showed). Everything that can
 * hold patient data is sealed with AES-GCM under the user's key; only the order, the kind, the
 * record id, its version and the idempotency key are readable, so that the queue can be counted
 * and ordered without the key.
 */
export class OfflineStore {
  private constructor(
    readonly userId: string,
    private readonly db: OfflineDatabase,
    private readonly key: CryptoKey,
    private readonly crypto: WebCrypto,
  ) {}

  /** The user's salt (made on first use). Not secret: it makes one user's key differ from another's. */
  static async salt(userId: string, options: OfflineStoreOptions = {}): Promise<Uint8Array> {
    const db = new OfflineDatabase(offlineDatabaseName(userId), options.dependencies);
    try {
      const found = await db.meta.get('salt');
      if (found?.salt) return new Uint8Array(found.salt);
      const salt = randomSalt(options.crypto);
      await db.meta.put({ name: 'salt', salt });
      return salt;
    } finally {
      db.close();
    }
  }

  /** Derives the user's key from the password typed at sign-in and opens the store with it. */
  static async unlock(userId: string, password: string, options: OfflineStoreOptions = {}): Promise<OfflineStore> {
    const salt = await OfflineStore.salt(userId, options);
    const key = await deriveOfflineKey(password, salt, { iterations: options.iterations, crypto: options.crypto });
    return OfflineStore.open(userId, key, options);
  }

  /** Opens the user's store with a key; a key that is not the store's is refused (OfflineStoreLockedError). */
  static async open(userId: string, key: CryptoKey, options: OfflineStoreOptions = {}): Promise<OfflineStore> {
    const crypto = options.crypto ?? pageCrypto();
    const db = new OfflineDatabase(offlineDatabaseName(userId), options.dependencies);
    const store = new OfflineStore(userId, db, key, crypto);
    const check = await db.meta.get('check');
    if (!check?.sealed) {
      await db.meta.put({ name: 'check', sealed: await seal(key, store.place('meta', 'check'), CHECK, crypto) });
    } else {
      const opened = await open<string>(key, store.place('meta', 'check'), check.sealed, crypto).catch(() => null);
      if (opened !== CHECK) {
        db.close();
        throw new OfflineStoreLockedError();
      }
    }
    return store;
  }

  /** Sign-out: the user's store, queue and key material are deleted from the device. */
  static async erase(userId: string, options: OfflineStoreOptions = {}): Promise<void> {
    await new OfflineDatabase(offlineDatabaseName(userId), options.dependencies).delete();
  }

  close(): void {
    this.db.close();
  }

  /** The store's key, to be kept while signed in (offline-session.ts): a CryptoKey whose bytes cannot be read. */
  get cryptoKey(): CryptoKey {
    return this.key;
  }

  /**
   * Adds a change at the end of the queue, with a new idempotency key, or with the one its first
   * attempt already carried (a create sent online whose answer never came: the server may have it).
   */
  async enqueue(change: OfflineChange, idempotencyKey: string = randomKey(this.crypto)): Promise<QueuedChange> {
    const queuedAt = Date.now();
    const row: ChangeRow = {
      kind: change.kind,
      idempotencyKey,
      ...(change.recordId === undefined ? {} : { recordId: change.recordId }),
      ...(change.version === undefined ? {} : { version: change.version }),
      state: 'waiting',
      queuedAt,
      sealed: await this.sealChange(idempotencyKey, { method: change.method, path: change.path, body: change.body, label: change.label }),
    };
    const seq = await this.db.changes.add(row);
    return { ...change, seq, idempotencyKey, state: 'waiting', queuedAt };
  }

  /** Every queued change, oldest first, decrypted. */
  async changes(): Promise<QueuedChange[]> {
    const rows = await this.db.changes.orderBy('seq').toArray();
    return Promise.all(rows.map((row) => this.toQueued(row)));
  }

  /** One queued change as it is now (a rebase may have moved its version), or null once it left the queue. */
  async change(seq: number): Promise<QueuedChange | null> {
    const row = await this.db.changes.get(seq);
    return row ? this.toQueued(row) : null;
  }

  /** How many changes wait (refused ones included: they wait for the user). Needs no decryption. */
  count(): Promise<number> {
    return this.db.changes.count();
  }

  /** The change reached the server: it leaves the queue. */
  async remove(seq: number): Promise<void> {
    await this.db.changes.delete(seq);
  }

  /** The server refused the change: it stays, with the server's words, until the user resolves it. */
  async refuse(seq: number, refusal: string, newerVersion = false): Promise<void> {
    const row = await this.db.changes.get(seq);
    if (!row) return;
    const request = await this.openChange(row);
    const sealed = await this.sealChange(row.idempotencyKey, { ...request, refusal, ...(newerVersion ? { newerVersion } : {}) });
    await this.db.changes.put({ ...row, state: 'refused', sealed });
  }

  /**
   * After a queued save of a record reached the server at `to`, the later changes of the same record
   * that were made on top of it (queued at version `from`) carry `to`: they are the same user's
   * continuing work, not a change made without seeing someone else's.
   */
  async rebase(recordId: string, from: number, to: number): Promise<void> {
    // Read and put whole rows: Dexie's modify() clones the row and loses the sealed bytes' type.
    await this.db.transaction('rw', this.db.changes, async () => {
      const rows = await this.db.changes.where('recordId').equals(recordId).toArray();
      await this.db.changes.bulkPut(rows.filter((row) => row.version === from).map((row) => ({ ...row, version: to })));
    });
  }

  /** The change as the user wants it sent now (after choosing per field in the conflict dialog): waiting again. */
  async replace(seq: number, change: Pick<OfflineChange, 'body' | 'version'>): Promise<void> {
    const row = await this.db.changes.get(seq);
    if (!row) return;
    const request = await this.openChange(row);
    await this.db.changes.put({
      ...row,
      state: 'waiting',
      ...(change.version === undefined ? {} : { version: change.version }),
      sealed: await this.sealChange(row.idempotencyKey, { method: request.method, path: request.path, label: request.label, body: change.body }),
    });
  }

  /** Keeps a value on the device, encrypted (a draft, what a list showed last). */
  async put(key: string, value: unknown): Promise<void> {
    await this.db.records.put({ key, savedAt: Date.now(), sealed: await seal(this.key, this.place('records', key), value, this.crypto) });
  }

  async get<T>(key: string): Promise<T | null> {
    const row = await this.db.records.get(key);
    return row ? open<T>(this.key, this.place('records', key), row.sealed, this.crypto) : null;
  }

  async delete(key: string): Promise<void> {
    await this.db.records.delete(key);
  }

  /** Every kept value whose key starts with `prefix`, decrypted, in key order. */
  async entries<T>(prefix: string): Promise<Array<{ key: string; value: T }>> {
    const rows = await this.db.records.where('key').startsWith(prefix).toArray();
    return Promise.all(rows.map(async (row) => ({ key: row.key, value: await open<T>(this.key, this.place('records', row.key), row.sealed, this.crypto) })));
  }

  /**
   * A record made on the device (`localId`) now exists on the server as `serverId`: every waiting
   * change that names it (its path, its body, the record it is about) names the server's id instead.
   */
  async remap(localId: string, serverId: string): Promise<void> {
    const rows = await this.db.changes.orderBy('seq').toArray();
    for (const row of rows) {
      const request = await this.openChange(row);
      const text = JSON.stringify({ path: request.path, body: request.body });
      if (!text.includes(localId) && row.recordId !== localId) continue;
      const moved = JSON.parse(text.split(localId).join(serverId)) as Pick<SealedRequest, 'path' | 'body'>;
      await this.db.changes.put({
        ...row,
        ...(row.recordId === localId ? { recordId: serverId } : {}),
        sealed: await this.sealChange(row.idempotencyKey, { ...request, path: moved.path, body: moved.body }),
      });
    }
  }

  private place(table: string, id: string): string {
    return `${this.userId}/${table}/${id}`;
  }

  private sealChange(idempotencyKey: string, request: SealedRequest): Promise<Sealed> {
    return seal(this.key, this.place('changes', idempotencyKey), request, this.crypto);
  }

  private openChange(row: ChangeRow): Promise<SealedRequest> {
    return open<SealedRequest>(this.key, this.place('changes', row.idempotencyKey), row.sealed, this.crypto);
  }

  private async toQueued(row: ChangeRow): Promise<QueuedChange> {
    const request = await this.openChange(row);
    return {
      seq: row.seq ?? 0,
      kind: row.kind,
      idempotencyKey: row.idempotencyKey,
      state: row.state,
      queuedAt: row.queuedAt,
      method: request.method,
      path: request.path,
      body: request.body,
      label: request.label,
      ...(request.refusal === undefined ? {} : { refusal: request.refusal }),
      ...(request.newerVersion ? { newerVersion: true } : {}),
      ...(row.recordId === undefined ? {} : { recordId: row.recordId }),
      ...(row.version === undefined ? {} : { version: row.version }),
    };
  }
}

/** A version 4 UUID from the given WebCrypto. */
function randomKey(crypto: WebCrypto): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
