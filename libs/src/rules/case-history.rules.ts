import type { AuditEntry } from '../api/platform.js';
import { PATIENT_CORRECTION } from '../submissions/case-corrections.js';
import { fieldMeta } from '../validation/field-meta.js';

/**
 * A row of a case's history (issues 30 and 31) in words: what happened, the reason or the message
 * that came with it, and the fields it changed. The case's history answer (GET
 * /patients/:patientid/cases/:caseid/history) holds the case's audit rows and the rows of its census
 * package that concern it; the History screen shows each through this, so the words are one.
 */
export interface CaseHistoryEvent {
  /**
   * 'Reopened for amendment', 'Query on Birth Weight raised', 'Rebuilt into version 2 of census package S…',
   * 'Accepted by the society: census package S…, version 2, upload U…'.
   */
  title: string;
  /** The reason given for a reopen for amendment, a re-close after it, or a withdrawal. */
  reason: string | null;
  /** The words of a query, its answer or its reply. */
  message: string | null;
  /** The fields changed, old → new, each with its label from the case form. */
  changes: CaseHistoryChange[];
}

export interface CaseHistoryChange {
  field: string;
  label: string;
  old: unknown;
  new: unknown;
}

type HistoryRow = Pick<AuditEntry, 'entity' | 'entityId' | 'action' | 'changes'>;

const CASE_TITLES: Readonly<Record<string, string>> = {
  create: 'Created',
  update: 'Saved',
  close: 'Closed',
  reopen: 'Reopened',
  archive: 'Archived',
  unarchive: 'Unarchived',
  amend: 'Reopened for amendment',
  amend_close: 'Amendment closed: changed since the submitted version',
  withdraw: 'Withdrawn from its package',
  approve: 'Approved for a census package',
  withdraw_approval: 'Approval withdrawn',
  [PATIENT_CORRECTION]: "Age on admission recomputed from the patient's corrected birth date",
};

const QUERY_STEPS: Readonly<Record<string, string>> = {
  query_raise: 'raised',
  query_answer: 'answered',
  query_reply: 'replied to',
  query_close: 'closed',
};

/** Labels of what a history row changes besides the form's own fields. */
const STATE_LABELS: Readonly<Record<string, string>> = {
  status: 'Status',
  isClose: 'Closed',
  isArchived: 'Archived',
  submissionId: 'Census package',
  approved: 'Approved',
  warningsConfirmed: 'Approved over its quality warnings',
};

const QUERY_PREFIX = 'query:';

/** The label of a changed field: the case form's (fieldMeta), or the history's own for the case's state. */
export function caseHistoryFieldLabel(field: string): string {
  return STATE_LABELS[field] ?? fieldMeta(field).label;
}

function valueOf(row: HistoryRow, field: string): unknown {
  return row.changes.find((change) => change.field === field)?.new ?? null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function packageTitle(row: HistoryRow): string {
  const version = valueOf(row, 'version');
  const pkg = `census package ${row.entityId ?? ''}`.trim();
  switch (row.action) {
    case 'build':
      return `Rebuilt into version ${String(version)} of ${pkg}`;
    case 'submit':
      return `Submitted to the society in ${pkg}, version ${String(version)}`;
    case 'resubmit':
      return `Resubmitted to the society in ${pkg}, version ${String(version)}`;
    case 'sent': {
      const uploadId = text(valueOf(row, 'uploadId'));
      return `Accepted by the society: ${pkg}, version ${String(version)}${uploadId ? `, upload ${uploadId}` : ''}`;
    }
    case 'submit_failed':
      return `Not accepted by the society: ${pkg}, version ${String(version)} (the reason is on the Census Packages tab)`;
    default:
      return `${words(row.action)} (${pkg})`;
  }
}

function words(action: string): string {
  const spaced = action.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** One row of a case's history in words. */
export function describeCaseHistoryEntry(row: HistoryRow): CaseHistoryEvent {
  if (row.entity === 'package') return { title: packageTitle(row), reason: null, message: null, changes: [] };

  const step = QUERY_STEPS[row.action];
  if (step) {
    const queried = row.changes.find((change) => change.field.startsWith(QUERY_PREFIX));
    const field = queried ? queried.field.slice(QUERY_PREFIX.length) : '';
    const message = row.action === 'query_raise' ? text(queried?.new) : text(valueOf(row, 'text'));
    return { title: `Query on ${field ? fieldMeta(field).label : 'a field'} ${step}`, reason: null, message, changes: [] };
  }

  if (row.action === 'package') {
    const submissionId = text(valueOf(row, 'submissionId'));
    return { title: submissionId ? `Included in census package ${submissionId}` : 'Included in a census package', reason: null, message: null, changes: [] };
  }

  const reason = text(valueOf(row, 'reason'));
  const changes = row.changes
    .filter((change) => change.field !== 'reason')
    .map((change) => ({ field: change.field, label: caseHistoryFieldLabel(change.field), old: change.old, new: change.new }));
  const archived = row.action === 'withdraw' && row.changes.some((change) => change.field === 'isArchived' && change.new === true);
  const title = archived ? 'Withdrawn from its package and archived' : (CASE_TITLES[row.action] ?? words(row.action));
  return { title, reason, message: null, changes };
}
