import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { OptionalRecordVersion } from '../../../common/validation/shared-fields.decorators.js';

/**
 * Body of PUT .../close, /reopen, /archive and /unarchive: all optional. SPEC.md §7 sends
 * `patientid` and `caseid` (they must name the case of the address); `version`, when sent, must be
 * the stored one, so a state change never acts on a case the user has not seen.
 */
export class CaseActionDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'patientid must be text' })
  patientid?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'caseid must be text' })
  caseid?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: '_id must be text' })
  _id?: string;

  @ApiPropertyOptional({ description: 'The version you opened' })
  @OptionalRecordVersion()
  version?: number;
}
