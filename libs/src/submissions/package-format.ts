import type { CaseForm, IsoDate, IsoDateTime } from '../api/case-form.js';
import type { SubmissionCaseType } from '../enums/case-type.enum.js';
import { caseTypesOf } from './case-type-rule.js';
import { icdMmOf, type IcdMmType } from '../classifications/icd-mm.js';
import { robsonSegmentOf } from '../classifications/robson.js';
import { isMaternalDeathCase } from '../reports/report-dimensions.js';

/**
 * The census package file (ARCHITECTURE.md "Census packages"): a ZIP holding manifest.json,
 * cases.json and one CSV per case type. The department builds it, the society's hub verifies it:
 * both read this one description.
 */
export const PACKAGE_FORMAT = 'pnss-census-package';
export const PACKAGE_FORMAT_VERSION = 1;
/**
 * Grows when a code table or a field of the case form changes meaning.
 * 2026.1: the first dictionary.
 * 2026.2 (issue 28): each case carries the Robson answers previousCaesareans (0-10), laborOnset
 * (LABOR_ONSETS) and fetalPresentation (FETAL_PRESENTATIONS), and the derived robsonGroup (a key of
 * ROBSON_GROUPS, 'unclassifiable', or null when the case is no birth in the department), icdMmGroup
 * (1-9, null for no maternal death or an unmapped cause) and icdMmType (direct, indirect,
 * unspecified, coincidental, 'unmapped', or null); the maternal fetal CSV gains Previous CS, Onset of
 * Labor, Presentation or Lie and Robson Group, the maternal mortality CSV ICD-MM Group and ICD-MM Type.
 */
export const DATA_DICTIONARY_VERSION = '2026.2';
export const MANIFEST_FILE = 'manifest.json';
export const CASES_FILE = 'cases.json';

export function csvFileName(type: SubmissionCaseType): string {
  return `${type}.csv`;
}

/** `PNSS-<department>-<submission id>-v<version>.zip`: safe in a URL and a file system. */
export function packageFileName(departmentId: string, submissionId: string, version: number): string {
  return `PNSS-${departmentId}-${submissionId}-v${version}.zip`;
}

/** A submission id, and a department id: 1 to 64 letters, digits, _ or - (they make up package file names). */
export const SUBMISSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const DEPARTMENT_ID_PATTERN = SUBMISSION_ID_PATTERN;

/** The largest census package the hub takes (and the download may answer). */
export const PACKAGE_MAX_BYTES = 64 * 1024 * 1024;

export const PACKAGE_FILE_NAME_PATTERN = /^PNSS-[A-Za-z0-9_-]{1,64}-[A-Za-z0-9_-]{1,64}-v\d{1,6}\.zip$/;

export interface ManifestFile {
  name: string;
  /** Lower-case hex SHA-256 of the file's bytes. */
  sha256: string;
  size: number;
}

export interface PackageManifest {
  format: typeof PACKAGE_FORMAT;
  formatVersion: typeof PACKAGE_FORMAT_VERSION;
  submissionId: string;
  departmentId: string;
  /** Earliest admission and latest discharge among the cases. */
  startDate: IsoDate;
  endDate: IsoDate;
  numOfCases: number;
  version: number;
  dataDictionaryVersion: string;
  createdAt: IsoDateTime;
  /** Every other file of the package, in the order they are stored. */
  files: ManifestFile[];
}

/** Case-form fields that never leave the department: they identify a patient or are bookkeeping. */
export const WITHHELD_CASE_FIELDS = [
  '_id', 'patientid', 'caseNum', 'room', 'gyneForm', 'isClose', 'isArchived', 'submissionId', 'version', 'createdAt',
  'updatedAt', 'age',
] as const;

/**
 * One case as it leaves the department: no names, no birth date, no case number or room; the
 * patient is a keyed hash (the same for all of her cases), her age is the age at admission.
 */
export type PackagedCase = Omit<CaseForm, (typeof WITHHELD_CASE_FIELDS)[number]> & {
  caseId: string;
  patientKey: string;
  caseVersion: number;
  ageAtAdmission: number | null;
  caseTypes: SubmissionCaseType[];
  /** The Robson group (libs robsonSegmentOf): a group key, 'unclassifiable', or null for no birth in the department. */
  robsonGroup: string | null;
  /** The WHO ICD-MM group of a maternal death (libs icdMmOf); null for no maternal death or an unmapped cause. */
  icdMmGroup: number | null;
  /** Its type, 'unmapped' when the recorded cause has no group; null for no maternal death. */
  icdMmType: IcdMmType | 'unmapped' | null;
};

/** The classifications a case carries in a package, derived by the libs functions the reports use. */
export function packagedClassifications(form: CaseForm): Pick<PackagedCase, 'robsonGroup' | 'icdMmGroup' | 'icdMmType'> {
  const death = isMaternalDeathCase(form) ? icdMmOf(form) : null;
  return {
    robsonGroup: robsonSegmentOf(form),
    icdMmGroup: death?.mapped ? death.group : null,
    icdMmType: death === null ? null : death.mapped ? death.type : 'unmapped',
  };
}

export function toPackagedCase(form: CaseForm, patientKey: string): PackagedCase {
  const copy: Record<string, unknown> = { ...form };
  for (const field of WITHHELD_CASE_FIELDS) delete copy[field];
  const clinical = copy as Omit<CaseForm, (typeof WITHHELD_CASE_FIELDS)[number]>;
  return {
    caseId: form._id ?? '',
    patientKey,
    caseVersion: form.version,
    ageAtAdmission: form.age,
    caseTypes: caseTypesOf({ ...form, gtdDiagnosis: form.gtdDiagnosis }),
    ...packagedClassifications(form),
    ...sortKeys(clinical),
  };
}

/** Keys in a fixed order, so the same case always serialises to the same bytes. */
function sortKeys<T extends object>(value: T): T {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = (value as Record<string, unknown>)[key];
  return sorted as T;
}
