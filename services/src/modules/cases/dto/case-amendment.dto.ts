import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AMENDMENT_REASON_MAX_LENGTH } from '@pnss/libs/rules';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { CaseActionDto } from './case-action.dto.js';

/**
 * Body of PUT .../amend (issue 30): the reason the submitted case is reopened for amendment. Its
 * shape only; the reason rule of @pnss/libs (at least a few words) is asked by the service.
 */
export class CaseAmendDto extends CaseActionDto {
  @ApiProperty({ description: 'Why the submitted case is corrected, in at least 3 words; kept with the case and in its history', maxLength: AMENDMENT_REASON_MAX_LENGTH })
  @IsOptional()
  @MaxLength(AMENDMENT_REASON_MAX_LENGTH, { message: `reason must be at most ${AMENDMENT_REASON_MAX_LENGTH} characters` })
  @IsString({ message: 'reason must be text' })
  reason?: string;
}

/** Body of PUT .../withdraw (issue 30): the reason, and whether the withdrawn case is archived too. */
export class CaseWithdrawDto extends CaseAmendDto {
  @ApiPropertyOptional({ description: 'Archive the case once withdrawn (otherwise it is Closed again)' })
  @IsOptional()
  @IsBoolean({ message: 'archive must be true or false' })
  archive?: boolean;
}
