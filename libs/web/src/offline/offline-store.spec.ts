import { webcrypto } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { indexedDbText } from '../testing/indexed-db-text.js';
import { OfflineStore, OfflineStoreLockedError, offlineDatabaseName, type OfflineChange, type OfflineStoreOptions } from './offline-store.js';

const crypto = webcrypto as unknown as OfflineStoreOptions['crypto'];
/** Few PBKDF2 rounds: the tests check the store, not the cost of guessing a password. */
const ITERATIONS = 1_000;

let options: OfflineStoreOptions;
beforeEach(() => {
  options = { crypto, iterations: ITERATIONS, dependencies: { indexedDB: new IDBFactory(), IDBKeyRange } };
});

const PATIENT_NAME = 'Marisol Bautista-Quiambao';

function createPatient(firstName = 'Marisol'): OfflineChange {
  return {
    kind: 'createPatient', method: 'POST', path: '/patients', label: `New patient ${PATIENT_NAME}`,
    body: { firstName, lastName: 'Bautista-Quiambao', birthDate: '1994-03-02' },
  };
}

function saveCase(caseId: string, version: number, room: string): OfflineChange {
  return { kind: 'saveCase', method: 'PUT', path: `/patients/p1/cases/${caseId}`, label: 'Case 2026-118', body: { version, room }, recordId: caseId, version };
}

/** Every value this test's IndexedDB holds for a database, as text to search. */
const storedText = (name: string) => indexedDbText(name, options.dependencies!.indexedDB);

describe('the offline queue (issue 32: work queued, never lost)', () => {
  it('keeps the changes in the order they were made, each with the version of its record', async () => {
    const store = await OfflineStore.unlock('u1', 'correct horse battery', options);
    await store.enqueue(createPatient());
    await store.enqueue(saveCase('c1', 3, 'Ward A'));
    await store.enqueue(saveCase('c2', 7, 'Ward B'));
    const changes = await store.changes();
    expect(changes.map((c) => [c.kind, c.recordId, c.version])).toEqual([
      ['createPatient', undefined, undefined], ['saveCase', 'c1', 3], ['saveCase', 'c2', 7],
    ]);
    expect(changes.map((c) => c.seq)).toEqual([...changes.map((c) => c.seq)].sort((a, b) => a - b));
    await store.remove(changes[0]!.seq);
    expect((await store.changes()).map((c) => c.recordId)).toEqual(['c1', 'c2']);
    expect(await store.count()).toBe(2);
    store.close();
  });

  it('gives every change an idempotency key of its own, kept unchanged through a refusal and a retry', async () => {
    const store = await OfflineStore.unlock('u1', 'correct horse battery', options);
    const first = await store.enqueue(createPatient());
    const second = await store.enqueue(createPatient('Ana'));
    expect(first.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
    await store.refuse(first.seq, 'This case is closed and can no longer be edited. Reopen it to make changes.');
    await store.replace(first.seq, { body: { firstName: 'Marisol', birthDate: '1994-03-02' } });
    const [again] = await store.changes();
    expect(again).toMatchObject({ seq: first.seq, idempotencyKey: first.idempotencyKey, state: 'waiting' });
    store.close();
  });

  it("keeps a refused change in the queue with the server's words", async () => {
    const store = await OfflineStore.unlock('u1', 'pw one two three', options);
    const change = await store.enqueue(saveCase('c1', 2, 'Ward C'));
    await store.refuse(change.seq, 'This case is closed and can no longer be edited. Reopen it to make changes.');
    expect(await store.changes()).toEqual([
      expect.objectContaining({ seq: change.seq, state: 'refused', refusal: 'This case is closed and can no longer be edited. Reopen it to make changes.' }),
    ]);
    store.close();
  });

  it("moves the later saves of a record to the version the server answered for the user's earlier save", async () => {
    const store = await OfflineStore.unlock('u1', 'pw', options);
    await store.enqueue(saveCase('c1', 4, 'A'));
    await store.enqueue(saveCase('c1', 4, 'B'));
    await store.enqueue(saveCase('c2', 4, 'C'));
    const [first] = await store.changes();
    await store.remove(first!.seq);
    await store.rebase('c1', 4, 5);
    expect((await store.changes()).map((c) => [c.recordId, c.version])).toEqual([['c1', 5], ['c2', 4]]);
    store.close();
  });

  it('stores no patient text: the stored bytes hold the order, kind, version and key but no name or field value', async () => {
    const store = await OfflineStore.unlock('u1', 'pw', options);
    const queued = await store.enqueue(createPatient());
    await store.enqueue(saveCase('c1', 3, 'Delivery room 4'));
    await store.put('draft:case:c1', { firstName: 'Marisol', diagnosis: 'Severe pre-eclampsia' });
    await store.refuse(queued.seq, 'Refused for Marisol');
    const text = await storedText(offlineDatabaseName('u1'));
    // The search sees what is stored in the clear (so it would see a name stored so).
    expect(text).toContain(queued.idempotencyKey);
    expect(text).toContain('saveCase');
    for (const secret of ['Marisol', 'Bautista', 'Quiambao', '1994-03-02', 'Delivery room', 'pre-eclampsia', '/patients']) {
      expect(text).not.toContain(secret);
    }
    expect(await store.get('draft:case:c1')).toEqual({ firstName: 'Marisol', diagnosis: 'Severe pre-eclampsia' });
    store.close();
  });

  it("keeps each user's queue apart: another user neither sees it nor opens it with their key", async () => {
    const nurse = await OfflineStore.unlock('nurse', 'nurse password', options);
    const doctor = await OfflineStore.unlock('doctor', 'doctor password', options);
    await nurse.enqueue(createPatient());
    await doctor.enqueue(saveCase('c9', 1, 'OR 2'));
    expect((await nurse.changes()).map((c) => c.kind)).toEqual(['createPatient']);
    expect((await doctor.changes()).map((c) => c.kind)).toEqual(['saveCase']);
    nurse.close();
    doctor.close();
    await expect(OfflineStore.unlock('nurse', 'doctor password', options)).rejects.toBeInstanceOf(OfflineStoreLockedError);
  });

  it('signing in again with the same password opens the same queue (a session that ended offline loses nothing)', async () => {
    const before = await OfflineStore.unlock('u1', 'same password', options);
    await before.enqueue(createPatient());
    before.close();
    const after = await OfflineStore.unlock('u1', 'same password', options);
    expect((await after.changes()).map((c) => c.label)).toEqual([`New patient ${PATIENT_NAME}`]);
    after.close();
  });

  it('sign-out erases the user’s store and leaves the other users’ queues', async () => {
    const nurse = await OfflineStore.unlock('nurse', 'nurse password', options);
    const doctor = await OfflineStore.unlock('doctor', 'doctor password', options);
    await nurse.enqueue(createPatient());
    await doctor.enqueue(createPatient());
    nurse.close();
    await OfflineStore.erase('nurse', options);
    const fresh = await OfflineStore.unlock('nurse', 'a new password', options);
    expect(await fresh.count()).toBe(0);
    expect(await doctor.count()).toBe(1);
    fresh.close();
    doctor.close();
  });
});
