import type { CensusPackage } from '@pnss/libs/api';
import { type ChangedCase, rebuildNotice } from '@pnss/libs/submissions';
import type { PackageRow } from './submissions.repository.js';

/**
 * A package row as the Census tab reads it, with the cases that changed after its version was built
 * (read with the row where the tab shows it; a package just starting a build has none to show).
 */
export function toCensusPackage(row: PackageRow, changed: readonly ChangedCase[] = []): CensusPackage {
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
  };
}
