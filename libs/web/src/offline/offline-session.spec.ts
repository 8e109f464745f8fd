import { webcrypto } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { indexedDbText } from '../testing/indexed-db-text.js';
import { keptOfflineKey } from '../testing/kept-offline-key.js';
import { OfflineStore, OfflineStoreLockedError, offlineDatabaseName, type OfflineChange, type OfflineStoreOptions } from './offline-store.js';
import { OFFLINE_SESSION_DATABASE } from './offline-session.js';

const crypto = webcrypto as unknown as OfflineStoreOptions['crypto'];
/** Few PBKDF2 rounds: the tests check the key's keeping, not the cost of guessing a password. */
const ITERATIONS = 1_000;

let options: OfflineStoreOptions;
beforeEach(() => {
  options = { crypto, iterations: ITERATIONS, dependencies: { indexedDB: new IDBFactory(), IDBKeyRange } };
  sessionStorage.clear();
  localStorage.clear();
});

const PATIENT = { firstName: 'Marisol', lastName: 'Bautista-Quiambao', birthDate: '1994-03-02' };

function createPatient(): OfflineChange {
  return { kind: 'createPatient', method: 'POST', path: '/patients', label: 'New patient Marisol Bautista-Quiambao', body: PATIENT };
}

/** The row of the key slot as IndexedDB returns it (a structured clone, as after a reload). */
const keptKey = () => keptOfflineKey(options.dependencies!.indexedDB);

/** A fresh copy of the session module: a reload of the page, its memory gone, IndexedDB not. */
async function reload(): Promise<typeof import('./offline-session.js')> {
  jest.resetModules();
  return import('./offline-session.js');
}

