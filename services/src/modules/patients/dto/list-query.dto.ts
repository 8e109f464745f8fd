import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto.js';
import { Trim } from '../../../common/validation/trim.decorator.js';
import { IsCalendarDate } from './field-rules.js';

export const PATIENT_TAGS = ['allPatients', 'all', 'openCase', 'admitted'] as const;
export type PatientTag = (typeof PATIENT_TAGS)[number];
export const PATIENT_CASE_FILTERS = ['all', 'ob', 'gyne'] as const;
export type PatientCaseFilter = (typeof PATIENT_CASE_FILTERS)[number];

export const LowerCase = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

/**
 * The query both lists share (SPEC.md §7): `search`, `fromdate`/`todate` ('YYYY-MM-DD', on the
 * admission date) and `page` (a page index from 0; `offset` is accepted as its other name).
 */
export class ListQueryDto extends PageQueryDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Trim()
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  @IsString({ message: 'search must be text' })
  search?: string;

  @ApiPropertyOptional({ description: 'YYYY-MM-DD: cases admitted on or after this day' })
  @IsOptional()
  @IsCalendarDate('fromdate')
  fromdate?: string;

  @ApiPropertyOptional({ description: 'YYYY-MM-DD: cases admitted on or before this day' })
  @IsOptional()
  @IsCalendarDate('todate')
  todate?: string;

  @ApiPropertyOptional({ minimum: 0, default: 0, description: 'Page index; 100 rows a page' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(0, { message: 'page must be 0 or more' })
  @Max(1_000_000, { message: 'page is too large' })
  page?: number;
}

/** GET /api/patients. */
export class PatientListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: PATIENT_TAGS, default: 'allPatients' })
  @IsOptional()
  @IsIn(PATIENT_TAGS, { message: `tag must be one of ${PATIENT_TAGS.join(', ')}` })
  tag?: PatientTag;

  @ApiPropertyOptional({ enum: PATIENT_CASE_FILTERS, default: 'all', description: 'Patients with an OB or a Gyne case' })
  @IsOptional()
  @LowerCase()
  @IsIn(PATIENT_CASE_FILTERS, { message: `cases must be one of ${PATIENT_CASE_FILTERS.join(', ')}` })
  cases?: PatientCaseFilter;
}
