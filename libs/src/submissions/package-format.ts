import type { CaseForm, IsoDate, IsoDateTime } from '../api/case-form.js';
import { daysBetween, formatCalendarDate, parseCalendarDate } from '../derived/calendar-date.js';
import { SUBMISSION_CASE_TYPES, type SubmissionCaseType } from '../enums/case-type.enum.js';
import { caseTypesOf } from './case-type-rule.js';
import { AGE_CAP, DATA_DICTIONARY, type FieldDefinition, type PackagedCase } from './data-dictionary.js';
import { icdMmOf } from '../classifications/icd-mm.js';
import { robsonSegmentOf } from '../classifications/robson.js';
import { isMaternalDeathCase } from '../reports/report-dimensions.js';

/**
 * The census package file (ARCHITECTURE.md "Census packages"): a ZIP holding manifest.json,
 * cases.json and one CSV per case type. The department builds it, the society's hub verifies it:
 * both read this one description.
 */
export const PACKAGE_FORMAT = 'pnss-census-package';
export const PACKAGE_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const CASES_FILE = 'cases.json';

export function csvFileName(type: SubmissionCaseType): string {
  return `${type}.csv`;
}

/** The files the manifest lists, in the order the ZIP stores them after it: the cases, then one CSV per case type. */
export const LISTED_FILE_NAMES: readonly string[] = [CASES_FILE, ...SUBMISSION_CASE_TYPES.map(csvFileName)];
/** Every file of a package, each once, plain names, in the order the ZIP stores them: the manifest first. */
export const PACKAGE_FILE_NAMES: readonly string[] = [MANIFEST_FILE, ...LISTED_FILE_NAMES];

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
  /** The first day of the first month and the last day of the last month the cases were discharged in (packagePeriod). */
  startDate: IsoDate;
  endDate: IsoDate;
  numOfCases: number;
  version: number;
  /** DATA_DICTIONARY_VERSION: what each field of cases.json means. */
  dataDictionaryVersion: string;
  createdAt: IsoDateTime;
  /** Every other file of the package, in the order they are stored. */
  files: ManifestFile[];
}

export interface PackagingOptions {
  /** PACKAGE_FREE_TEXT: the free-text answers leave too (off unless the department sets it). */
  freeText: boolean;
}

/**
 * One case as it leaves the department (DATA_DICTIONARY): no name, birth date, case number, room or
 * exact date; the patient is a keyed hash (the same for all her cases), her age the age at admission,
 * the dates a month and intervals, free text only when the department allows it.
 */
export function toPackagedCase(form: CaseForm, patientKey: string, options: PackagingOptions): PackagedCase {
  const admission = parseCalendarDate(form.admissionDate);
  const discharge = parseCalendarDate(form.dischargeDate);
  const delivery = parseCalendarDate(form.deliveryDate);
  const computed: Record<string, unknown> = {
    caseId: form._id ?? '',
    patientKey,
    caseVersion: form.version,
    caseTypes: caseTypesOf(form),
    ageAtAdmission: form.age === null ? null : Math.min(form.age, AGE_CAP),
    dischargeMonth: discharge === null ? null : formatCalendarDate(discharge).slice(0, 7),
    lengthOfStayDays: interval(admission, discharge),
    admissionToDeliveryDays: interval(admission, delivery),
    deliveryToDischargeDays: interval(delivery, discharge),
    ...packagedClassifications(form),
  };
  const source = form as unknown as Record<string, unknown>;
  const packaged: Record<string, unknown> = {};
  for (const name of Object.keys(DATA_DICTIONARY).sort()) {
    const definition = DATA_DICTIONARY[name as keyof PackagedCase];
    if (definition.freeText && !options.freeText) continue;
    packaged[name] = valueOf(definition, name in computed ? computed[name] : source[name], options);
  }
  return packaged as PackagedCase;
}

/** The classifications a case carries in a package, derived by the libs functions the reports use. */
export function packagedClassifications(form: CaseForm): Pick<PackagedCase, 'robsonGroup' | 'icdMmGroup' | 'icdMmType'> {
  const death = isMaternalDeathCase(form) ? icdMmOf(form) : null;
  return {
    robsonGroup: robsonSegmentOf(form),
    icdMmGroup: death?.mapped ? death.group : null,
    icdMmType: death === null ? null : death.mapped ? death.type : 'unmapped',
  };
}

function interval(from: number | null, to: number | null): number | null {
  return from === null || to === null ? null : daysBetween(from, to);
}

/** A record list keeps only its dictionary's fields, free text only when allowed; keys sorted, so the bytes are stable. */
function valueOf(definition: FieldDefinition, value: unknown, options: PackagingOptions): unknown {
  if (value === undefined) return null;
  if (definition.type !== 'records' || !definition.items || !Array.isArray(value)) return value;
  const items = definition.items;
  return value.map((record: Record<string, unknown>) => {
    const kept: Record<string, unknown> = {};
    for (const name of Object.keys(items).sort()) {
      if (!(name in record) || (items[name].freeText && !options.freeText)) continue;
      kept[name] = record[name] ?? null;
    }
    return kept;
  });
}

/** The first and last day of the months the cases were discharged in: the manifest's period, no day of care in it. */
export function packagePeriod(cases: readonly Pick<PackagedCase, 'dischargeMonth'>[], fallback: IsoDate): { startDate: IsoDate; endDate: IsoDate } {
  const months = cases.map((c) => c.dischargeMonth).filter((m): m is string => m !== null).sort();
  const first = months[0] ?? fallback.slice(0, 7);
  const last = months[months.length - 1] ?? fallback.slice(0, 7);
  const [year, month] = last.split('-').map(Number);
  return { startDate: `${first}-01`, endDate: formatCalendarDate(Date.UTC(year, month, 0)) };
}
