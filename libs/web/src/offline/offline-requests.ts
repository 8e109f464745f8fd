import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { emptyCaseForm, type CaseForm, type Patient, type PatientPayload } from '@pnss/libs/api';
import { calendarDateOf } from '@pnss/libs/derived';
import { applyCaseChange, caseActionRefusal } from '@pnss/libs/rules';
import { validateCloseCase } from '@pnss/libs/validation';
import { currentOfflineStore, notifyOfflineQueue } from './offline-session.js';
import type { OfflineStore } from './offline-store.js';

/**
 * Records made while offline (issue 32). A patient or a case created with no connection gets an id
 * on the device (`local-<uuid>`), is kept sealed in the user's store (`local:patient:<id>`,
 * `local:case:<id>`) and its create waits in the queue with its Idempotency-Key. Until the create
 * reaches the server, every request that names the local id is answered from the store: reading it,
 * saving it and closing it (the libs close check first) each queue their change behind the create.
 * When the create is sent, the sync loop maps the local id to the server's (`local:id:<id>`): the
 * waiting changes are rewritten to the server's id and a request naming the local id goes to the
 * server's record.
 */
export const LOCAL_ID_PREFIX = 'local-';

/** Said of a record known only on this device, wherever it is listed. */
export const ON_DEVICE_ONLY = 'On this device only: not on the server yet';
/** After a patient was created with no connection. */
export const PATIENT_SAVED_ON_DEVICE = 'No connection: the patient is saved on this device and will be sent when the connection returns.';
/** After a case was closed with no connection: the server checks the close rules again when it is sent. */
export const CASE_CLOSED_ON_DEVICE = 'No connection: the case is closed on this device. The close will be sent when the connection returns, and the server checks it again.';

const LOCAL_ID = /local-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

export function isLocalId(id: string | null | undefined): boolean {
  return Boolean(id?.startsWith(LOCAL_ID_PREFIX));
}

export const localPatientKey = (id: string) => `local:patient:${id}`;
export const localCaseKey = (id: string) => `local:case:${id}`;
const mappedKey = (id: string) => `local:id:${id}`;

/** A patient kept on the device, as the lists show it. */
export type LocalPatient = Patient & { local: true };
/** A case kept on the device: the form, with its patient's names for the lists. */
export type LocalCase = CaseForm & { local: true; patientName: string };

type Answer = { data: unknown; error?: undefined } | { error: FetchBaseQueryError; data?: undefined };

interface Request {
  method: string;
  path: string;
  body: unknown;
}

function requestOf(args: string | FetchArgs): Request {
  if (typeof args === 'string') return { method: 'GET', path: args, body: undefined };
  return { method: (args.method ?? 'GET').toUpperCase(), path: args.url, body: args.body };
}

function withPath(args: string | FetchArgs, path: string): string | FetchArgs {
  return typeof args === 'string' ? path : { ...args, url: path };
}

/** What a request that cannot be answered says: the record is not on the server yet. */
function notYet(status: number, message: string): Answer {
  return { error: { status, data: { message } } };
}

const objectBody = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

function newLocalId(): string {
  return `${LOCAL_ID_PREFIX}${globalThis.crypto.randomUUID()}`;
}

/** The server's id of a record made on the device, once its create was sent; null before. */
export async function serverIdOf(store: OfflineStore, localId: string): Promise<string | null> {
  return store.get<string>(mappedKey(localId));
}

/**
 * Called by the sync loop when the create of `localId` reached the server as `serverId`: later
 * changes name the server's id, and the device's copy leaves (the server has the record now).
 */
export async function settleLocalRecord(store: OfflineStore, localId: string, serverId: string): Promise<void> {
  await store.remap(localId, serverId);
  await store.put(mappedKey(localId), serverId);
  await store.delete(localPatientKey(localId));
  await store.delete(localCaseKey(localId));
}

/** The patients and cases known only on this device, for the lists. */
export async function localRecords(): Promise<{ patients: LocalPatient[]; cases: LocalCase[] }> {
  const store = currentOfflineStore();
  if (!store) return { patients: [], cases: [] };
  const [patients, cases] = await Promise.all([
    store.entries<LocalPatient>('local:patient:').catch(() => []),
    store.entries<LocalCase>('local:case:').catch(() => []),
  ]);
  return { patients: patients.map((e) => e.value), cases: cases.map((e) => e.value) };
}