describe('the offline key (issue 32: a key that exists only while the user is signed in)', () => {
  it('is a CryptoKey that cannot be extracted: neither the kept copy nor the one in use gives up its bytes', async () => {
    const session = await reload();
    const store = await session.startOfflineSession('u1', 'pw', options);
    expect(store.cryptoKey.extractable).toBe(false);
    await expect(webcrypto.subtle.exportKey('raw', store.cryptoKey as webcrypto.CryptoKey)).rejects.toThrow();
    const kept = await keptKey();
    expect(kept?.userId).toBe('u1');
    expect(kept?.key.extractable).toBe(false);
    expect(kept?.key.usages.sort()).toEqual(['decrypt', 'encrypt']);
    await expect(webcrypto.subtle.exportKey('raw', kept!.key as webcrypto.CryptoKey)).rejects.toThrow();
    await expect(webcrypto.subtle.exportKey('jwk', kept!.key as webcrypto.CryptoKey)).rejects.toThrow();
    // Nothing of the key in the storages a script reads as text.
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    await session.forgetOfflineSession(options);
  });

  it('reopens the queue after a reload with the kept key, and deletes the key when the session ends', async () => {
    const before = await reload();
    await before.startOfflineSession('u1', 'pw', options);
    await before.queueOfflineChange(createPatient());
    const session = await reload();
    expect(session.currentOfflineStore()).toBeNull();
    const reopened = await session.resumeOfflineSession('u1', options);
    expect(await reopened?.count()).toBe(1);
    await session.forgetOfflineSession(options);
    expect(await keptKey()).toBeUndefined();
    expect(session.currentOfflineStore()).toBeNull();
    expect(await (await reload()).resumeOfflineSession('u1', options)).toBeNull();
    // The queue stayed: signing in again with the same password opens it.
    const again = await reload();
    expect(await (await again.startOfflineSession('u1', 'pw', options)).count()).toBe(1);
    await again.forgetOfflineSession(options);
  });

  it('sign-out deletes the key and erases the store with its waiting changes', async () => {
    const session = await reload();
    await session.startOfflineSession('u1', 'pw', options);
    await session.queueOfflineChange(createPatient());
    await session.eraseOfflineSession('u1', options);
    expect(await keptKey()).toBeUndefined();
    expect(await (await reload()).resumeOfflineSession('u1', options)).toBeNull();
    const fresh = await reload();
    expect(await (await fresh.startOfflineSession('u1', 'pw', options)).count()).toBe(0);
    await fresh.forgetOfflineSession(options);
  });

  it("keeps one store per user: another user's sign-in replaces the kept key, and their key does not open the first user's store", async () => {
    const nurseSession = await reload();
    await nurseSession.startOfflineSession('nurse', 'nurse password', options);
    await nurseSession.queueOfflineChange(createPatient());
    // The nurse's session ends; the doctor signs in on the same device.
    await nurseSession.forgetOfflineSession(options);
    const doctorSession = await reload();
    const doctor = await doctorSession.startOfflineSession('doctor', 'doctor password', options);
    expect(await doctor.count()).toBe(0);
    expect((await keptKey())?.userId).toBe('doctor');
    // No key of the nurse's is left on the device, and the doctor's does not open her store.
    expect(await (await reload()).resumeOfflineSession('nurse', options)).toBeNull();
    await expect(OfflineStore.open('nurse', doctor.cryptoKey, options)).rejects.toBeInstanceOf(OfflineStoreLockedError);
    await doctorSession.forgetOfflineSession(options);
    // Her queue is intact for her next sign-in.
    const nurseAgain = await reload();
    expect(await (await nurseAgain.startOfflineSession('nurse', 'nurse password', options)).count()).toBe(1);
    await nurseAgain.forgetOfflineSession(options);
  });

  it('stores nothing readable of a patient: neither the queue nor the key slot holds a name, a date or a path', async () => {
    const session = await reload();
    const store = await session.startOfflineSession('u1', 'correct horse battery', options);
    await session.queueOfflineChange(createPatient());
    await store.put('case-draft:new:p1', { firstName: 'Marisol', diagnosis: 'Severe pre-eclampsia' });
    const factory = options.dependencies!.indexedDB;
    const text = `${await indexedDbText(offlineDatabaseName('u1'), factory)}\n${await indexedDbText(OFFLINE_SESSION_DATABASE, factory)}`;
    expect(text).toContain('createPatient');
    for (const secret of ['Marisol', 'Bautista', 'Quiambao', '1994-03-02', 'pre-eclampsia', '/patients', 'correct horse']) {
      expect(text).not.toContain(secret);
    }
    await session.forgetOfflineSession(options);
  });

  it('keeps the key when the store fails to open for another reason than a wrong key, and reopens the queue at the next load', async () => {
    const before = await reload();
    await before.startOfflineSession('u1', 'pw', options);
    await before.queueOfflineChange(createPatient());
    const session = await reload();
    const storeModule = await import('./offline-store.js');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = jest.spyOn(storeModule.OfflineStore, 'open').mockRejectedValueOnce(new DOMException('The database is busy', 'AbortError'));
    expect(await session.resumeOfflineSession('u1', options)).toBeNull();
    failing.mockRestore();
    warn.mockRestore();
    expect((await keptKey())?.userId).toBe('u1');
    const next = await reload();
    expect(await (await next.resumeOfflineSession('u1', options))?.count()).toBe(1);
    await next.forgetOfflineSession(options);
  });

  it('deletes the kept key when it does not open the store (a wrong key is of no use)', async () => {
    const before = await reload();
    await before.startOfflineSession('u1', 'pw', options);
    const session = await reload();
    const storeModule = await import('./offline-store.js');
    const locked = jest.spyOn(storeModule.OfflineStore, 'open').mockRejectedValueOnce(new storeModule.OfflineStoreLockedError());
    expect(await session.resumeOfflineSession('u1', options)).toBeNull();
    locked.mockRestore();
    expect(await keptKey()).toBeUndefined();
  });

  it('deletes unread the key bytes that earlier builds kept in sessionStorage', async () => {
    sessionStorage.setItem('pnss.offline.key', JSON.stringify({ userId: 'u1', key: 'AAAA' }));
    const session = await reload();
    expect(await session.resumeOfflineSession('u1', options)).toBeNull();
    expect(sessionStorage.getItem('pnss.offline.key')).toBeNull();
  });
});
