/**
 * Issue 30: a census package some of whose cases are reopened for amendment. While any of them is
 * still open, the package is neither rebuilt nor submitted: the society would get a case half
 * corrected. Asked by the server before it rebuilds or submits, and shown by the Census tab.
 */
export function packageAmendmentRefusal(amendingCaseNums: readonly string[]): string | null {
  if (amendingCaseNums.length === 0) return null;
  const cases = [...amendingCaseNums].sort();
  const subject = cases.length === 1 ? `Case ${cases[0]} is` : `Cases ${cases.join(', ')} are`;
  const them = cases.length === 1 ? 'it' : 'them';
  return `${subject} being amended: close ${them} again, then rebuild and submit this package.`;
}

const NOTICE_CASES = 5;
const REASON_SHOWN = 100;

function clip(reason: string): string {
  return reason.length > REASON_SHOWN ? `${reason.slice(0, REASON_SHOWN - 1)}…` : reason;
}

type PendingAmendment = { caseNum: string; kind: 'amend' | 'withdraw'; reason: string; closedAt: string | null; inVersion: number | null };

/**
 * The corrections of a package its society has not received, given the amendments not yet in a
 * submitted version: each withdrawal, and each amendment closed again (one still open is the
 * refusal's, not a correction yet).
 */
export function pendingCorrections<T extends Pick<PendingAmendment, 'kind' | 'closedAt'>>(amendments: readonly T[]): T[] {
  return amendments.filter((a) => a.kind === 'withdraw' || a.closedAt !== null);
}

/** A package needs resubmission while it has a correction its society has not received. */
export function needsResubmission(amendments: ReadonlyArray<Pick<PendingAmendment, 'kind' | 'closedAt'>>): boolean {
  return pendingCorrections(amendments).length > 0;
}

/** The Census tab's word on a package whose corrections the society has not received yet. */
export function resubmissionNotice(amendments: readonly PendingAmendment[], version: number): string | null {
  const pending = pendingCorrections(amendments);
  if (pending.length === 0) return null;
  const unbuilt = pending.some((a) => a.inVersion === null);
  // At most NOTICE_CASES cases, each reason clipped: the notice stays one readable sentence.
  const words = pending
    .slice(0, NOTICE_CASES)
    .map((a) => `${a.caseNum} ${a.kind === 'amend' ? 'amended' : 'withdrawn'} (${clip(a.reason)})`);
  if (pending.length > NOTICE_CASES) words.push(`${pending.length - NOTICE_CASES} more`);
  const what = words.length > 0 ? `Changed since the last submission: ${words.join('; ')}.` : 'Changed since the last submission.';
  return unbuilt ? `${what} Rebuild to make version ${version + 1}, then submit it.` : `${what} Submit version ${version} to send the corrections.`;
}
