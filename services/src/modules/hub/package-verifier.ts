import { countOf, pluralize } from '@pnss/libs/format';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FieldError } from '@pnss/libs/api';
import {
  CASES_FILE, DATA_DICTIONARY_VERSION, MANIFEST_FILE, PACKAGE_FILE_NAMES, PACKAGE_FORMAT, PACKAGE_FORMAT_VERSION, PACKAGE_LIMITS,
  type PackageManifest, type PackagedCase, SUBMISSION_ID_PATTERN, packageEntriesProblems, printableEntryName, validatePackagedCase,
} from '@pnss/libs/submissions';
import { JsonArrayError, jsonArrayElements } from '../../common/packages/json-array-elements.js';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * Why a package was refused: `limit` when it would inflate beyond what the hub takes (413), else
 * what is wrong with it (422). Each error names the entry, or the entry's field, at fault.
 */
export type Refusal = { ok: false; limit: boolean; errors: FieldError[] };
export type Verification = { ok: true; manifest: PackageManifest; summary: string } | Refusal;

/**
 * Where the cases that passed the data dictionary go, a batch at a time, while cases.json is still
 * being read (the hub stores their keys; their values stay in the package's file). The reading goes
 * on while the sink stores a batch; the next batch waits for it (one batch in flight).
 */
export type CaseSink = (cases: PackagedCase[]) => Promise<void>;

export interface VerifyOptions {
  departmentId: string;
  /** Told of the manifest once it passed, before any other file is inflated (to prepare the sink). */
  onManifest?: (manifest: PackageManifest) => Promise<void>;
  /** Given every case that passed the data dictionary, in batches; a refusal afterwards undoes them. */
  sink: CaseSink;
  batchSize?: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_ERRORS = 50;
const DEFAULT_BATCH = 1000;
const MIB = 1024 * 1024;

/** Thrown inside the streaming steps to stop at once with a refusal. */
class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.errors[0]?.message ?? 'refused');
  }
}

const refuse = (limit: boolean, errors: FieldError[]): Refused => new Refused({ ok: false, limit, errors });
const invalid = (field: string, message: string): Refused => refuse(false, [{ field, message }]);

/**
 * What the hub checks before it keeps anything (issue 27 items 2 and 3), without ever holding an
 * inflated file in memory:
 *
 * 1. the ZIP's central directory, before a byte is inflated: no more entries than the format has,
 *    exactly the format's files each once under a plain name (libs' packageEntriesProblems), each
 *    entry's declared size, their total and each one's compression ratio within PACKAGE_LIMITS;
 * 2. manifest.json (at most 1 MB): the format, this department, and every other file listed with
 *    the size the directory declares;
 * 3. each other file inflated as a stream with a hard cap at its declared size (the stream is
 *    destroyed the moment it passes), its SHA-256 computed on the way and compared at its end;
 *    cases.json is split into its cases as it streams (json-array-elements.ts), each parsed and
 *    validated against the data dictionary and handed to `sink` in batches.
 *
 * It reads only the ZIP's bytes and calls only `sink`, so it can run in a background job as it
 * runs in the request now.
 */
export async function verifyPackage(zipBytes: Buffer, options: VerifyOptions): Promise<Verification> {
  let zip: ZipFile | null = null;
  try {
    if (zipBytes.byteLength > PACKAGE_LIMITS.maxZipBytes) {
      throw refuse(true, [{ field: 'file', message: `is larger than the ${PACKAGE_LIMITS.maxZipBytes / MIB} MB a census package may be` }]);
    }
    try {
      zip = await yauzl.fromBufferPromise(zipBytes, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true, strictFileNames: true });
    } catch (error) {
      throw invalid('file', `is not a readable ZIP (${messageOf(error)})`);
    }
    const entries = await centralDirectory(zip);
    const manifest = await readManifest(zip, entries, options.departmentId);
    await options.onManifest?.(manifest);
    for (const listed of manifest.files) {
      const entry = entries.get(listed.name) as Entry;
      if (listed.name === CASES_FILE) await streamCases(zip, entry, listed, manifest, options);
      else await streamFile(zip, entry, listed);
    }
    return {
      ok: true,
      manifest,
      summary: `Verified: ${countOf(manifest.files.length, 'file')} ${pluralize(manifest.files.length, 'matches', 'match')} their SHA-256; ${countOf(manifest.numOfCases, 'case')} valid against data dictionary ${DATA_DICTIONARY_VERSION}`,
    };
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  } finally {
    zip?.close();
  }
}

