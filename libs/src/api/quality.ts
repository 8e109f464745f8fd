import type { WorklistEntry } from './case-answers.js';
import type { IsoDate, IsoDateTime } from './case-form.js';

/** Issue 31: the answers of the Data Quality view and of the queries on a field. */

/** One rule failing on one field of a case, in words. */
export interface QualityFindingView {
  /** @maxLength 64 */
  rule: string;
  /** @maxLength 200 */
  field: string;
  /** @maxLength 200 */
  label: string;
  /** @maxLength 200 */
  section: string;
  /** @maxLength 2000 */
  message: string;
}

/** A case behind a rule's count. */
export interface QualityCaseRef {
  /** @maxLength 36 */
  _id: string;
  /** @maxLength 50 */
  caseNum: string;
  /** @maxLength 36 */
  patientid: string;
}

/** A rule of the view: how many reviewed cases fail it, and the first of them. */
export interface QualityRuleCount {
  /** @maxLength 64 */
  rule: string;
  /** @maxLength 200 */
  title: string;
  severity: 'error' | 'warning';
  cases: number;
  /**
   * The cases behind the count, by case number (the first QUALITY_CASES_PER_RULE).
   * @maxItems 200
   */
  caseList: QualityCaseRef[];
}

/** Completeness of a field or a section: of the cases asked the question, how many answered it. */
export interface QualityCompleteness {
  /** @maxLength 200 */
  field: string | null;
  /** @maxLength 200 */
  label: string;
  /** @maxLength 200 */
  section: string;
  asked: number;
  answered: number;
  /** answered / asked, 0 to 1; null when no case was asked. */
  share: number | null;
}

/** GET /api/quality/summary: the Data Quality view of the closed, unarchived cases discharged from `from` to `to`. */
export interface QualitySummary {
  from: IsoDate;
  to: IsoDate;
  /** The cases reviewed. */
  cases: number;
  /** The department score: the mean of the case scores, 0 to 100; null without cases. */
  score: number | null;
  /** @maxItems 50 */
  rules: QualityRuleCount[];
  /** @maxItems 20 */
  sections: QualityCompleteness[];
  /** @maxItems 500 */
  fields: QualityCompleteness[];
}

/** A case's review as the Cases tab shows it beside Approve. */
export interface CaseQualityView {
  /**
   * The case's id.
   * @maxLength 36
   */
  _id: string;
  score: number;
  /** @maxItems 500 */
  errors: QualityFindingView[];
  /** @maxItems 500 */
  warnings: QualityFindingView[];
  /**
   * The fields with a query not yet closed.
   * @maxItems 500
   */
  openQueryFields: string[];
}

/** GET /api/quality/cases. */
export interface CaseQualityList {
  /** @maxItems 100 */
  result: CaseQualityView[];
}

/** 'open': waiting for an answer; 'answered': waiting for the reviewer; 'closed'. */
export type FieldQueryStatus = 'open' | 'answered' | 'closed';

/** One message of a query's thread. */
export interface FieldQueryMessage {
  kind: 'question' | 'answer' | 'reply' | 'close';
  /** @maxLength 2000 */
  text: string;
  /** @maxLength 64 */
  by: string | null;
  at: IsoDateTime;
}

/** A reviewer's query on one field of a case (issue 31). */
export interface FieldQuery {
  /** @maxLength 36 */
  _id: string;
  /** @maxLength 36 */
  caseId: string;
  /** @maxLength 50 */
  caseNum: string;
  /** @maxLength 36 */
  patientid: string;
  /** @maxLength 200 */
  field: string;
  /** @maxLength 200 */
  label: string;
  status: FieldQueryStatus;
  /** @maxLength 64 */
  raisedBy: string | null;
  raisedAt: IsoDateTime;
  updatedAt: IsoDateTime;
  /** @maxItems 200 */
  messages: FieldQueryMessage[];
}

/** A list of queries (a case's, or a worklist's). */
export interface FieldQueriesResponse {
  /** @maxItems 100 */
  result: FieldQuery[];
  count: number;
  /** The page index, for a worklist. */
  offset?: number;
}

/** The worklists of issue 31 by key; their definitions are `WORKLISTS` of @pnss/libs/quality. */
export type WorklistKey = 'my-open' | 'failing-close' | 'queries-for-me' | 'queries-answered' | 'ready-to-approve';

/**
 * A worklist's count is read this far and no further (its count then says 'more than 1,000' with
 * `capped`): a list of a department's thousands of closed cases costs what a short one does.
 */
export const WORKLIST_COUNT_CAP = 1000;

/** GET /api/worklists: the count of each list the caller is offered, and their sum (the side navigation's badge). */
export interface WorklistCounts {
  /** @maxItems 10 */
  lists: Array<{ key: WorklistKey; count: number; capped: boolean }>;
  /** The sum of the lists' counts: a case in two lists counts in both. */
  total: number;
}

/** GET /api/worklists/:list: a page of the cases list; `countCapped` when more than WORKLIST_COUNT_CAP cases are in it (the count is then the cap). */
export interface WorklistPage {
  /** @maxItems 100 */
  items: WorklistEntry[];
  count: number;
  offset: number;
  countCapped?: boolean;
}
