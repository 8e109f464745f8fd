import { createHash, createHmac } from 'node:crypto';
import type { CaseForm } from '@pnss/libs/api';
import { SUBMISSION_CASE_TYPES } from '@pnss/libs/enums';
import {
  CASES_FILE, DATA_DICTIONARY_VERSION, LISTED_FILE_NAMES, MANIFEST_FILE, PACKAGE_FORMAT, PACKAGE_FORMAT_VERSION, type ManifestFile,
  type PackageManifest, type PackagedCase, type PackagingOptions, casesCsv, csvFileName, packageEntriesProblems, packagePeriod, toPackagedCase,
} from '@pnss/libs/submissions';
import { zipSync } from 'fflate';

/** Every entry gets this time, so the same content always zips to the same bytes. */
const FIXED_ENTRY_TIME = new Date(Date.UTC(2000, 0, 1));

export interface PackageIdentity {
  submissionId: string;
  departmentId: string;
  version: number;
  createdAt: string;
}

export interface BuiltPackage {
  bytes: Uint8Array;
  sha256: string;
  manifest: PackageManifest;
}

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The keyed hash that stands for a patient: the same for all her cases, meaningless without the secret. */
export function patientKey(secret: string, patientId: string): string {
  return createHmac('sha256', secret).update(patientId).digest('hex');
}

export function packagedCases(secret: string, forms: readonly CaseForm[], options: PackagingOptions): PackagedCase[] {
  return [...forms]
    .sort((a, b) => String(a._id).localeCompare(String(b._id)))
    .map((form) => toPackagedCase(form, patientKey(secret, form.patientid), options));
}

/**
 * The ZIP of ARCHITECTURE.md "Census packages": manifest.json first, then cases.json and one CSV per
 * case type in a fixed order, every entry with a fixed time: byte for byte the same for the same input.
 */
export function buildPackageFile(identity: PackageIdentity, cases: readonly PackagedCase[]): BuiltPackage {
  const encoder = new TextEncoder();
  const content = new Map<string, Uint8Array>([[CASES_FILE, encoder.encode(`${JSON.stringify(cases, null, 2)}\n`)]]);
  for (const type of SUBMISSION_CASE_TYPES) {
    content.set(csvFileName(type), encoder.encode(casesCsv(type, cases.filter((c) => c.caseTypes.includes(type)))));
  }
  const files = LISTED_FILE_NAMES.map((name): [string, Uint8Array] => [name, content.get(name) as Uint8Array]);
  const listed: ManifestFile[] = files.map(([name, data]) => ({ name, sha256: sha256Hex(data), size: data.byteLength }));
  const manifest: PackageManifest = {
    format: PACKAGE_FORMAT,
    formatVersion: PACKAGE_FORMAT_VERSION,
    submissionId: identity.submissionId,
    departmentId: identity.departmentId,
    ...packagePeriod(cases, identity.createdAt.slice(0, 10)),
    numOfCases: cases.length,
    version: identity.version,
    dataDictionaryVersion: DATA_DICTIONARY_VERSION,
    createdAt: identity.createdAt,
    files: listed,
  };
  const entries: Record<string, [Uint8Array, { mtime: Date; level: 6 }]> = {};
  entries[MANIFEST_FILE] = [encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`), { mtime: FIXED_ENTRY_TIME, level: 6 }];
  for (const [name, data] of files) entries[name] = [data, { mtime: FIXED_ENTRY_TIME, level: 6 }];
  // The hub refuses any other set of files (libs' entry rule): the builder holds itself to the same.
  const problems = packageEntriesProblems(Object.keys(entries));
  if (problems.length > 0) throw new Error(`A census package must hold exactly its files: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`);
  const bytes = zipSync(entries);
  return { bytes, sha256: sha256Hex(bytes), manifest };
}
