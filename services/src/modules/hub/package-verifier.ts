import { createHash } from 'node:crypto';
import type { FieldError } from '@pnss/libs/api';
import { SUBMISSION_CASE_TYPES } from '@pnss/libs/enums';
import {
  CASES_FILE, DATA_DICTIONARY_VERSION, MANIFEST_FILE, PACKAGE_FORMAT, PACKAGE_FORMAT_VERSION, type PackageManifest,
  type PackagedCase, SUBMISSION_ID_PATTERN, csvFileName, validatePackagedCase,
} from '@pnss/libs/submissions';
import { unzipSync } from 'fflate';

export type Verification =
  | { ok: true; manifest: PackageManifest; cases: PackagedCase[]; summary: string }
  | { ok: false; errors: FieldError[] };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_ERRORS = 50;

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function parseJson(data: Uint8Array): unknown {
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data));
}

/**
 * What the hub checks before it keeps anything: a ZIP; a manifest of the known format for this
 * department; every other file listed with its SHA-256 and size, and nothing unlisted; cases.json
 * holding as many cases as the manifest says, each valid against the data dictionary. Each error
 * names the file, or the file's field, at fault.
 */
export function verifyPackage(bytes: Uint8Array, departmentId: string): Verification {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (error) {
    return { ok: false, errors: [{ field: 'file', message: `not a readable ZIP (${error instanceof Error ? error.message : String(error)})` }] };
  }
  const manifestBytes = files[MANIFEST_FILE];
  if (!manifestBytes) return { ok: false, errors: [{ field: MANIFEST_FILE, message: 'missing from the package' }] };
  let raw: unknown;
  try {
    raw = parseJson(manifestBytes);
  } catch {
    return { ok: false, errors: [{ field: MANIFEST_FILE, message: 'is not valid JSON' }] };
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
  const listed = Array.isArray(m.files) ? (m.files as Array<Record<string, unknown>>) : null;
  if (!listed) errors.push({ field: field('files'), message: 'must list the files of the package' });
  if (errors.length > 0) return { ok: false, errors };

  const names = new Set<string>();
  for (const entry of listed ?? []) {
    const name = String(entry?.name ?? '');
    names.add(name);
    const data = files[name];
    if (!data) {
      errors.push({ field: name || field('files'), message: 'is listed in the manifest but missing from the package' });
    } else if (entry.sha256 !== sha256(data) || entry.size !== data.byteLength) {
      errors.push({ field: name, message: 'does not match its SHA-256 in the manifest: the file was changed or damaged' });
    }
  }
  for (const name of Object.keys(files)) {
    if (name !== MANIFEST_FILE && !names.has(name)) errors.push({ field: name, message: 'is not listed in the manifest' });
  }
  for (const required of [CASES_FILE, ...SUBMISSION_CASE_TYPES.map(csvFileName)]) {
    if (!names.has(required)) errors.push({ field: required, message: 'is missing from the manifest' });
  }
  if (errors.length > 0) return { ok: false, errors };

  let cases: unknown;
  try {
    cases = parseJson(files[CASES_FILE]);
  } catch {
    return { ok: false, errors: [{ field: CASES_FILE, message: 'is not valid JSON' }] };
  }
  if (!Array.isArray(cases)) return { ok: false, errors: [{ field: CASES_FILE, message: 'must be a list of cases' }] };
  if (cases.length !== m.numOfCases) {
    errors.push({ field: field('numOfCases'), message: `says ${String(m.numOfCases)} but ${CASES_FILE} holds ${cases.length}` });
  }
  const ids = new Set<string>();
  cases.forEach((c: unknown, index) => {
    if (errors.length >= MAX_ERRORS) return;
    for (const e of validatePackagedCase(c, index)) errors.push({ field: `${CASES_FILE}: ${e.field}`, message: e.message });
    const id = (c as { caseId?: unknown } | null)?.caseId;
    if (typeof id === 'string') {
      if (ids.has(id)) errors.push({ field: `${CASES_FILE}: cases[${index}].caseId`, message: 'appears twice in the package' });
      ids.add(id);
    }
  });
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };
  const manifest = m as unknown as PackageManifest;
  return {
    ok: true,
    manifest,
    cases: cases as PackagedCase[],
    summary: `Verified: ${listed?.length ?? 0} files match their SHA-256; ${cases.length} cases valid against data dictionary ${DATA_DICTIONARY_VERSION}`,
  };
}
