import type { CensusPackage, PackageBuildOutcome } from '@pnss/libs/api';
import { type ChangedCase, rebuildNotice } from '@pnss/libs/submissions';
import type { AuditChange } from '../../database/schema.js';
import type { PackageRow } from './submissions.repository.js';

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
export function toCensusPackage(row: PackageRow, changed: readonly ChangedCase[] = [], lastBuild: BuildEndRow | null = null): CensusPackage {
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
    rebuildNotice: row.building ? null : rebuildNotice(row.version, changed),
    lastBuild: lastBuild ? buildOutcomeOf(lastBuild, row.version) : null,
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
