import { ListQueryDto, LowerCase, OptionalOneOf } from '../../../common/paging/list-query.dto.js';

export const CASE_LIST_TAGS = ['all', 'allPatients', 'openCase', 'admitted'] as const;
export type CaseListTag = (typeof CASE_LIST_TAGS)[number];
export const CASE_LIST_FILTERS = ['all', 'ob', 'gyne', 'archived'] as const;
export type CaseListFilter = (typeof CASE_LIST_FILTERS)[number];

/**
 * GET /api/patientcases: `cases` all (archived left out), ob, gyne or archived; `tag` openCase or all
 * (admitted: still without a discharge date); `search` a part of the case number.
 */
export class CaseListQueryDto extends ListQueryDto {
  @OptionalOneOf('tag', CASE_LIST_TAGS, { default: 'all' })
  tag?: CaseListTag;

  @OptionalOneOf('cases', CASE_LIST_FILTERS, { default: 'all' })
  @LowerCase()
  cases?: CaseListFilter;
}
