import { ApiPropertyOptional } from '@nestjs/swagger';
import type { PatientCaseInfo } from '@pnss/libs/api';
import { IsBoolean, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { Trim } from '../../../common/validation/trim.decorator.js';
import { ECHO_TEXT_MAX, OptionalPersonName, OptionalRecordVersion } from '../../../common/validation/shared-fields.decorators.js';
import { IsCalendarDate } from '../../../common/validation/field-validators.js';

/**
 * Body of POST /api/patientcases and PUT /api/patientcases/:caseid (the case-information screen):
 * the case number, and the patient's birth date with its pediatric confirmation. POST without
 * `patientid` creates the patient too, named by `firstName` (required then, so no case creates an
 * unnamed patient) and the optional `middleName` and `lastName`, by the patient's name rule of
 * @pnss/libs (`patientNameErrors`, the New Patient screen's); with it, the case is added to that patient. Names sent change
 * the patient's, like the birth date, which needs update_patient. PUT requires `version`.
 */
export class CaseInfoDto implements Partial<PatientCaseInfo> {
  @ApiPropertyOptional({ description: 'Read-only: on PUT it must equal :caseid' })
  @IsOptional()
  @MaxLength(ECHO_TEXT_MAX, { message: `_id must be at most ${ECHO_TEXT_MAX} characters` })
  @IsString({ message: '_id must be text' })
  _id?: string | null;

  @ApiPropertyOptional({ description: 'Read-only: on PUT it must equal :caseid' })
  @IsOptional()
  @MaxLength(ECHO_TEXT_MAX, { message: `caseid must be at most ${ECHO_TEXT_MAX} characters` })
  @IsString({ message: 'caseid must be text' })
  caseid?: string | null;

  @ApiPropertyOptional({ description: "POST: an existing patient's id, or nothing to create the patient" })
  @IsOptional()
  @MaxLength(ECHO_TEXT_MAX, { message: `patientid must be at most ${ECHO_TEXT_MAX} characters` })
  @IsString({ message: 'patientid must be text' })
  patientid?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @Trim()
  @MaxLength(50, { message: 'Case number must be at most 50 characters' })
  @IsString({ message: 'Case number must be text' })
  caseNum?: string;

  @ApiPropertyOptional({ description: 'The patient\'s first name: required when POST creates the patient; when sent, it renames the patient (update_patient)' })
  @OptionalPersonName('First name')
  firstName?: string;

  @ApiPropertyOptional({ nullable: true, description: 'The patient\'s middle name' })
  @OptionalPersonName('Middle name')
  middleName?: string | null;

  @ApiPropertyOptional({ description: 'The patient\'s last name: optional, as on New Patient (a patient known by one name)' })
  @OptionalPersonName('Last name')
  lastName?: string;

  @ApiPropertyOptional({ nullable: true, description: 'YYYY-MM-DD' })
  @IsOptional()
  @IsCalendarDate('Birth date')
  birthDate?: string | null;

  @ApiPropertyOptional()
  @ValidateIf((o: CaseInfoDto) => o.pediatricConfirmed !== undefined)
  @IsBoolean({ message: 'pediatricConfirmed must be true or false' })
  pediatricConfirmed?: boolean;

  @ApiPropertyOptional({ description: "Required on PUT: the case's version you opened (409 with the newer case when stale)" })
  @OptionalRecordVersion()
  version?: number;
}
