import { correctionNotice, netCorrections, rebuildNotice } from './case-corrections.js';

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
