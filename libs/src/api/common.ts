/** One failing field in an error answer. `label` and `section` come with the close-case check. */
export interface FieldError {
  field: string;
  message: string;
  label?: string;
  section?: string;
}

/** The one error envelope every API error answers with. */
export interface ErrorEnvelope {
  statusCode: number;
  message: string;
  errors?: FieldError[];
  /**
   * On a 409 for a stale version: the record as it is now, so the client can show what changed
   * (left out when the caller may not read the record).
   * @maxProperties 500
   */
  current?: { [field: string]: unknown };
}

/** A paged list: page size 100, `offset` counts pages from 0 (SPEC.md §4 "Pagination", §9). */
export interface Paged<T> {
  items: T[];
  count: number;
  offset: number;
}

/** The longest `message` of an error answer; a longer list of field messages is cut to this, whole messages first. */
export const ERROR_MESSAGE_MAX = 2000;

export const PAGE_SIZE = 100;
export const API_TIMEOUT_MS = 30_000;
export const API_PREFIX = '/api';
