import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SUBMISSION_ID_PATTERN } from '@pnss/libs/submissions';
import { MESSAGES } from '@pnss/libs/validation';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsDefined, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min,
} from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto.js';

const MAX_SELECTION = 5000;
const SUBMISSION_ID = SUBMISSION_ID_PATTERN;

/** Body of POST /api/submissions/cases/create (SPEC.md §7). */
export class CreatePackageDto {
  @ApiProperty({ type: [String], description: 'Ids of approved closed cases' })
  @IsDefined({ message: MESSAGES.noSelectedCases })
  @IsArray({ message: 'selectedCases must be a list of case ids' })
  @ArrayNotEmpty({ message: MESSAGES.noSelectedCases })
  @ArrayMaxSize(MAX_SELECTION, { message: `selectedCases can hold at most ${MAX_SELECTION} cases` })
  @IsUUID('all', { each: true, message: 'selectedCases must hold case ids' })
  selectedCases!: string[];
}

/** Body of PUT /api/submissions/cases/approval: the cases of one row, or of a page with select all. */
export class ApprovalDto {
  @ApiProperty({ type: [String] })
  @IsArray({ message: 'caseIds must be a list of case ids' })
  @ArrayNotEmpty({ message: MESSAGES.noSelectedCases })
  @ArrayMaxSize(MAX_SELECTION, { message: `caseIds can hold at most ${MAX_SELECTION} cases` })
  @IsUUID('all', { each: true, message: 'caseIds must hold case ids' })
  caseIds!: string[];

  @ApiProperty({ description: 'true approves, false withdraws the approval' })
  @IsBoolean({ message: 'approved must be true or false' })
  approved!: boolean;

  @ApiPropertyOptional({ description: "The reviewer saw the cases' data-quality warnings and approves them anyway (issue 31): recorded in each case's audit row" })
  @IsOptional()
  @IsBoolean({ message: 'warningsConfirmed must be true or false' })
  warningsConfirmed?: boolean;
}

export class RebuildPackageDto {
  @ApiProperty()
  @IsString({ message: 'submissionid is required' })
  @Matches(SUBMISSION_ID, { message: 'submissionid is not a submission id' })
  submissionid!: string;

  @ApiProperty({ description: 'The file name the list shows for this package' })
  @IsString({ message: 'filename is required' })
  @MaxLength(200, { message: 'filename is too long' })
  filename!: string;
}

export class SubmitPackageDto {
  @ApiProperty()
  @IsString({ message: 'submissionid is required' })
  @Matches(SUBMISSION_ID, { message: 'submissionid is not a submission id' })
  submissionid!: string;
}

export class PackageSearchQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of a submission id, any letter case' })
  @IsOptional()
  @IsString({ message: 'search must be text' })
  @MaxLength(64, { message: 'search is at most 64 characters' })
  search?: string;
}

export class DownloadQueryDto {
  @ApiProperty({ description: 'The single-use ticket of POST /api/submissions/download/{id}' })
  @IsString({ message: 'ticket is required' })
  @MaxLength(200, { message: 'ticket is too long' })
  ticket!: string;
}

export function isSubmissionId(value: string): boolean {
  return SUBMISSION_ID.test(value);
}

/** Query of POST /api/submissions/download/{id} (issue 30): `version` names an earlier version's file. */
export class DownloadTicketQueryDto {
  @Max(1_000_000, { message: 'version is too large' })
  @Min(1, { message: 'version must be 1 or more' })
  @IsInt({ message: 'version must be a whole number' })
  @Type(() => Number)
  @IsOptional()
  @ApiPropertyOptional({ minimum: 1, description: 'The version whose file to download (the current one when left out); superseded versions stay downloadable' })
  version?: number;
}
