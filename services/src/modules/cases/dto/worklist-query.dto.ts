import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { WorklistKey } from '@pnss/libs/api';
import { WORKLIST_KEYS } from '@pnss/libs/quality';
import { ListQueryDto } from '../../../common/paging/list-query.dto.js';

/** GET /api/worklists/:list: the list by its key (WORKLISTS of @pnss/libs/quality). */
export class WorklistParamDto {
  @ApiProperty({ enum: [...WORKLIST_KEYS] })
  @IsIn(WORKLIST_KEYS, { message: `list must be one of ${WORKLIST_KEYS.join(', ')}` })
  list!: WorklistKey;
}

/** The cases list's search, admission dates and page (SPEC.md §7), for a worklist. */
export class WorklistQueryDto extends ListQueryDto {}
