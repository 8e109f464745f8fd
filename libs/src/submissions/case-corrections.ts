import type { PackageBuildOutcome } from '../api/submissions.js';
import { countOf } from '../format/plural.js';
import { fieldMeta } from '../validation/field-meta.js';

/**
 * The audit action of a case value re-derived because its patient's record was corrected (a new
 * birth date gives a new age on admission). The cases feature writes it; Submissions reads it to tell
 * the census officer what changed in a closed or packaged case.
 */
export const PATIENT_CORRECTION = 'patient_correction';

/** One changed value, as the audit log records it. */
export interface CaseCorrection {
  field: string;
  old: unknown;
  new: unknown;
}

/** The net change of each field over several corrections, oldest first: the first old value, the last new one; none when they are equal. */
export function netCorrections(corrections: readonly CaseCorrection[]): CaseCorrection[] {
  const net = new Map<string, CaseCorrection>();
  for (const change of corrections) {
    const earlier = net.get(change.field);
    net.set(change.field, { field: change.field, old: earlier ? earlier.old : change.old, new: change.new });
  }
  return [...net.values()].filter((change) => change.old !== change.new);
}

function describe(corrections: readonly CaseCorrection[]): string {
  return corrections.map((c) => `${fieldMeta(c.field).label} ${String(c.old ?? 'blank')} → ${String(c.new ?? 'blank')}`).join(', ');
}

/** The review list's word on a closed case its patient's correction changed after it was closed; null when nothing changed. */
export function correctionNotice(corrections: readonly CaseCorrection[]): string | null {
  const net = netCorrections(corrections);
  if (net.length === 0) return null;
  return `Changed after it was closed, because the patient's record was corrected: ${describe(net)}. Review it before approving.`;
}

/** A packaged case that is no longer as the package's version carries it. */
export interface ChangedCase {
  caseNum: string;
  /** The corrections of its patient since the version was built, oldest first. */
  corrections: readonly CaseCorrection[];
}

/**
 * The Census tab's word on a package some of whose cases changed after its version was built: which,
 * what changed, and that a rebuild makes the next version (the same bytes are never what changed).
 */
export function rebuildNotice(version: number, changed: readonly ChangedCase[]): string | null {
  if (changed.length === 0) return null;
  const cases = changed.map((c) => {
    const net = netCorrections(c.corrections);
    return net.length > 0 ? `${c.caseNum} (${describe(net)}, the patient's record was corrected)` : c.caseNum;
  });
  const subject = changed.length === 1 ? `Case ${cases[0]} changed` : `${changed.length} cases changed: ${cases.join('; ')}`;
  return `Needs a rebuild. ${subject} after version ${version} was built. Rebuild to make version ${version + 1}, then submit it.`;
}

/**
 * How the last build or rebuild of a package ended, in words, for the Census tab (issue 25 item 11:
 * 'Building...' alone did not say whether anything changed). `when` is the end time as the screen
 * shows it. A rebuild with the same bytes says so and keeps its version; one that differs names the
 * new version and the cases that changed.
 */
export function buildOutcomeText(build: PackageBuildOutcome, when: string): string {
  const cases = build.caseNums.length > 0 ? `${countOf(build.caseNums.length, 'case')} changed: ${build.caseNums.join(', ')}` : null;
  if (build.outcome === 'failed') return `The build of ${when} failed; the package stays at version ${build.version}.`;
  if (build.outcome === 'unchanged') {
    return `Rebuilt ${when}: nothing the package carries changed, the same bytes as version ${build.version}${cases ? ` (${cases}, in no field the package carries)` : ''}.`;
  }
  if (build.previousVersion === null) return `Built ${when} as version ${build.version}.`;
  return `Rebuilt ${when} as version ${build.version} (was ${build.previousVersion}): ${cases ?? 'the same cases, packaged again with different bytes'}.`;
}
