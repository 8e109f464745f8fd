import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DEPARTMENT_ID_PATTERN } from '@pnss/libs/submissions';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto.js';

const DEPARTMENT_ID = DEPARTMENT_ID_PATTERN;

export class IssueHubKeyDto {
  @ApiProperty({ description: "The department's DEPARTMENT_ID" })
  @IsString({ message: 'departmentId is required' })
  @Matches(DEPARTMENT_ID, { message: 'departmentId must be 1 to 64 letters, digits, _ or -' })
  departmentId!: string;

  @ApiPropertyOptional({ description: 'Who the key is for, e.g. the hospital name' })
  @IsOptional()
  @IsString({ message: 'label must be text' })
  @MaxLength(120, { message: 'label is at most 120 characters' })
  label?: string;
}

export class HubPackagesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only this department' })
  @IsOptional()
  @IsString({ message: 'departmentId must be text' })
  @Matches(DEPARTMENT_ID, { message: 'departmentId must be 1 to 64 letters, digits, _ or -' })
  departmentId?: string;
}
