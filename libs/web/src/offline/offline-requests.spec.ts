import { webcrypto } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { CaseForm, Patient } from '@pnss/libs/api';
import { closableGyneCase } from '@pnss/libs/testing';
import { indexedDbText } from '../testing/indexed-db-text.js';
import { offlineDatabaseName, type OfflineStoreOptions } from './offline-store.js';
import { currentOfflineStore, forgetOfflineSession, startOfflineSession } from './offline-session.js';
import { LOCAL_ID_PREFIX, localRecords, sendOrQueue } from './offline-requests.js';
import { syncQueue } from './sync-queue.js';

let options: OfflineStoreOptions;
beforeEach(async () => {
  options = {
    crypto: webcrypto as unknown as OfflineStoreOptions['crypto'],
    iterations: 1_000,
    dependencies: { indexedDB: new IDBFactory(), IDBKeyRange },
  };
  await startOfflineSession('u1', 'correct horse battery', options);
});
afterEach(() => forgetOfflineSession(options));

type Answer = { data: unknown; error?: undefined } | { error: FetchBaseQueryError; data?: undefined };

/** The network cut: every request that reaches `send` fails as fetch does offline. */
function offline() {
  const tried: string[] = [];
  const send = async (args: string | FetchArgs): Promise<Answer> => {
    tried.push(typeof args === 'string' ? `GET ${args}` : `${args.method ?? 'GET'} ${args.url}`);
    return { error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } };
  };
  return { tried, send };
}

