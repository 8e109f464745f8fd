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

/** The Census tab's word on a package whose corrections the society has not received yet. */
export function resubmissionNotice(
  needsResubmission: boolean,
  amendments: ReadonlyArray<{ caseNum: string; kind: 'amend' | 'withdraw'; reason: string; closedAt: string | null; inVersion: number | null }>,
  version: number,
): string | null {
  if (!needsResubmission) return null;
  const pending = amendments.filter((a) => a.kind === 'withdraw' || a.closedAt !== null);
  const unbuilt = pending.some((a) => a.inVersion === null);
  const words = pending.map((a) => `${a.caseNum} ${a.kind === 'amend' ? 'amended' : 'withdrawn'} (${a.reason})`);
  const what = words.length > 0 ? `Changed since the last submission: ${words.join('; ')}.` : 'Changed since the last submission.';
  return unbuilt ? `${what} Rebuild to make version ${version + 1}, then submit it.` : `${what} Submit version ${version} to send the corrections.`;
}
