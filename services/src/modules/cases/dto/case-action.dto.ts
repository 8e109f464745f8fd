import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ECHO_TEXT_MAX, OptionalRecordVersion } from '../../../common/validation/shared-fields.decorators.js';

/**
 * Body of PUT .../close, /reopen, /archive and /unarchive: all optional. SPEC.md §7 sends
 * `patientid` and `caseid` (they must name the case of the address); `version`, when sent, must be
 * the stored one, so a state change never acts on a case the user has not seen.
 */
export class CaseActionDto {
  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(ECHO_TEXT_MAX, { message: `patientid must be at most ${ECHO_TEXT_MAX} characters` })
  @IsString({ message: 'patientid must be text' })
  patientid?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(ECHO_TEXT_MAX, { message: `caseid must be at most ${ECHO_TEXT_MAX} characters` })
  @IsString({ message: 'caseid must be text' })
  caseid?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(ECHO_TEXT_MAX, { message: `_id must be at most ${ECHO_TEXT_MAX} characters` })
  @IsString({ message: '_id must be text' })
  _id?: string;

  @ApiPropertyOptional({ description: 'The version you opened' })
  @OptionalRecordVersion()
  version?: number;
}
