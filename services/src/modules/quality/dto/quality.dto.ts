import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { QUERY_TEXT_MAX, isQueryableField } from '@pnss/libs/quality';
import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateBy } from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto.js';
import { IsCalendarDate } from '../../../common/validation/field-validators.js';

/** The most cases GET /api/quality/cases reviews at once: a page of the Cases tab. */
export const QUALITY_CASES_MAX = 100;
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** GET /api/quality/summary: the discharge dates of the cases reviewed, both included. */
export class QualityRangeDto {
  @ApiProperty({ description: 'First discharge date (YYYY-MM-DD)', format: 'date', maxLength: 10 })
  @IsCalendarDate('from')
  from!: string;

  @ApiProperty({ description: 'Last discharge date (YYYY-MM-DD)', format: 'date', maxLength: 10 })
  @IsCalendarDate('to')
  to!: string;
}

/** GET /api/quality/cases: the ids of a page of the Cases tab, comma-separated. */
export class QualityCasesQueryDto {
  @ApiProperty({ description: `Case ids, comma-separated, at most ${QUALITY_CASES_MAX}`, maxLength: QUALITY_CASES_MAX * 37 })
  @IsString({ message: 'ids must be case ids, comma-separated' })
  @MaxLength(QUALITY_CASES_MAX * 37, { message: `ids can name at most ${QUALITY_CASES_MAX} cases` })
  @Matches(new RegExp(`^${UUID}(,${UUID})*$`), { message: 'ids must be case ids, comma-separated' })
  ids!: string;
}

/** POST /api/queries: a question on one field of a case. */
export class RaiseQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'caseId must be a case id' })
  caseId!: string;

  @ApiProperty({ description: "A field of the case form: 'weight', 'neonatal[0].pediatricWeight'", maxLength: 200 })
  @IsString({ message: 'field is required' })
  @MaxLength(200, { message: 'field is not a field of the case form' })
  @ValidateBy({ name: 'isQueryableField', validator: { validate: (v: unknown) => isQueryableField(v), defaultMessage: () => 'field is not a field of the case form' } })
  field!: string;

  @ApiProperty({ maxLength: QUERY_TEXT_MAX })
  @IsString({ message: 'question is required' })
  @IsNotEmpty({ message: 'question is required' })
  @MaxLength(QUERY_TEXT_MAX, { message: `question is at most ${QUERY_TEXT_MAX} characters` })
  question!: string;
}

/** POST /api/queries/:queryid/answer and /reply. */
export class QueryTextDto {
  @ApiProperty({ maxLength: QUERY_TEXT_MAX })
  @IsString({ message: 'text is required' })
  @IsNotEmpty({ message: 'text is required' })
  @MaxLength(QUERY_TEXT_MAX, { message: `text is at most ${QUERY_TEXT_MAX} characters` })
  text!: string;
}

/** POST /api/queries/:queryid/close: a closing word is optional. */
export class CloseQueryDto {
  @ApiPropertyOptional({ maxLength: QUERY_TEXT_MAX })
  @IsOptional()
  @IsString({ message: 'text must be text' })
  @MaxLength(QUERY_TEXT_MAX, { message: `text is at most ${QUERY_TEXT_MAX} characters` })
  text?: string;
}

/** The worklists of queries: 'for-me' (open, on cases I created), 'answered' (answered, raised by me). */
export const QUERY_WORKLISTS = ['for-me', 'answered'] as const;
export type QueryWorklist = (typeof QUERY_WORKLISTS)[number];

export class QueryWorklistDto extends PageQueryDto {
  @ApiProperty({ enum: QUERY_WORKLISTS })
  @IsIn(QUERY_WORKLISTS, { message: `list must be one of ${QUERY_WORKLISTS.join(', ')}` })
  list!: QueryWorklist;
}
