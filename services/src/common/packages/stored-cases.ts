import { CASES_FILE } from '@pnss/libs/submissions';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import yauzl, { type Entry } from 'yauzl';
import { JsonArrayError, jsonArrayElements } from './json-array-elements.js';
import { canonicalJson } from '../records/canonical-json.js';
import type { VersionChanges } from '../../database/submissions.schema.js';

/** A stored package's cases as cases.json holds them (each a JSON object). */
export type StoredCase = Record<string, unknown>;

const inflateRaw = promisify(zlib.inflateRaw);
const LOCAL_HEADER = 0x04034b50;
/** Up to this size cases.json is parsed as one text (10,000 cases are about 30 MB); past it, a case at a time. */
const WHOLE_UP_TO = 128 * 1024 * 1024;
/** Two versions' cases are compared value by value when both cases.json are at most this size, else by digests. */
const COMPARE_WHOLE_UP_TO = 48 * 1024 * 1024;

/**
 * The cases of a package the hub received, read from the ZIP it keeps (`hub_packages.content`, the
 * bytes the department sent, verified at the upload): the hub keeps each case's keys in
 * hub_package_cases, and its values here only, so what reads them (the national ingest, the changes of
 * a new version) reads the file. cases.json is found by the ZIP's directory, inflated in one call off
 * the event loop (zlib's thread pool) and parsed at once by the platform's JSON.parse (about 30 MB
 * for 10,000 cases), or past `wholeUpTo` bytes as a stream a case at a time (json-array-elements):
 * the package passed the verifier's limits when it was received.
 */
export async function storedCasesOf(zipBytes: Uint8Array, wholeUpTo = WHOLE_UP_TO): Promise<StoredCase[]> {
  const cases: StoredCase[] = [];
  await eachStoredCase(zipBytes, wholeUpTo, (c) => cases.push(c));
  return cases;
}

/**
 * Each case's record key (caseId) with a digest of its values, from a stored package: what a new
 * version's changes are compared by, so two versions of a large package are never held whole at once.
 * The digest is of the case's canonical JSON (common/records/canonical-json.ts: every object's keys
 * sorted, numbers as JavaScript writes them): two cases have the same digest when their values are the
 * same, keys in any order and numbers by value, as jsonb compared them.
 */
export async function caseDigestsOf(zipBytes: Uint8Array, wholeUpTo = WHOLE_UP_TO): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  await eachStoredCase(zipBytes, wholeUpTo, (c) => digests.set(String(c.caseId), createHash('sha256').update(canonicalJson(c)).digest('base64')));
  return digests;
}

/**
 * What a version changed against an earlier one, by record key (caseId): added, amended (any packaged
 * value differs: `same` says when two cases' values, or digests, are the same) and withdrawn, each sorted.
 */
export function versionChanges<T>(earlier: ReadonlyMap<string, T>, later: ReadonlyMap<string, T>, same: (a: T, b: T) => boolean = (a, b) => a === b): VersionChanges {
  const changes: VersionChanges = { added: [], amended: [], withdrawn: [] };
  for (const [id, value] of later) {
    const previous = earlier.get(id);
    if (previous === undefined) changes.added.push(id);
    else if (!same(previous, value)) changes.amended.push(id);
  }
  for (const id of earlier.keys()) if (!later.has(id)) changes.withdrawn.push(id);
  const byCodePoint = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  changes.added.sort(byCodePoint);
  changes.amended.sort(byCodePoint);
  changes.withdrawn.sort(byCodePoint);
  return changes;
}

/** Two JSON values are the same value: objects by their keys whatever their order, numbers by value (as jsonb compared them). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((value, i) => sameJson(value, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]));
}

/**
 * What a new version (`later`, its ZIP) changed against the version it replaces (`earlier`), case by
 * case. Packages whose cases.json are both at most `bothUpTo` bytes (a monthly package of 10,000 cases
 * is about 30 MB) are read whole and their cases compared value by value (about twice as fast as the
 * digests); larger ones by each case's digest (caseDigestsOf), so two large versions are never held
 * whole at once.
 */
export async function packageChanges(earlier: Uint8Array, later: Uint8Array, bothUpTo = COMPARE_WHOLE_UP_TO): Promise<VersionChanges> {
  const byId = (cases: readonly StoredCase[]) => new Map(cases.map((c) => [String(c.caseId), c]));
  if ((await casesEntry(earlier)).entry.uncompressedSize <= bothUpTo && (await casesEntry(later)).entry.uncompressedSize <= bothUpTo) {
    return versionChanges<StoredCase>(byId(await storedCasesOf(earlier)), byId(await storedCasesOf(later)), sameJson);
  }
  return versionChanges(await caseDigestsOf(earlier), await caseDigestsOf(later));
}

/** cases.json of a stored package: its directory entry and its bytes as stored (deflated or not). */
async function casesEntry(zipBytes: Uint8Array): Promise<{ entry: Entry; data: Buffer }> {
  const bytes = Buffer.from(zipBytes.buffer, zipBytes.byteOffset, zipBytes.byteLength);
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true, strictFileNames: true });
  let entry: Entry | null = null;
  try {
    for await (const each of zip.eachEntry()) {
      if (yauzl.getFileNameLowLevel(each.generalPurposeBitFlag, each.fileName as unknown as Buffer, each.extraFields, true) === CASES_FILE) {
        entry = each;
        break;
      }
    }
  } finally {
    zip.close();
  }
  if (!entry) throw new Error(`the package holds no ${CASES_FILE}`);
  // The entry's data follows its local header (30 bytes, its name and its extra field).
  const at = entry.relativeOffsetOfLocalHeader;
  if (bytes.readUInt32LE(at) !== LOCAL_HEADER) throw new Error(`${CASES_FILE} has no local header where the ZIP's directory says`);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw new Error(`${CASES_FILE} is compressed in a way the hub does not read`);
  return { entry, data: bytes.subarray(start, start + entry.compressedSize) };
}

/** Hands each case of a stored package's cases.json to `visit`, in order. */
async function eachStoredCase(zipBytes: Uint8Array, wholeUpTo: number, visit: (c: StoredCase) => void): Promise<void> {
  const { entry, data } = await casesEntry(zipBytes);
  const checked = (c: unknown) => {
    if (typeof c !== 'object' || c === null || Array.isArray(c)) throw new Error(`${CASES_FILE} is not a list of cases`);
    visit(c as StoredCase);
  };
  if (entry.uncompressedSize <= wholeUpTo) {
    // Inflated in one call and parsed at once.
    const text = entry.compressionMethod === 0 ? data : await inflateRaw(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    if (text.byteLength !== entry.uncompressedSize) throw new Error(`${CASES_FILE} inflates to ${text.byteLength} bytes, not the ${entry.uncompressedSize} declared`);
    const cases: unknown = JSON.parse(text.toString('utf8'));
    if (!Array.isArray(cases)) throw new Error(`${CASES_FILE} is not a list of cases`);
    cases.forEach(checked);
    return;
  }
  // A large cases.json (up to the 1 GiB a package may inflate to, past what one string holds): inflated as a stream, parsed a case at a time.
  const stream = entry.compressionMethod === 0 ? Readable.from([data]) : Readable.from([data]).pipe(zlib.createInflateRaw());
  try {
    for await (const { text } of jsonArrayElements(stream as AsyncIterable<Buffer>)) checked(JSON.parse(text));
  } catch (error) {
    if (error instanceof JsonArrayError && error.notAnArray) throw new Error(`${CASES_FILE} is not a list of cases`, { cause: error });
    throw error;
  }
}
