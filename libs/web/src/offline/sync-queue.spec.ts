import { webcrypto } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { locks } from 'node:worker_threads';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { OfflineStore, type OfflineStoreOptions } from './offline-store.js';
import { syncQueue } from './sync-queue.js';

const options = (): OfflineStoreOptions => ({
  crypto: webcrypto as unknown as OfflineStoreOptions['crypto'],
  iterations: 1_000,
  dependencies: { indexedDB: new IDBFactory(), IDBKeyRange },
});

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A server that answers each request with the next of `answers`, and records what it was sent. */
function server(answers: Array<[number, unknown] | 'offline'>) {
  const sent: Sent[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    const answer = answers.shift();
    if (!answer || answer === 'offline') throw new TypeError('Failed to fetch');
    sent.push({ url: String(url), method: init?.method ?? 'GET', headers: init?.headers as Record<string, string>, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return new Response(JSON.stringify(answer[1]), { status: answer[0], headers: { 'Content-Type': 'application/json' } });
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
}

const token = () => 'Bearer t';

describe('sending the queue when the connection returns (issue 32)', () => {
  it('sends the changes in order, creates with their idempotency key and saves with their version, and empties the queue', async () => {
    const store = await OfflineStore.unlock('u1', 'pw', options());
    const create = await store.enqueue({ kind: 'createPatient', method: 'POST', path: '/patients', label: 'New patient', body: { firstName: 'Ana' } });
    await store.enqueue({ kind: 'saveCase', method: 'PUT', path: '/patients/p/cases/c1', label: 'Case', body: { room: 'A' }, recordId: 'c1', version: 3 });
    await store.enqueue({ kind: 'saveCase', method: 'PUT', path: '/patients/p/cases/c1', label: 'Case', body: { room: 'B' }, recordId: 'c1', version: 3 });
    const { sent, fetch } = server([[201, { _id: 'p' }], [200, { version: 4 }], [200, { version: 5 }]]);
    expect(await syncQueue(store, { token, fetch })).toEqual({ sent: 3, refused: 0, stopped: null });
    expect(sent.map((s) => [s.method, s.url])).toEqual([['POST', '/api/patients'], ['PUT', '/api/patients/p/cases/c1'], ['PUT', '/api/patients/p/cases/c1']]);
    expect(sent[0]!.headers['Idempotency-Key']).toBe(create.idempotencyKey);
    expect(sent[1]!.headers['Idempotency-Key']).toBeUndefined();
    // The second save of c1 was made on top of the first: it goes at the version the first one reached.
    expect(sent.slice(1).map((s) => s.body)).toEqual([{ room: 'A', version: 3 }, { room: 'B', version: 4 }]);
    expect(await store.count()).toBe(0);
    store.close();
  });

  it("keeps a refused change with the server's words, holds the later changes of that record behind it, and sends the others", async () => {
    const store = await OfflineStore.unlock('u1', 'pw', options());
    await store.enqueue({ kind: 'saveCase', method: 'PUT', path: '/patients/p/cases/c1', label: 'Case 1', body: { room: 'A' }, recordId: 'c1', version: 2 });
    await store.enqueue({ kind: 'closeCase', method: 'PUT', path: '/patients/p/cases/c1/close', label: 'Close case 1', body: {}, recordId: 'c1', version: 2 });
    await store.enqueue({ kind: 'saveCase', method: 'PUT', path: '/patients/p/cases/c2', label: 'Case 2', body: { room: 'B' }, recordId: 'c2', version: 1 });
    const closed = 'This case is closed and can no longer be edited. Reopen it to make changes.';
    const { sent, fetch } = server([[409, { statusCode: 409, message: closed }], [200, { version: 2 }]]);
    expect(await syncQueue(store, { token, fetch })).toEqual({ sent: 1, refused: 1, stopped: null });
    expect(sent.map((s) => s.url)).toEqual(['/api/patients/p/cases/c1', '/api/patients/p/cases/c2']);
    expect((await store.changes()).map((c) => [c.label, c.state, c.refusal])).toEqual([
      ['Case 1', 'refused', closed],
      ['Close case 1', 'waiting', undefined],
    ]);
    store.close();
  });

  it('marks a save refused for a newer version (a 409 naming the case as it is now) so the form can offer the conflict dialog', async () => {
    const store = await OfflineStore.unlock('u1', 'pw', options());
    await store.enqueue({ kind: 'saveCase', method: 'PUT', path: '/patients/p/cases/c1', label: 'Case 1', body: { room: 'A' }, recordId: 'c1', version: 2 });
    await store.enqueue({ kind: 'saveCase', method: 'PUT', path: '/patients/p/cases/c2', label: 'Case 2', body: { room: 'B' }, recordId: 'c2', version: 1 });
    const { fetch } = server([
      [409, { statusCode: 409, message: 'changed', current: { _id: 'c1', room: 'ICU', version: 3 } }],
      [409, { statusCode: 409, message: 'This case is closed and can no longer be edited. Reopen it to make changes.' }],
    ]);
    expect(await syncQueue(store, { token, fetch })).toEqual({ sent: 0, refused: 2, stopped: null });
    expect((await store.changes()).map((c) => [c.label, c.state, c.newerVersion ?? false])).toEqual([
      ['Case 1', 'refused', true],
      ['Case 2', 'refused', false],
    ]);
    store.close();
  });

  it('stops with everything still queued when the connection drops, the session ended or the server fails', async () => {
    const store = await OfflineStore.unlock('u1', 'pw', options());
    await store.enqueue({ kind: 'createPatient', method: 'POST', path: '/patients', label: 'New patient', body: { firstName: 'Ana' } });
    expect((await syncQueue(store, { token, fetch: server(['offline']).fetch })).stopped).toBe('offline');
    expect((await syncQueue(store, { token, fetch: server([[401, { message: 'Your session has ended. Please sign in again.' }]]).fetch })).stopped).toBe('session');
    expect((await syncQueue(store, { token, fetch: server([[503, { message: 'down' }]]).fetch })).stopped).toBe('server');
    expect((await syncQueue(store, { token: () => null, fetch: server([]).fetch })).stopped).toBe('session');
    expect(await store.count()).toBe(1);
    expect((await store.changes())[0]!.state).toBe('waiting');
    store.close();
  });

  it('a save whose answer was lost mid-save is on the server once: its replay meets the version that save made, holding the same answers, and leaves the queue as sent, the later saves moved to that version', async () => {
    const store = await OfflineStore.unlock('u1', 'pw', options());
    await store.enqueue({ kind: 'saveCase', method: 'PUT', path: '/patients/p/cases/c1', label: 'Case 1', body: { room: 'A', weight: 61, version: 2 }, recordId: 'c1', version: 2 });
    await store.enqueue({ kind: 'saveCase', method: 'PUT', path: '/patients/p/cases/c1', label: 'Case 1', body: { room: 'B', weight: 61, version: 2 }, recordId: 'c1', version: 2 });
    const { sent, fetch } = server([
      [409, { statusCode: 409, message: 'changed', current: { _id: 'c1', room: 'A', weight: 61, height: 160, version: 3 } }],
      [200, { _id: 'c1', room: 'B', version: 4 }],
    ]);
    expect(await syncQueue(store, { token, fetch })).toEqual({ sent: 2, refused: 0, stopped: null });
    expect(sent.map((s) => s.body)).toEqual([{ room: 'A', weight: 61, version: 2 }, { room: 'B', weight: 61, version: 3 }]);
    expect(await store.count()).toBe(0);
    store.close();
  });

  it("a replay that meets someone else's answers is still a conflict, never taken as sent", async () => {
    const store = await OfflineStore.unlock('u1', 'pw', options());
    await store.enqueue({ kind: 'saveCase', method: 'PUT', path: '/patients/p/cases/c1', label: 'Case 1', body: { room: 'A', weight: 61 }, recordId: 'c1', version: 2 });
    const { fetch } = server([[409, { statusCode: 409, message: 'changed', current: { _id: 'c1', room: 'A', weight: 70, version: 3 } }]]);
    expect(await syncQueue(store, { token, fetch })).toEqual({ sent: 0, refused: 1, stopped: null });
    expect((await store.changes())[0]!.newerVersion).toBe(true);
    store.close();
  });

  describe("two tabs of one user (one queue on the device, the browser's Web Locks)", () => {
    async function twoTabs() {
      const shared = options();
      const first = await OfflineStore.unlock('u1', 'pw', shared);
      const second = await OfflineStore.unlock('u1', 'pw', shared);
      await first.enqueue({ kind: 'createPatient', method: 'POST', path: '/patients', label: 'New patient', body: { firstName: 'Ana' } });
      await first.enqueue({ kind: 'saveCase', method: 'PUT', path: '/patients/p/cases/c1', label: 'Case 1', body: { room: 'A' }, recordId: 'c1', version: 3 });
      await first.enqueue({ kind: 'closeCase', method: 'PUT', path: '/patients/p/cases/c1/close', label: 'Close case 1', body: {}, recordId: 'c1', version: 4 });
      const requests: string[] = [];
      // A server that takes a while to answer, so that the two tabs' runs overlap.
      const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
        requests.push(`${init?.method} ${String(url)}`);
        await sleep(15);
        const version = requests.length + 3;
        return new Response(JSON.stringify({ _id: 'p', version }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }) as typeof globalThis.fetch;
      return { first, second, requests, fetch };
    }

    it('sends each change once when both tabs send the queue at the same moment: the second waits for the first and finds nothing left', async () => {
      const { first, second, requests, fetch } = await twoTabs();
      const [a, b] = await Promise.all([syncQueue(first, { token, fetch, locks }), syncQueue(second, { token, fetch, locks })]);
      expect(requests).toEqual(['POST /api/patients', 'PUT /api/patients/p/cases/c1', 'PUT /api/patients/p/cases/c1/close']);
      expect(a.sent + b.sent).toBe(3);
      expect(a.refused + b.refused).toBe(0);
      expect(await second.count()).toBe(0);
      first.close();
      second.close();
    });

    it('without the lock (a browser without Web Locks) the same moment sends changes twice: what the lock prevents', async () => {
      const { first, second, requests, fetch } = await twoTabs();
      await Promise.all([syncQueue(first, { token, fetch, locks: null }), syncQueue(second, { token, fetch, locks: null })]);
      expect(requests.length).toBeGreaterThan(3);
      first.close();
      second.close();
    });
  });
});