/** The entries by name, after every check that the central directory alone allows. */
async function centralDirectory(zip: ZipFile): Promise<Map<string, Entry>> {
  // The end-of-directory record says how many entries follow: far more than the format has is refused unread.
  if (zip.entryCount > PACKAGE_LIMITS.maxEntries) {
    throw invalid('file', `holds ${zip.entryCount} entries; a census package holds exactly ${PACKAGE_FILE_NAMES.length} files (${PACKAGE_FILE_NAMES.join(', ')})`);
  }
  const listed: Array<{ name: string; entry: Entry }> = [];
  try {
    for await (const entry of zip.eachEntry()) {
      const raw = entry.fileName as unknown as Buffer;
      listed.push({ name: yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true), entry });
    }
  } catch (error) {
    throw invalid('file', `is not a readable ZIP (${messageOf(error)})`);
  }
  const nameProblems = packageEntriesProblems(listed.map((item) => item.name));
  if (nameProblems.length > 0) throw refuse(false, nameProblems);

  const tooLarge: FieldError[] = [];
  const problems: FieldError[] = [];
  let total = 0;
  for (const { name, entry } of listed) {
    const field = printableEntryName(name);
    total += entry.uncompressedSize;
    if (entry.isEncrypted() || !entry.canDecodeFileData()) problems.push({ field, message: 'is encrypted or compressed in a way the hub does not read (stored or deflated only)' });
    const cap = name === MANIFEST_FILE ? PACKAGE_LIMITS.maxManifestBytes : PACKAGE_LIMITS.maxInflatedBytes;
    if (entry.uncompressedSize > cap) tooLarge.push({ field, message: `declares ${sizeText(entry.uncompressedSize)} inflated; the limit is ${sizeText(cap)}` });
    if (entry.uncompressedSize > PACKAGE_LIMITS.ratioFloorBytes && entry.uncompressedSize > PACKAGE_LIMITS.maxCompressionRatio * Math.max(1, entry.compressedSize)) {
      problems.push({
        field,
        message: `inflates ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times its compressed size; the limit is ${PACKAGE_LIMITS.maxCompressionRatio} (a ZIP bomb, not census data)`,
      });
    }
  }
  if (total > PACKAGE_LIMITS.maxInflatedBytes) tooLarge.push({ field: 'file', message: `declares ${sizeText(total)} inflated in all; the limit is ${sizeText(PACKAGE_LIMITS.maxInflatedBytes)}` });
  if (tooLarge.length > 0) throw refuse(true, tooLarge);
  if (problems.length > 0) throw refuse(false, problems);
  return new Map(listed.map(({ name, entry }) => [name, entry]));
}

