import { ApiPropertyOptional } from '@nestjs/swagger';
import { INGEST_STATES, type IngestState } from '@pnss/libs/api';
import { DEPARTMENT_ID_PATTERN } from '@pnss/libs/submissions';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto.js';

export class NationalIngestQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: INGEST_STATES, description: 'Only packages in this state' })
  @IsOptional()
  @IsIn(INGEST_STATES, { message: `state must be one of ${INGEST_STATES.join(', ')}` })
  state?: IngestState;

  @ApiPropertyOptional({ description: 'Only this department' })
  @IsOptional()
  @IsString({ message: 'departmentId must be text' })
  @Matches(DEPARTMENT_ID_PATTERN, { message: 'departmentId must be 1 to 64 letters, digits, _ or -' })
  departmentId?: string;
}
