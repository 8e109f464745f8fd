import type { WorklistKey } from '../api/quality.js';
import { countOf } from '../format/plural.js';
import { PERMISSIONS, type PermissionName } from '../permissions/permission-names.js';
import { PACKAGEABLE_RULE, type PackageableFacts } from '../submissions/packageable-rule.js';

/**
 * The worklists (issue 31): what is waiting for the signed-in user, each list a saved filter of the
 * Cases list. Written once as data: the server turns each list's conditions into the SQL of its page
 * and of its count, the Cases module shows each list's title and definition, and the tests here
 * check each definition on hand-made facts.
 *
 * "My" cases are the cases the user created: SPEC.md assigns a case to nobody, and the queries on a
 * field are answered by the case's author (the query worklist 'for-me' reads the same). Archived
 * cases are set aside and are in no worklist.
 */

/** What decides whether a case is in a worklist, as seen by the user asking. */
export interface WorklistFacts extends PackageableFacts {
  /** The user asking created the case. */
  mine: boolean;
  /** The case's stored review finds hard errors: the close rules would refuse to close it. */
  failsCloseRules: boolean;
  /** A query on the case waits for its author's answer (raised, or replied to, and not answered). */
  queryAwaitingAnswer: boolean;
  /** A query the user asking raised on the case has been answered and waits for a reply or a close. */
  myQueryAnswered: boolean;
  /** A query on the case is not closed (open or answered): approval is refused (`approvalRefusal`). */
  queryNotClosed: boolean;
  /** The case is approved for a census package at its current version. */
  approved: boolean;
}

export type WorklistFact = keyof WorklistFacts;

export interface WorklistCondition {
  fact: WorklistFact;
  equals: boolean;
}

export const WORKLIST_KEYS = ['my-open', 'failing-close', 'queries-for-me', 'queries-answered', 'ready-to-approve'] as const satisfies readonly WorklistKey[];

export interface WorklistDefinition {
  key: WorklistKey;
  /** The list's title on screen. */
  title: string;
  /** The list's definition in words, shown under its title. */
  definition: string;
  /** What its empty list says. */
  empty: string;
  /** Permissions needed besides the Cases list's: a list for a duty the user does not have is not offered. */
  requires: readonly PermissionName[];
  /** Every condition holds for a case in the list. */
  conditions: readonly WorklistCondition[];
  /** Rows show how long the case has been open. */
  showsOpenDays: boolean;
}

const OPEN_AND_MINE: readonly WorklistCondition[] = [
  { fact: 'mine', equals: true },
  { fact: 'isClose', equals: false },
  { fact: 'isArchived', equals: false },
];

export const WORKLISTS: readonly WorklistDefinition[] = [
  {
    key: 'my-open',
    title: 'My open cases',
    definition: 'Cases you created that are not closed yet, with how long each has been open. Archived cases are left out.',
    empty: 'You have no open cases.',
    requires: [],
    conditions: OPEN_AND_MINE,
    showsOpenDays: true,
  },
  {
    key: 'failing-close',
    title: 'Failing the close rules',
    definition: 'Your open cases that the close rules would refuse: a required answer is missing or a value is out of range.',
    empty: 'None of your open cases fails the close rules.',
    requires: [],
    conditions: [...OPEN_AND_MINE, { fact: 'failsCloseRules', equals: true }],
    showsOpenDays: true,
  },
  {
    key: 'queries-for-me',
    title: 'Queries for me to answer',
    definition: 'Cases you created with a reviewer\'s query on a field that waits for your answer.',
    empty: 'No query waits for your answer.',
    requires: [],
    conditions: [{ fact: 'mine', equals: true }, { fact: 'isArchived', equals: false }, { fact: 'queryAwaitingAnswer', equals: true }],
    showsOpenDays: false,
  },
  {
    key: 'queries-answered',
    title: 'My queries answered',
    definition: 'Cases with a query you raised that has been answered: reply to it, or close it.',
    empty: 'None of your queries has been answered yet.',
    requires: [PERMISSIONS.RAISE_QUERY],
    conditions: [{ fact: 'isArchived', equals: false }, { fact: 'myQueryAnswered', equals: true }],
    showsOpenDays: false,
  },
  {
    key: 'ready-to-approve',
    title: 'Ready to approve',
    definition: 'Closed cases of the department in no census package, not yet approved, with no query left open.',
    empty: 'No closed case waits for approval.',
    requires: [PERMISSIONS.APPROVE_CASES],
    // The packageable rule of the review lists, then approvalRefusal's open queries, then not yet approved.
    conditions: [
      ...PACKAGEABLE_RULE.map(({ field, equals }) => ({ fact: field, equals })),
      { fact: 'queryNotClosed', equals: false },
      { fact: 'approved', equals: false },
    ],
    showsOpenDays: false,
  },
];

export function isWorklistKey(value: unknown): value is WorklistKey {
  return typeof value === 'string' && (WORKLIST_KEYS as readonly string[]).includes(value);
}

export function worklistDefinition(key: WorklistKey): WorklistDefinition {
  const found = WORKLISTS.find((list) => list.key === key);
  if (!found) throw new Error(`No worklist ${key}`);
  return found;
}

/** Whether a case with these facts is in the list. */
export function isInWorklist(key: WorklistKey, facts: WorklistFacts): boolean {
  return worklistDefinition(key).conditions.every(({ fact, equals }) => facts[fact] === equals);
}

/** Whether a user holding `held` is offered the list (the Cases list's own permission is the route's). */
export function mayOpenWorklist(key: WorklistKey, held: readonly string[] | null | undefined): boolean {
  return worklistDefinition(key).requires.every((permission) => held?.includes(permission) === true);
}

/** The lists offered to a user holding `held`, in their order. */
export function worklistsFor(held: readonly string[] | null | undefined): WorklistDefinition[] {
  return WORKLISTS.filter((list) => mayOpenWorklist(list.key, held));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days a case has been open: from its creation (when it was opened; a reopened case keeps its
 * first opening) to `today` ('YYYY-MM-DD', injected: a rule never reads the clock), by calendar days
 * in UTC; never below 0.
 */
export function openDays(openedAt: string, today: string): number {
  const opened = Date.UTC(Number(openedAt.slice(0, 4)), Number(openedAt.slice(5, 7)) - 1, Number(openedAt.slice(8, 10)));
  const now = Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)));
  if (Number.isNaN(opened) || Number.isNaN(now)) return 0;
  return Math.max(0, Math.round((now - opened) / DAY_MS));
}

/** How long open, in words: 'Opened today', 'Open 1 day', 'Open 12 days'. */
export function openDaysLabel(days: number): string {
  return days === 0 ? 'Opened today' : `Open ${countOf(days, 'day')}`;
}

/**
 * A list's count as the lists read it to a screen reader: '3 cases waiting', '1 case waiting', and
 * 'more than 1,000 cases waiting' for a count stopped at its cap.
 */
export function waitingLabel(count: number, capped = false): string {
  return capped ? `more than ${countOf(count, 'case')} waiting` : `${countOf(count, 'case')} waiting`;
}
