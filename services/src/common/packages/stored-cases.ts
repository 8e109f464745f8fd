import { CASES_FILE } from '@pnss/libs/submissions';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import yauzl, { type Entry } from 'yauzl';
import type { VersionChanges } from '../../database/submissions.schema.js';

/** A stored package's cases as cases.json holds them (each a JSON object). */
export type StoredCase = Record<string, unknown>;

const inflateRaw = promisify(zlib.inflateRaw);
const LOCAL_HEADER = 0x04034b50;

/**
 * The cases of a package the hub received, read from the ZIP it keeps (`hub_packages.content`, the
 * bytes the department sent, verified at the upload): the hub keeps each case's keys in
 * hub_package_cases, and its values here only, so what reads them (the national ingest, the changes of
 * a new version) reads the file. cases.json is found by the ZIP's directory, inflated in one call off
 * the event loop (zlib's thread pool) and parsed at once by the platform's JSON.parse (about 30 MB
 * for 10,000 cases): the package passed the verifier's limits when it was received.
 */
export async function storedCasesOf(zipBytes: Uint8Array): Promise<StoredCase[]> {
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
  const data = bytes.subarray(start, start + entry.compressedSize);
  let text: Buffer;
  if (entry.compressionMethod === 0) text = data;
  else if (entry.compressionMethod === 8) text = await inflateRaw(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  else throw new Error(`${CASES_FILE} is compressed in a way the hub does not read`);
  if (text.byteLength !== entry.uncompressedSize) throw new Error(`${CASES_FILE} inflates to ${text.byteLength} bytes, not the ${entry.uncompressedSize} declared`);
  const cases: unknown = JSON.parse(text.toString('utf8'));
  if (!Array.isArray(cases) || !cases.every((c) => typeof c === 'object' && c !== null && !Array.isArray(c))) throw new Error(`${CASES_FILE} is not a list of cases`);
  return cases as StoredCase[];
}

/** Two JSON values are the same value: objects by their keys whatever their order, numbers by value (as jsonb compares them). */
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
 * What a version changed against an earlier one, by record key (caseId): added, amended (any packaged
 * value differs) and withdrawn, each sorted.
 */
export function versionChanges(earlier: readonly StoredCase[], later: readonly StoredCase[]): VersionChanges {
  const before = new Map(earlier.map((c) => [String(c.caseId), c]));
  const changes: VersionChanges = { added: [], amended: [], withdrawn: [] };
  for (const c of later) {
    const id = String(c.caseId);
    const previous = before.get(id);
    if (previous === undefined) changes.added.push(id);
    else if (!sameJson(previous, c)) changes.amended.push(id);
    before.delete(id);
  }
  changes.withdrawn.push(...before.keys());
  const byCodePoint = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  changes.added.sort(byCodePoint);
  changes.amended.sort(byCodePoint);
  changes.withdrawn.sort(byCodePoint);
  return changes;
}
