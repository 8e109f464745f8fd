import type { FieldQueryStatus } from '../api/quality.js';
import { FIELD_META } from '../validation/field-meta.js';

/**
 * Queries on a field (issue 31, after REDCap's data resolution workflow): a reviewer opens a query on
 * one field of a case with a question; whoever may edit the case answers it (and may correct the
 * value); the reviewer replies, which opens it again, or closes it. Written once as data, run by the
 * server on every step and by the case form to offer only the buttons that will be accepted.
 */
export type QueryAction = 'answer' | 'reply' | 'close';

export const QUERY_TRANSITIONS: Readonly<Record<QueryAction, { from: readonly FieldQueryStatus[]; to: FieldQueryStatus }>> = {
  answer: { from: ['open', 'answered'], to: 'answered' },
  reply: { from: ['answered'], to: 'open' },
  close: { from: ['open', 'answered'], to: 'closed' },
};

/** The longest question, answer or reply. */
export const QUERY_TEXT_MAX = 2000;

/** Why `action` cannot be taken on a query in `status`, or null when it can. */
export function queryActionRefusal(action: QueryAction, status: FieldQueryStatus): string | null {
  if (QUERY_TRANSITIONS[action].from.includes(status)) return null;
  if (status === 'closed') return 'This query is closed';
  return action === 'reply' ? 'This query has not been answered yet' : `A query that is ${status} cannot be ${action === 'answer' ? 'answered' : 'closed'}`;
}

/** A query is open until it is closed: an answered one still waits for the reviewer. */
export function isQueryOpen(status: FieldQueryStatus): boolean {
  return status !== 'closed';
}

const INFANT_PATH = /^neonatal\[(\d{1,2})\]\.(\w+)$/;

/** Whether a field path names a field of the case form ('weight', 'neonatal[0].pediatricWeight'). */
export function isQueryableField(field: unknown): field is string {
  if (typeof field !== 'string') return false;
  const infant = INFANT_PATH.exec(field);
  if (infant) return Object.hasOwn(FIELD_META, `neonatal[].${infant[2]}`);
  return Object.hasOwn(FIELD_META, field) && !field.startsWith('neonatal[]');
}