/**
 * The offline layer of the API base: a request naming a record made on the device is answered
 * from the store (or sent to the server's record once it exists); a create that never reached the
 * server (no connection) is queued and answered with a record made on the device. Everything else
 * is `send` as it was.
 */
export async function sendOrQueue<Sent extends Answer>(args: string | FetchArgs, send: (args: string | FetchArgs) => Promise<Sent>): Promise<Sent | Answer> {
  const request = requestOf(args);
  const store = currentOfflineStore();
  const localIds = request.path.match(LOCAL_ID) ?? [];
  if (localIds.length > 0) {
    if (!store) return notYet(404, 'This record was made on a device while offline and is not on the server yet.');
    let path = request.path;
    for (const id of localIds) {
      const serverId = await serverIdOf(store, id);
      if (serverId) path = path.split(id).join(serverId);
    }
    if (!new RegExp(LOCAL_ID.source).test(path)) return send(withPath(args, path));
    return answerLocally(store, { ...request, path });
  }
  const caseCreate = request.method === 'POST' ? /^\/patients\/([^/]+)\/cases$/.exec(request.path) : null;
  const patientCreate = request.method === 'POST' && request.path === '/patients';
  if (!patientCreate && !caseCreate) return send(args);
  // A create carries its Idempotency-Key from the first attempt: when the connection drops after the
  // server made the record but before its answer came, the queued replay (same key) gets that record
  // back instead of making a second one.
  const idempotencyKey = globalThis.crypto.randomUUID();
  const answer = await send(withIdempotencyKey(args, idempotencyKey));
  if (!store || answer.error?.status !== 'FETCH_ERROR') return answer;
  if (patientCreate) return createPatient(store, request, idempotencyKey);
  return createCase(store, decodeURIComponent(caseCreate![1]!), request, idempotencyKey);
}

function withIdempotencyKey(args: string | FetchArgs, key: string): FetchArgs {
  const fetchArgs: FetchArgs = typeof args === 'string' ? { url: args } : args;
  const headers = new Headers(fetchArgs.headers as HeadersInit | undefined);
  headers.set('Idempotency-Key', key);
  return { ...fetchArgs, headers };
}

async function answerLocally(store: OfflineStore, request: Request): Promise<Answer> {
  const { method, path } = request;
  const patient = /^\/patients\/([^/]+)$/.exec(path);
  const patientCases = /^\/patients\/([^/]+)\/cases$/.exec(path);
  const oneCase = /^\/patients\/([^/]+)\/cases\/([^/]+)(?:\/(close))?$/.exec(path);
  if (patient && method === 'GET') {
    const found = await store.get<LocalPatient>(localPatientKey(decodeURIComponent(patient[1]!)));
    return found ? { data: asPatient(found) } : notYet(404, 'This patient is not on this device.');
  }
  if (patientCases && method === 'GET') {
    const id = decodeURIComponent(patientCases[1]!);
    const cases = (await store.entries<LocalCase>('local:case:')).map((e) => e.value).filter((c) => c.patientid === id);
    return { data: cases.map(asCaseForm) };
  }
  if (patientCases && method === 'POST') return createCase(store, decodeURIComponent(patientCases[1]!), request);
  if (oneCase) {
    const caseId = decodeURIComponent(oneCase[2]!);
    const found = await store.get<LocalCase>(localCaseKey(caseId));
    if (!found) return notYet(404, 'This case is not on this device.');
    if (method === 'GET' && !oneCase[3]) return { data: asCaseForm(found) };
    if (method === 'PUT' && !oneCase[3]) return saveCase(store, found, request);
    if (method === 'PUT' && oneCase[3] === 'close') return closeCase(store, found, request);
  }
  return notYet(409, 'This needs the record on the server: it is on this device only until the connection returns.');
}

