import { ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { toCalendarDate } from '../dates/server-today.js';
import { IsCalendarDate } from '../validation/field-validators.js';
import { Trim } from '../validation/trim.decorator.js';
import { PageIndexParam, PageQueryDto } from './page-query.dto.js';

export const LowerCase = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

/** A list's optional choice (`tag`, `cases`): one of `values`, the message naming the parameter and them. */
export const OptionalOneOf = (name: string, values: readonly string[], docs: Pick<ApiPropertyOptions, 'default' | 'description'>) =>
  applyDecorators(
    IsIn(values, { message: `${name} must be one of ${values.join(', ')}` }),
    IsOptional(),
    ApiPropertyOptional({ enum: [...values], ...docs }),
  );

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

  @PageIndexParam('page')
  page?: number;
}

/** What both lists (patients and cases) hand their repository: the query, its dates as calendar days. */
export function listFilter<Tag, Cases>(query: ListQueryDto & { tag?: Tag; cases?: Cases }) {
  return {
    search: query.search,
    tag: query.tag,
    cases: query.cases,
    fromdate: toCalendarDate(query.fromdate) ?? undefined,
    todate: toCalendarDate(query.todate) ?? undefined,
  };
}
