import { type CensusPackage, ERROR_MESSAGE_MAX, type PackageAmendment, type PackageBuildOutcome, type PackageVersion } from '@pnss/libs/api';
import { type ChangedCase, needsResubmission, packageAmendmentRefusal, rebuildNotice, resubmissionNotice } from '@pnss/libs/submissions';
import type { AuditChange } from '../../database/schema.js';
import type { AmendmentRow, PackageRow, VersionRow } from './submissions.repository.js';

/** Issue 30: a package's corrections since its last submission, its cases being amended, its versions. */
export interface PackageAmendmentsView {
  amendments: readonly AmendmentRow[];
  amendingCases: readonly string[];
  versions: readonly VersionRow[];
}

const NO_AMENDMENTS: PackageAmendmentsView = { amendments: [], amendingCases: [], versions: [] };

/** The audit row a build wrote as it ended (SubmissionsRepository.lastBuilds). */
export interface BuildEndRow {
  action: string;
  at: Date;
  changes: AuditChange[];
}

/**
 * A package row as the Census tab reads it, with the cases that changed after its version was built
 * (read with the row where the tab shows it; a package just starting a build has none to show).
 */
export function toCensusPackage(
  row: PackageRow, changed: readonly ChangedCase[] = [], lastBuild: BuildEndRow | null = null, corrections: PackageAmendmentsView = NO_AMENDMENTS,
): CensusPackage {
  const amendments = corrections.amendments.map(toAmendment);
  // While a case is being amended the refusal says what to do; a rebuild notice would ask for a rebuild that is refused.
  const amending = corrections.amendingCases.length > 0;
  const notices = amending || row.building ? [] : [rebuildNotice(row.version, changed), resubmissionNotice(amendments, row.version)];
  return {
    _id: row.id,
    submissionId: row.submissionId,
    departmentId: row.departmentId,
    startDate: row.startDate,
    endDate: row.endDate,
    numOfCases: row.numOfCases,
    version: row.version,
    status: row.status as CensusPackage['status'],
    fileName: row.fileName ?? '',
    builtAt: row.builtAt?.toISOString() ?? null,
    builtBy: row.builtByUsername,
    createdAt: row.createdAt.toISOString(),
    building: row.building,
    progress: row.progress,
    uploadId: row.uploadId,
    sha256: row.sha256,
    size: row.size,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
    changedCases: row.building ? 0 : changed.length,
    rebuildNotice: notices.filter((notice): notice is string => notice !== null).join(' ').slice(0, ERROR_MESSAGE_MAX) || null,
    lastBuild: lastBuild ? buildOutcomeOf(lastBuild, row.version) : null,
    needsResubmission: needsResubmission(amendments),
    amendments,
    amendingCases: [...corrections.amendingCases],
    amendmentRefusal: packageAmendmentRefusal(corrections.amendingCases),
    versions: corrections.versions.map(toVersion),
  };
}

function toAmendment(row: AmendmentRow): PackageAmendment {
  return {
    caseId: row.caseId,
    caseNum: row.caseNum,
    kind: row.kind,
    reason: row.reason,
    by: row.byUsername,
    at: row.at.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    inVersion: row.inVersion,
  };
}

function toVersion(row: VersionRow): PackageVersion {
  return {
    version: row.version,
    fileName: row.fileName,
    sha256: row.sha256,
    size: row.size,
    builtAt: row.builtAt.toISOString(),
    builtBy: row.builtByUsername,
    uploadId: row.uploadId,
    sentAt: row.sentAt?.toISOString() ?? null,
    supersededAt: row.supersededAt?.toISOString() ?? null,
    changes: row.changes,
  };
}

/** How a build ended, read back from its audit row: the versions it went between and the cases it found changed. */
export function buildOutcomeOf(end: BuildEndRow, currentVersion: number): PackageBuildOutcome {
  const change = (field: string) => end.changes.find((c) => c.field === field);
  const versions = change('version');
  const cases = change('changedCases')?.new;
  const caseNums = Array.isArray(cases) ? cases.filter((c): c is string => typeof c === 'string') : [];
  if (end.action === 'build_failed') return { outcome: 'failed', at: end.at.toISOString(), version: currentVersion, previousVersion: currentVersion, caseNums: [] };
  const version = typeof versions?.new === 'number' ? versions.new : currentVersion;
  const previousVersion = typeof versions?.old === 'number' ? versions.old : null;
  return { outcome: end.action === 'rebuild_unchanged' ? 'unchanged' : 'built', at: end.at.toISOString(), version, previousVersion, caseNums };
}