/** Reads manifest.json (bounded) and checks it against this department and the central directory. */
async function readManifest(zip: ZipFile, entries: Map<string, Entry>, departmentId: string): Promise<PackageManifest> {
  const entry = entries.get(MANIFEST_FILE) as Entry;
  const chunks: Buffer[] = [];
  await inflate(zip, entry, MANIFEST_FILE, entry.uncompressedSize, (chunk) => {
    chunks.push(chunk);
  });
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)));
  } catch {
    throw invalid(MANIFEST_FILE, 'is not valid JSON');
  }
  const errors: FieldError[] = [];
  const m = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const field = (name: string) => `${MANIFEST_FILE}.${name}`;
  if (m.format !== PACKAGE_FORMAT || m.formatVersion !== PACKAGE_FORMAT_VERSION) {
    errors.push({ field: field('format'), message: `must be ${PACKAGE_FORMAT} version ${PACKAGE_FORMAT_VERSION}` });
  }
  if (typeof m.submissionId !== 'string' || !SUBMISSION_ID_PATTERN.test(m.submissionId)) errors.push({ field: field('submissionId'), message: 'is not a submission id' });
  if (m.departmentId !== departmentId) errors.push({ field: field('departmentId'), message: `must be the department of the API key (${departmentId})` });
  for (const name of ['startDate', 'endDate']) {
    if (typeof m[name] !== 'string' || !ISO_DATE.test(m[name] as string)) errors.push({ field: field(name), message: 'must be a date YYYY-MM-DD' });
  }
  if (!Number.isInteger(m.version) || (m.version as number) < 1) errors.push({ field: field('version'), message: 'must be a whole number from 1' });
  if (!Number.isInteger(m.numOfCases) || (m.numOfCases as number) < 1) errors.push({ field: field('numOfCases'), message: 'must be a whole number from 1' });
  if (m.dataDictionaryVersion !== DATA_DICTIONARY_VERSION) {
    errors.push({ field: field('dataDictionaryVersion'), message: `must be ${DATA_DICTIONARY_VERSION}, the data dictionary of this hub` });
  }
  if (typeof m.createdAt !== 'string' || Number.isNaN(Date.parse(m.createdAt))) errors.push({ field: field('createdAt'), message: 'must be a date and time' });
  const listed = Array.isArray(m.files) ? (m.files as unknown[]) : null;
  if (!listed) errors.push({ field: field('files'), message: 'must list the files of the package' });
  if (errors.length > 0) throw refuse(false, errors);

  const seen = new Set<string>();
  for (const item of listed ?? []) {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const name = typeof entry.name === 'string' ? entry.name : '';
    const stored = name === MANIFEST_FILE ? undefined : entries.get(name);
    if (!stored || seen.has(name)) {
      errors.push({ field: printableEntryName(name) || field('files'), message: stored ? 'is listed twice in the manifest' : 'is listed in the manifest but missing from the package' });
    } else if (typeof entry.sha256 !== 'string' || !/^[0-9a-f]{64}$/u.test(entry.sha256) || entry.size !== stored.uncompressedSize) {
      errors.push({ field: name, message: 'does not match its SHA-256 in the manifest: the file was changed or damaged' });
    }
    seen.add(name);
  }
  for (const name of entries.keys()) {
    if (name !== MANIFEST_FILE && !seen.has(name)) errors.push({ field: name, message: 'is not listed in the manifest' });
  }
  if (errors.length > 0) throw refuse(false, errors);
  return m as unknown as PackageManifest;
}

/** One file inflated as a stream and hashed on the way; nothing of it is kept. */
async function streamFile(zip: ZipFile, entry: Entry, listed: PackageManifest['files'][number]): Promise<void> {
  const hash = createHash('sha256');
  await inflate(zip, entry, listed.name, listed.size, (chunk) => {
    hash.update(chunk);
  });
  if (hash.digest('hex') !== listed.sha256) throw invalid(listed.name, 'does not match its SHA-256 in the manifest: the file was changed or damaged');
}

/**
 * cases.json inflated, hashed and parsed as one stream: each case is validated as soon as it is
 * read and handed to the sink in batches. A case that fails stops the validating and the sink, but
 * the file is still read to its end (and a file whose JSON breaks off is read again, only hashed),
 * so a changed file is reported as changed (its SHA-256) rather than by what the change broke.
 */
