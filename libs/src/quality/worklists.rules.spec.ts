import type { WorklistKey } from '../api/quality.js';
import { PERMISSIONS } from '../permissions/permission-names.js';
import { approvalRefusal } from '../submissions/packageable-rule.js';
import {
  WORKLISTS, WORKLIST_KEYS, type WorklistFacts, isInWorklist, isWorklistKey, mayOpenWorklist, openDays, openDaysLabel,
  waitingLabel, worklistsFor,
} from './worklists.rules.js';

/** A case of mine, open, clean, with no query: in 'my open cases' only. */
const aCase = (facts: Partial<WorklistFacts> = {}): WorklistFacts => ({
  mine: true, isClose: false, isArchived: false, inPackage: false, failsCloseRules: false,
  queryAwaitingAnswer: false, myQueryAnswered: false, queryNotClosed: false, approved: false, ...facts,
});
const closed = (facts: Partial<WorklistFacts> = {}) => aCase({ isClose: true, ...facts });
const listsOf = (facts: WorklistFacts) => WORKLIST_KEYS.filter((key) => isInWorklist(key, facts));

describe('worklists (issue 31): each list a saved filter of the cases waiting for the user', () => {
  it('every list has a title and its definition in words, once each', () => {
    expect(WORKLISTS.map((list) => list.key)).toEqual([...WORKLIST_KEYS]);
    for (const list of WORKLISTS) {
      expect(list.title).not.toBe('');
      expect(list.definition).toMatch(/\.$/);
    }
    expect(isWorklistKey('my-open')).toBe(true);
    expect(isWorklistKey('all')).toBe(false);
  });

  it.each(([
    ['my open case, passing the close rules', aCase(), ['my-open']],
    ['my open case failing the close rules', aCase({ failsCloseRules: true }), ['my-open', 'failing-close']],
    ['my case being amended (open again, carried by a package)', aCase({ inPackage: true }), ['my-open']],
    ["another user's open case", aCase({ mine: false, failsCloseRules: true }), []],
    ['my archived case', aCase({ isArchived: true, failsCloseRules: true, queryAwaitingAnswer: true }), []],
    ['my closed case', closed(), ['ready-to-approve']],
    ['my closed case with a query waiting for my answer', closed({ queryAwaitingAnswer: true, queryNotClosed: true }), ['queries-for-me']],
    ["another user's case with a query waiting for its author", aCase({ mine: false, queryAwaitingAnswer: true, queryNotClosed: true }), []],
    ['a case with a query I raised, answered', closed({ mine: false, myQueryAnswered: true, queryNotClosed: true }), ['queries-answered']],
    ['an archived case with a query I raised, answered', closed({ mine: false, isArchived: true, myQueryAnswered: true, queryNotClosed: true }), []],
    ['a closed case with every query closed', closed({ mine: false }), ['ready-to-approve']],
    ['a closed case already approved at its version', closed({ approved: true }), []],
    ['a submitted case (in a census package)', closed({ inPackage: true }), []],
    ['an archived closed case', closed({ isArchived: true }), []],
  ] satisfies Array<[string, WorklistFacts, WorklistKey[]]>).map(([name, facts, lists]) => [name, facts, lists.length === 0 ? 'in no list' : `in ${lists.join(', ')}`, lists] as const))(
    '%s: %s', (_name, facts, _words, lists) => {
      expect(listsOf(facts)).toEqual(lists);
    },
  );

  // Data-quality warnings do not keep a case off the list: they ask the reviewer to confirm at approval.
  it("'ready to approve' holds exactly where approval is not refused and the case is not approved yet", () => {
    const booleans = [false, true];
    for (const isClose of booleans) for (const isArchived of booleans) for (const inPackage of booleans)
      for (const queryNotClosed of booleans) for (const approved of booleans) {
        const facts = aCase({ isClose, isArchived, inPackage, queryNotClosed, approved, mine: false });
        const approvable = approvalRefusal({ isClose, isArchived, inPackage, openQueryFields: queryNotClosed ? ['weight'] : [], qualityRules: [], warningsConfirmed: false }) === null;
        expect(isInWorklist('ready-to-approve', facts)).toBe(approvable && !approved);
      }
  });

  it("'ready to approve' is offered only to those who may approve; 'my queries answered' to those who raise queries", () => {
    expect(mayOpenWorklist('ready-to-approve', [PERMISSIONS.GET_ALL_CASE])).toBe(false);
    expect(mayOpenWorklist('ready-to-approve', [PERMISSIONS.APPROVE_CASES])).toBe(true);
    expect(mayOpenWorklist('queries-answered', [])).toBe(false);
    expect(worklistsFor([PERMISSIONS.GET_ALL_CASE]).map((list) => list.key)).toEqual(['my-open', 'failing-close', 'queries-for-me']);
    expect(worklistsFor(null).map((list) => list.key)).toEqual(['my-open', 'failing-close', 'queries-for-me']);
  });

  it('how long open: whole calendar days from the case\'s opening to today, in words', () => {
    expect(openDays('2026-11-26T23:59:00.000Z', '2026-11-26')).toBe(0);
    expect(openDays('2026-11-25T00:01:00.000Z', '2026-11-26')).toBe(1);
    expect(openDays('2026-10-27T08:00:00.000Z', '2026-11-26')).toBe(30);
    expect(openDays('2026-11-27T08:00:00.000Z', '2026-11-26')).toBe(0);
    expect([0, 1, 12].map(openDaysLabel)).toEqual(['Opened today', 'Open 1 day', 'Open 12 days']);
    expect([0, 1, 3].map((n) => waitingLabel(n))).toEqual(['0 cases waiting', '1 case waiting', '3 cases waiting']);
    expect(waitingLabel(1000, true)).toBe('more than 1,000 cases waiting');
  });
});