async function createPatient(store: OfflineStore, request: Request, idempotencyKey?: string): Promise<Answer> {
  const body = objectBody(request.body) as Partial<PatientPayload>;
  const id = newLocalId();
  const patient: LocalPatient = {
    _id: id, patientid: body.patientid ?? '', firstName: body.firstName ?? '', middleName: body.middleName ?? null,
    lastName: body.lastName ?? '', avatar: body.avatar ?? null, birthDate: body.birthDate ?? null,
    pediatricConfirmed: body.pediatricConfirmed ?? false, hasOpenCase: false, medicalHistory: body.medicalHistory ?? [],
    obstetricHistory: body.obstetricHistory ?? [], version: 1, local: true,
  };
  await store.enqueue({ kind: 'createPatient', method: 'POST', path: '/patients', body: request.body, label: `New patient ${nameOf(patient)}`, recordId: id }, idempotencyKey);
  await store.put(localPatientKey(id), patient);
  notifyOfflineQueue();
  return { data: asPatient(patient) };
}

async function createCase(store: OfflineStore, patientId: string, request: Request, idempotencyKey?: string): Promise<Answer> {
  const body = objectBody(request.body);
  const owner = isLocalId(patientId) ? await store.get<LocalPatient>(localPatientKey(patientId)) : null;
  const id = newLocalId();
  // As the server makes it (CasesService.create): the payload on a blank form, through the libs dependencies.
  const { confirmedWarnings: _confirmed, version: _version, ...patch } = body;
  const form = applyCaseChange(emptyCaseForm(patientId, ''), patch as Partial<CaseForm>, { patientBirthDate: owner?.birthDate ?? null });
  const local: LocalCase = { ...form, _id: id, patientid: patientId, version: 1, local: true, patientName: owner ? nameOf(owner) : '' };
  const caseNum = typeof body.caseNum === 'string' ? body.caseNum : '';
  await store.enqueue({ kind: 'createCase', method: 'POST', path: request.path, body: request.body, label: `New case ${caseNum}`.trim(), recordId: id }, idempotencyKey);
  await store.put(localCaseKey(id), local);
  notifyOfflineQueue();
  return { data: asCaseForm(local) };
}

async function saveCase(store: OfflineStore, found: LocalCase, request: Request): Promise<Answer> {
  const refusal = caseActionRefusal(found, 'save');
  if (refusal) return notYet(409, refusal);
  const { confirmedWarnings: _confirmed, version: _version, ...patch } = objectBody(request.body);
  const form = applyCaseChange(found, patch as Partial<CaseForm>);
  const saved: LocalCase = { ...found, ...form, _id: found._id, version: found.version, local: true };
  await store.enqueue({
    kind: 'saveCase', method: 'PUT', path: request.path, body: request.body, label: `Case ${saved.caseNum}`,
    recordId: found._id ?? '', version: found.version,
  });
  await store.put(localCaseKey(found._id ?? ''), saved);
  notifyOfflineQueue();
  return { data: asCaseForm(saved) };
}

/** Close, after the same libs close check the server runs; the server checks again when it is sent. */
async function closeCase(store: OfflineStore, found: LocalCase, request: Request): Promise<Answer> {
  const refusal = caseActionRefusal(found, 'close');
  if (refusal) return notYet(409, refusal);
  const errors = validateCloseCase(found, { today: calendarDateOf(new Date()) });
  if (errors.length > 0) return { error: { status: 422, data: { message: 'The case cannot be closed yet.', errors } } };
  const closed: LocalCase = { ...found, isClose: true };
  await store.enqueue({
    kind: 'closeCase', method: 'PUT', path: request.path, body: request.body, label: `Close case ${found.caseNum}`,
    recordId: found._id ?? '', version: found.version,
  });
  await store.put(localCaseKey(found._id ?? ''), closed);
  notifyOfflineQueue();
  return { data: asCaseForm(closed) };
}

function nameOf(patient: Pick<Patient, 'firstName' | 'middleName' | 'lastName'>): string {
  return [patient.firstName, patient.middleName, patient.lastName].filter(Boolean).join(' ');
}

/** The record as the server answers it: without what only the device's lists use. */
function asPatient({ local: _local, ...patient }: LocalPatient): Patient {
  return patient;
}

function asCaseForm({ local: _local, patientName: _name, ...form }: LocalCase): CaseForm {
  return form;
}
