import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { ListQueryDto, LowerCase } from '../../patients/dto/list-query.dto.js';

export const CASE_LIST_TAGS = ['all', 'allPatients', 'openCase', 'admitted'] as const;
export type CaseListTag = (typeof CASE_LIST_TAGS)[number];
export const CASE_LIST_FILTERS = ['all', 'ob', 'gyne', 'archived'] as const;
export type CaseListFilter = (typeof CASE_LIST_FILTERS)[number];

/**
 * GET /api/patientcases: `cases` all (archived left out), ob, gyne or archived; `tag` openCase or all
 * (admitted: still without a discharge date); `search` a part of the case number.
 */
export class CaseListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: CASE_LIST_TAGS, default: 'all' })
  @IsOptional()
  @IsIn(CASE_LIST_TAGS, { message: `tag must be one of ${CASE_LIST_TAGS.join(', ')}` })
  tag?: CaseListTag;

  @ApiPropertyOptional({ enum: CASE_LIST_FILTERS, default: 'all' })
  @IsOptional()
  @LowerCase()
  @IsIn(CASE_LIST_FILTERS, { message: `cases must be one of ${CASE_LIST_FILTERS.join(', ')}` })
  cases?: CaseListFilter;
}