async function streamCases(zip: ZipFile, entry: Entry, listed: PackageManifest['files'][number], manifest: PackageManifest, options: VerifyOptions): Promise<void> {
  const hash = createHash('sha256');
  const errors: FieldError[] = [];
  const ids = new Set<string>();
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  let batch: PackagedCase[] = [];
  let count = 0;
  let parseError: string | null = null;
  let notAnArray = false;
  // The batch being stored while the next one is read: awaited before the next is handed over.
  let storing: Promise<void> = Promise.resolve();
  const sink = async (cases: PackagedCase[]) => {
    await storing;
    storing = options.sink(cases);
    // Caught here and thrown at the next await of `storing`: a failed store stops the reading there.
    storing.catch(() => undefined);
  };

  const stream = await openEntry(zip, entry, CASES_FILE);
  const metered = meter(stream, CASES_FILE, listed.size, (chunk) => {
    hash.update(chunk);
  });
  try {
    for await (const { index: key, text } of jsonArrayElements(metered)) {
      count += 1;
      if (errors.length > 0) continue;
      const value: unknown = JSON.parse(text);
      for (const e of validatePackagedCase(value, key)) errors.push({ field: `${CASES_FILE}: ${e.field}`, message: e.message });
      const id = (value as { caseId?: unknown } | null)?.caseId;
      if (typeof id === 'string') {
        if (ids.has(id)) errors.push({ field: `${CASES_FILE}: cases[${key}].caseId`, message: 'appears twice in the package' });
        ids.add(id);
      }
      if (errors.length > 0 || count > manifest.numOfCases) continue;
      batch.push(value as PackagedCase);
      if (batch.length >= batchSize) {
        const full = batch;
        batch = [];
        await sink(full);
      }
    }
  } catch (error) {
    if (!(error instanceof JsonArrayError || error instanceof SyntaxError)) {
      // A refusal of the stream (its size) or a failed store: no batch is left storing behind it.
      await storing.catch(() => undefined);
      throw error;
    }
    parseError = messageOf(error);
    notAnArray = error instanceof JsonArrayError && error.notAnArray;
  }
  // A store that failed fails the upload, as it did when each batch was awaited.
  await storing;
  if (parseError !== null) {
    // The JSON broke off: the file is read again, only hashed, to tell a changed file from a malformed one.
    await streamFile(zip, entry, listed);
    throw invalid(CASES_FILE, notAnArray ? 'must be a list of cases' : 'is not valid JSON');
  }
  if (hash.digest('hex') !== listed.sha256) throw invalid(CASES_FILE, 'does not match its SHA-256 in the manifest: the file was changed or damaged');
  if (count !== manifest.numOfCases) {
    errors.unshift({ field: `${MANIFEST_FILE}.numOfCases`, message: `says ${manifest.numOfCases} but ${CASES_FILE} holds ${count}` });
  }
  if (errors.length > 0) throw refuse(false, errors.slice(0, MAX_ERRORS));
  if (batch.length > 0) await sink(batch);
  await storing;
}

async function openEntry(zip: ZipFile, entry: Entry, name: string): Promise<Readable> {
  try {
    return await zip.openReadStreamPromise(entry);
  } catch (error) {
    throw invalid(name, `cannot be read from the ZIP (${messageOf(error)})`);
  }
}

/**
 * The entry's inflated bytes with a hard cap: the stream is destroyed as soon as more than `cap`
 * bytes came out (a ZIP that lies about a size is stopped there, not at its end). A damaged stream
 * is a refusal naming the entry.
 */
async function* meter(stream: Readable, name: string, cap: number, onChunk: (chunk: Buffer) => void): AsyncGenerator<Buffer> {
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.byteLength;
      if (bytes > cap) {
        stream.destroy();
        throw refuse(true, [{ field: printableEntryName(name), message: `inflates beyond the ${sizeText(cap)} its manifest and the ZIP declare: stopped there` }]);
      }
      onChunk(chunk);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw invalid(printableEntryName(name), `is damaged (${messageOf(error)})`);
  }
  if (bytes !== cap) throw invalid(printableEntryName(name), `inflates to ${bytes} bytes, not the ${cap} declared`);
}

async function inflate(zip: ZipFile, entry: Entry, name: string, cap: number, onChunk: (chunk: Buffer) => void): Promise<void> {
  for await (const chunk of meter(await openEntry(zip, entry, name), name, cap, onChunk)) void chunk;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * MIB ? `${Number((bytes / (1024 * MIB)).toFixed(1))} GiB` : `${Math.ceil(bytes / MIB)} MB`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