/** A server behind the sync loop: answers in turn, recording what it was sent. */
function server(answers: Array<[number, unknown]>) {
  const sent: Array<{ method: string; url: string; key?: string; body: Record<string, unknown> }> = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    const [status, body] = answers.shift() ?? [500, {}];
    const headers = init?.headers as Record<string, string>;
    sent.push({ method: init?.method ?? 'GET', url: String(url), key: headers['Idempotency-Key'], body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
}

const PATIENT = { firstName: 'Marisol', lastName: 'Bautista-Quiambao', birthDate: '1975-03-02' };

/** The gyne case every close rule accepts, as the form sends it (no ids, no version of its own). */
function closableAnswers(): Partial<CaseForm> {
  const { _id: _id, patientid: _patient, version: _version, isClose: _closed, ...answers } = closableGyneCase();
  return answers;
}

async function offlineWork() {
  const network = offline();
  const patient = (await sendOrQueue({ url: '/patients', method: 'POST', body: PATIENT }, network.send)) as { data: Patient };
  const patientId = patient.data._id;
  const created = (await sendOrQueue({ url: `/patients/${patientId}/cases`, method: 'POST', body: { caseNum: 'G-77' } }, network.send)) as { data: CaseForm };
  const caseId = created.data._id!;
  const casePath = `/patients/${patientId}/cases/${caseId}`;
  const saved = (await sendOrQueue({ url: casePath, method: 'PUT', body: { ...closableAnswers(), caseNum: 'G-77', version: created.data.version } }, network.send)) as { data: CaseForm };
  const closed = (await sendOrQueue({ url: `${casePath}/close`, method: 'PUT', body: { patientid: patientId, caseid: caseId, version: saved.data.version } }, network.send)) as { data: CaseForm };
  return { network, patientId, caseId, created, saved, closed };
}

describe('work made offline (issue 32: creating a patient and a case, filling it and closing it)', () => {
  it('queues the creates, the save and the close in order; a record made offline gets a local id and is read from the device', async () => {
    const { network, patientId, caseId, created, closed } = await offlineWork();
    expect(patientId.startsWith(LOCAL_ID_PREFIX)).toBe(true);
    expect(caseId.startsWith(LOCAL_ID_PREFIX)).toBe(true);
    expect(created.data).toMatchObject({ patientid: patientId, caseNum: 'G-77', version: 1, isClose: false });
    expect(closed.data.isClose).toBe(true);
    // Only the patient's create was tried on the network: what names a local id never leaves the device.
    expect(network.tried).toEqual(['POST /patients']);
    const changes = await currentOfflineStore()!.changes();
    expect(changes.map((c) => [c.kind, c.method, c.path])).toEqual([
      ['createPatient', 'POST', '/patients'],
      ['createCase', 'POST', `/patients/${patientId}/cases`],
      ['saveCase', 'PUT', `/patients/${patientId}/cases/${caseId}`],
      ['closeCase', 'PUT', `/patients/${patientId}/cases/${caseId}/close`],
    ]);
    expect(new Set(changes.map((c) => c.idempotencyKey)).size).toBe(4);
    const read = (await sendOrQueue(`/patients/${patientId}/cases/${caseId}`, network.send)) as { data: CaseForm };
    expect(read.data).toMatchObject({ _id: caseId, isClose: true, gyneOrgan: 2 });
    expect(read.data).not.toHaveProperty('local');
    const { patients, cases } = await localRecords();
    expect(patients.map((p) => [p._id, p.firstName, p.local])).toEqual([[patientId, 'Marisol', true]]);
    expect(cases.map((c) => [c._id, c.patientName, c.local])).toEqual([[caseId, 'Marisol Bautista-Quiambao', true]]);
  });

  it('refuses to close on the device what the libs close rules refuse, and queues nothing for it', async () => {
    const network = offline();
    const patient = (await sendOrQueue({ url: '/patients', method: 'POST', body: PATIENT }, network.send)) as { data: Patient };
    const created = (await sendOrQueue({ url: `/patients/${patient.data._id}/cases`, method: 'POST', body: { caseNum: 'G-78' } }, network.send)) as { data: CaseForm };
    const refused = await sendOrQueue({ url: `/patients/${patient.data._id}/cases/${created.data._id}/close`, method: 'PUT', body: { version: 1 } }, network.send);
    expect(refused.error).toMatchObject({ status: 422 });
    expect((await currentOfflineStore()!.changes()).map((c) => c.kind)).toEqual(['createPatient', 'createCase']);
  });

  it("replays in order with each create's Idempotency-Key, maps the local ids to the server's, and the save and close follow the server's versions", async () => {
    const { patientId, caseId } = await offlineWork();
    const store = currentOfflineStore()!;
    const keys = (await store.changes()).map((c) => c.idempotencyKey);
    const { sent, fetch } = server([
      [201, { _id: 'p-server', version: 1 }],
      [201, { _id: 'c-server', version: 1 }],
      [200, { _id: 'c-server', version: 2 }],
      [200, { _id: 'c-server', version: 3, isClose: true }],
    ]);
    expect(await syncQueue(store, { token: () => 'Bearer t', fetch })).toEqual({ sent: 4, refused: 0, stopped: null });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/patients',
      'POST /api/patients/p-server/cases',
      'PUT /api/patients/p-server/cases/c-server',
      'PUT /api/patients/p-server/cases/c-server/close',
    ]);
    expect(sent.map((s) => s.key)).toEqual([keys[0], keys[1], undefined, undefined]);
    expect(sent[2]!.body.version).toBe(1);
    expect(sent[3]!.body).toMatchObject({ patientid: 'p-server', caseid: 'c-server', version: 2 });
    expect(JSON.stringify(sent)).not.toContain(LOCAL_ID_PREFIX);
    // The device's copies left; a request naming a local id goes to the server's record.
    expect(await localRecords()).toEqual({ patients: [], cases: [] });
    const forwarded: string[] = [];
    await sendOrQueue(`/patients/${patientId}/cases/${caseId}`, async (args) => {
      forwarded.push(String(args));
      return { data: {} };
    });
    expect(forwarded).toEqual(['/patients/p-server/cases/c-server']);
  });

  it("a close the server refuses on replay stays in the queue with the server's words, and nothing is lost", async () => {
    await offlineWork();
    const store = currentOfflineStore()!;
    const words = 'The case cannot be closed: Discharge date is required.';
    const { fetch } = server([
      [201, { _id: 'p-server', version: 1 }],
      [201, { _id: 'c-server', version: 1 }],
      [200, { _id: 'c-server', version: 2 }],
      [422, { statusCode: 422, message: words }],
    ]);
    expect(await syncQueue(store, { token: () => 'Bearer t', fetch })).toEqual({ sent: 3, refused: 1, stopped: null });
    expect((await store.changes()).map((c) => [c.kind, c.state, c.refusal, c.path])).toEqual([
      ['closeCase', 'refused', words, '/patients/p-server/cases/c-server/close'],
    ]);
  });

  it('a refused patient create holds back the case made for that patient, with its local id, until it is resolved', async () => {
    await offlineWork();
    const store = currentOfflineStore()!;
    const { sent, fetch } = server([[400, { statusCode: 400, message: 'First name is required.' }]]);
    expect(await syncQueue(store, { token: () => 'Bearer t', fetch })).toEqual({ sent: 0, refused: 1, stopped: null });
    expect(sent).toHaveLength(1);
    expect((await store.changes()).map((c) => [c.kind, c.state])).toEqual([
      ['createPatient', 'refused'], ['createCase', 'waiting'], ['saveCase', 'waiting'], ['closeCase', 'waiting'],
    ]);
  });

  it('keeps the records made offline sealed: no name, case number or answer readable in the browser storage', async () => {
    await offlineWork();
    const text = await indexedDbText(offlineDatabaseName('u1'), options.dependencies!.indexedDB);
    expect(text).toContain('createPatient');
    for (const secret of ['Marisol', 'Bautista', '1975-03-02', 'G-77', 'Cervix']) expect(text).not.toContain(secret);
  });

  it('with no store open, a create with no connection fails as before and nothing is kept', async () => {
    await forgetOfflineSession(options);
    const answer = await sendOrQueue({ url: '/patients', method: 'POST', body: PATIENT }, offline().send);
    expect(answer.error).toMatchObject({ status: 'FETCH_ERROR' });
  });

  it('a create whose answer was lost mid-save (the server made it, the connection dropped before the answer) is queued with the Idempotency-Key its first attempt carried, so the replay never makes a second record', async () => {
    const attempts: Array<string | null> = [];
    const lost = async (args: string | FetchArgs): Promise<Answer> => {
      attempts.push(typeof args === 'string' ? null : new Headers(args.headers as HeadersInit | undefined).get('Idempotency-Key'));
      return { error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } };
    };
    await sendOrQueue({ url: '/patients', method: 'POST', body: PATIENT }, lost);
    const [queued] = await currentOfflineStore()!.changes();
    expect(attempts[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(queued!.idempotencyKey).toBe(attempts[0]);
    const { sent, fetch } = server([[201, { _id: 'p1', version: 1 }]]);
    await syncQueue(currentOfflineStore()!, { token: () => 'Bearer t', fetch });
    expect(sent.map((s) => [s.method, s.url, s.key])).toEqual([['POST', '/api/patients', attempts[0]]]);
  });
});
