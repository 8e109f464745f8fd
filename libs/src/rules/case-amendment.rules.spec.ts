import {
  AMENDMENT_REASON_MESSAGE, type CaseAction, amendmentReasonError, caseActionRefusal, caseActions, caseStatus,
} from './index.js';
import { needsResubmission, packageAmendmentRefusal, resubmissionNotice } from '../submissions/index.js';

const open = { _id: 'c', isClose: false, isArchived: false, submissionId: null };
const closed = { ...open, isClose: true };
const submitted = { ...closed, submissionId: 'S20260101-ABCDEF' };
const amending = { ...submitted, isClose: false };
const withdrawn = { ...closed, submissionId: null };
const withdrawnArchived = { ...withdrawn, isArchived: true };

describe('corrections after submission: the extended case lifecycle (issue 30)', () => {
  it.each([
    ['an open case', open, 'Open'],
    ['a closed case', closed, 'Closed'],
    ['a closed case a census package carries', submitted, 'Submitted'],
    ['a submitted case reopened for amendment: open, still carried by its package', amending, 'Amending'],
    ['a case withdrawn from its package is Closed again, not Submitted', withdrawn, 'Closed'],
  ] as const)('%s is %s', (_name, form, status) => {
    expect(caseStatus(form)).toBe(status);
  });

  // Each row: the state, then which actions the rule allows in it.
  const ACTIONS: CaseAction[] = ['save', 'close', 'reopen', 'amend', 'withdraw', 'archive', 'unarchive'];
  it.each([
    ['Submitted: only reopened for amendment or withdrawn', submitted, ['amend', 'withdraw']],
    ['Amending: open and editable like an open case, closed again under the usual close rules, never archived', amending, ['save', 'close']],
    ['Closed (withdrawn): reopened as any closed case', withdrawn, ['reopen']],
    ['Closed and archived (withdrawn and archived): only unarchived', withdrawnArchived, ['unarchive', 'reopen']],
    ['Open: saved, closed, archived; never amended or withdrawn', open, ['save', 'close', 'archive']],
    ['Closed: reopened; never amended or withdrawn (no package carries it)', closed, ['reopen']],
    ['Submitted and archived (archived before the rule existed): neither amended nor withdrawn', { ...submitted, isArchived: true }, ['unarchive']],
  ] as const)('%s', (_name, form, allowed) => {
    const actions = caseActions(form);
    for (const action of ACTIONS) {
      expect([action, actions[action]]).toEqual([action, (allowed as readonly string[]).includes(action)]);
      expect([action, caseActionRefusal(form, action) === null]).toEqual([action, actions[action]]);
    }
    expect(actions.readOnly).toBe(caseStatus(form) === 'Closed' || caseStatus(form) === 'Submitted');
  });

  it.each([
    [amending, 'amend', 'This case is already being amended: close it again.'],
    [amending, 'withdraw', 'This case is already being amended: close it again before withdrawing it.'],
    [closed, 'amend', 'Only a submitted case (closed and carried by a census package) can be reopened for amendment; this case is Closed.'],
    [open, 'withdraw', 'Only a submitted case (closed and carried by a census package) can be withdrawn from its package; this case is Open.'],
    [submitted, 'reopen', 'This case has been submitted in a census package: reopen it for amendment instead, with a reason.'],
    [amending, 'archive', 'A case being amended belongs to its census package and cannot be archived: close it again, or withdraw it from the package.'],
  ] as const)('a refused action names the rule (row %#)', (form, action, words) => {
    expect(caseActionRefusal(form, action)).toBe(words);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['   ', false],
    ['typo', false],
    ['wrong manner', false],
    ['- - -', false],
    ['wrong delivery manner', true],
    ['  duplicate of case 2026-014  ', true],
    ['many words but over 1000 characters '.repeat(30), false],
  ])('a reason of at least a few words is required: %j is accepted: %s', (reason, ok) => {
    expect(amendmentReasonError(reason)).toBe(ok ? null : AMENDMENT_REASON_MESSAGE);
  });

  it('while a package has an amended case still open, it is not submitted, and the words say which', () => {
    expect(packageAmendmentRefusal([])).toBeNull();
    expect(packageAmendmentRefusal(['2026-7'])).toBe('Case 2026-7 is being amended: close it again, then rebuild and submit this package.');
    expect(packageAmendmentRefusal(['B', 'A'])).toBe('Cases A, B are being amended: close them again, then rebuild and submit this package.');
  });

  it('the Census tab says which cases changed since the last submission, why, and what to do', () => {
    const amended = { caseNum: '7', kind: 'amend' as const, reason: 'wrong delivery manner', closedAt: '2026-11-25T00:00:00Z', inVersion: null };
    const gone = { caseNum: '9', kind: 'withdraw' as const, reason: 'duplicate of case 8', closedAt: null, inVersion: null };
    const stillOpen = { ...amended, caseNum: '8', closedAt: null };
    // Nothing to resubmit: no correction, or an amendment still open (Submit is refused for it instead).
    expect(resubmissionNotice([], 1)).toBeNull();
    expect(resubmissionNotice([stillOpen], 1)).toBeNull();
    expect([needsResubmission([]), needsResubmission([stillOpen]), needsResubmission([amended]), needsResubmission([gone])]).toEqual([false, false, true, true]);
    expect(resubmissionNotice([amended, gone], 1)).toBe(
      'Changed since the last submission: 7 amended (wrong delivery manner); 9 withdrawn (duplicate of case 8). Rebuild to make version 2, then submit it.',
    );
    expect(resubmissionNotice([{ ...amended, inVersion: 2 }], 2)).toBe(
      'Changed since the last submission: 7 amended (wrong delivery manner). Submit version 2 to send the corrections.',
    );
  });
});
