import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Answer } from '../../openapi/answer.decorator.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { WorklistParamDto, WorklistQueryDto } from './dto/worklist-query.dto.js';
import { WorklistsService } from './worklists.service.js';

/** /worklists (issue 31): the lists of cases waiting for the caller, and their counts. */
@ApiTags('cases')
@ApiBearerAuth()
@Controller('worklists')
export class WorklistsController {
  constructor(private readonly worklists: WorklistsService) {}

  @Get()
  @Answer("The count of each worklist the caller is offered, and their sum: the side navigation's badge", 'WorklistCounts')
  counts(@CurrentUser() user: AuthenticatedUser) {
    return this.worklists.counts(user);
  }

  @Get(':list')
  @Answer('One worklist: the cases list (100 a page, newest first, searched by case number) filtered by the list\'s definition', 'WorklistPage', {
    errors: { 403: "The list needs a permission the caller lacks ('ready-to-approve': approve_cases)" },
  })
  page(@CurrentUser() user: AuthenticatedUser, @Param() params: WorklistParamDto, @Query() query: WorklistQueryDto) {
    return this.worklists.page(user, params.list, query);
  }
}
