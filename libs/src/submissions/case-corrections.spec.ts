import type { PackageBuildOutcome } from '../api/submissions.js';
import { buildOutcomeText, correctionNotice, netCorrections, rebuildNotice } from './case-corrections.js';

describe("a correction of the patient's record, told to the census officer (issue 25 item 7)", () => {
  it('nets several corrections of a field: the first old value, the last new one, nothing when they cancel out', () => {
    expect(netCorrections([{ field: 'age', old: 40, new: 41 }, { field: 'age', old: 41, new: 42 }])).toEqual([{ field: 'age', old: 40, new: 42 }]);
    expect(netCorrections([{ field: 'age', old: 40, new: 41 }, { field: 'age', old: 41, new: 40 }])).toEqual([]);
  });

  it('says what changed in a closed case, by its label, and asks for a review before approval', () => {
    expect(correctionNotice([{ field: 'age', old: 40, new: 41 }])).toBe(
      "Changed after it was closed, because the patient's record was corrected: Age on Admission 40 → 41. Review it before approving.",
    );
    expect(correctionNotice([])).toBeNull();
  });

  it('says which cases of a package changed after its version was built, and that a rebuild makes the next version', () => {
    expect(rebuildNotice(1, [])).toBeNull();
    expect(rebuildNotice(1, [{ caseNum: 'C-17', corrections: [{ field: 'age', old: 40, new: 41 }] }])).toBe(
      "Needs a rebuild. Case C-17 (Age on Admission 40 → 41, the patient's record was corrected) changed after version 1 was built. Rebuild to make version 2, then submit it.",
    );
    expect(rebuildNotice(3, [{ caseNum: 'C-1', corrections: [] }, { caseNum: 'C-2', corrections: [{ field: 'age', old: null, new: 30 }] }])).toBe(
      "Needs a rebuild. 2 cases changed: C-1; C-2 (Age on Admission blank → 30, the patient's record was corrected) after version 3 was built. Rebuild to make version 4, then submit it.",
    );
  });
});

describe("a rebuild says when it finished and whether anything changed (issue 25 item 11: not only 'Building...')", () => {
  const at = '2026-11-25T10:00:00.000Z';
  const outcome = (o: Partial<PackageBuildOutcome>): PackageBuildOutcome => ({ outcome: 'built', at, version: 1, previousVersion: null, caseNums: [], ...o });

  it('the same bytes: the version stays, and it says nothing changed', () => {
    expect(buildOutcomeText(outcome({ outcome: 'unchanged', version: 2, previousVersion: 2 }), '11/25/2026 10:00'))
      .toBe('Rebuilt 11/25/2026 10:00: nothing the package carries changed, the same bytes as version 2.');
  });

  it('the next version, naming the cases that changed', () => {
    expect(buildOutcomeText(outcome({ version: 2, previousVersion: 1, caseNums: ['C-17'] }), '11/25/2026 10:00'))
      .toBe('Rebuilt 11/25/2026 10:00 as version 2 (was 1): 1 case changed: C-17.');
    expect(buildOutcomeText(outcome({ version: 3, previousVersion: 2, caseNums: ['C-1', 'C-2'] }), 'now'))
      .toBe('Rebuilt now as version 3 (was 2): 2 cases changed: C-1, C-2.');
  });

  it('the first build, and a failed one', () => {
    expect(buildOutcomeText(outcome({}), 'then')).toBe('Built then as version 1.');
    expect(buildOutcomeText(outcome({ outcome: 'failed', version: 1, previousVersion: 1 }), 'then')).toBe('The build of then failed; the package stays at version 1.');
  });
});
