import { ApiPropertyOptional } from '@nestjs/swagger';
import type { PatientCaseInfo } from '@pnss/libs/api';
import { IsBoolean, IsInt, IsOptional, IsString, MaxLength, Min, ValidateIf } from 'class-validator';
import { Trim } from '../../../common/validation/trim.decorator.js';
import { IsCalendarDate } from '../../patients/dto/field-rules.js';

/**
 * Body of POST /api/patientcases and PUT /api/patientcases/:caseid (the case-information screen):
 * the case number, and the patient's birth date with its pediatric confirmation. POST without
 * `patientid` creates the patient too; with it, the case is added to that patient.
 */
export class CaseInfoDto implements Partial<PatientCaseInfo> {
  @ApiPropertyOptional({ description: 'Read-only: on PUT it must equal :caseid' })
  @IsOptional()
  @IsString({ message: '_id must be text' })
  _id?: string | null;

  @ApiPropertyOptional({ description: 'Read-only: on PUT it must equal :caseid' })
  @IsOptional()
  @IsString({ message: 'caseid must be text' })
  caseid?: string | null;

  @ApiPropertyOptional({ description: "POST: an existing patient's id, or nothing to create the patient" })
  @IsOptional()
  @IsString({ message: 'patientid must be text' })
  patientid?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @Trim()
  @MaxLength(50, { message: 'Case number must be at most 50 characters' })
  @IsString({ message: 'Case number must be text' })
  caseNum?: string;

  @ApiPropertyOptional({ nullable: true, description: 'YYYY-MM-DD' })
  @IsOptional()
  @IsCalendarDate('Birth date')
  birthDate?: string | null;

  @ApiPropertyOptional()
  @ValidateIf((o: CaseInfoDto) => o.pediatricConfirmed !== undefined)
  @IsBoolean({ message: 'pediatricConfirmed must be true or false' })
  pediatricConfirmed?: boolean;

  @ApiPropertyOptional({ description: "PUT: the case's version you opened" })
  @IsOptional()
  @IsInt({ message: 'version must be a whole number' })
  @Min(0, { message: 'version must be 0 or more' })
  version?: number;
}
