import type { CensusPackage, CensusPackageStatus } from '../api/submissions.js';

/** How each status reads in the Census tab: in capitals (SPEC.md §2). */
const STATUS_LABELS: Record<CensusPackageStatus, string> = {
  building: 'BUILDING',
  buildfailed: 'BUILD FAILED',
  pending: 'PENDING',
  submitted: 'SUBMITTED',
  Sending: 'SENDING',
  Sent: 'SENT',
  Failed: 'FAILED',
};

export function packageStatusLabel(status: CensusPackageStatus): string {
  return STATUS_LABELS[status];
}

export interface PackageActions {
  rebuild: boolean;
  download: boolean;
  submit: boolean;
}

/**
 * The per-row buttons of the Census tab (SPEC.md §2, §4): none while the package is Sending or
 * while a build of it runs; a package whose first build failed has no file to act on. The server
 * asks the same rule before it rebuilds, hands out a download or submits. While a case of the package
 * is reopened for amendment (issue 30) it is neither rebuilt nor submitted (the server refuses both
 * in the words of `packageAmendmentRefusal`); its file can still be downloaded.
 */
export function packageActions(pkg: Pick<CensusPackage, 'status' | 'building'> & Partial<Pick<CensusPackage, 'amendingCases'>>): PackageActions {
  const hasFile = pkg.status !== 'building' && pkg.status !== 'buildfailed';
  const idle = hasFile && pkg.status !== 'Sending' && pkg.building !== true;
  const amending = (pkg.amendingCases?.length ?? 0) > 0;
  return { rebuild: idle && !amending, download: idle, submit: idle && !amending };
}
