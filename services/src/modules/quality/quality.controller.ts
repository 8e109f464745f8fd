import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Answer } from '../../openapi/answer.decorator.js';
import { ParseIdPipe } from '../../common/validation/parse-id.pipe.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { CloseQueryDto, QualityCasesQueryDto, QualityRangeDto, QueryTextDto, QueryWorklistDto, RaiseQueryDto } from './dto/quality.dto.js';
import { QualityService } from './quality.service.js';
import { QueriesService } from './queries.service.js';

/** The Data Quality view of Submissions (issue 31). */
@ApiTags('quality')
@ApiBearerAuth()
@Controller('quality')
export class QualityController {
  constructor(private readonly quality: QualityService) {}

  @Get('summary')
  @Answer('Completeness per section and field, cases per quality rule with the cases behind each, and the department score, for the closed cases discharged from `from` to `to`', 'QualitySummary')
  summary(@Query() query: QualityRangeDto) {
    return this.quality.summary(query.from, query.to);
  }

  @Get('cases')
  @Answer("Each named case's hard errors, warnings, score and the fields with an open query", 'CaseQualityList')
  cases(@Query() query: QualityCasesQueryDto) {
    return this.quality.cases(query.ids.split(','));
  }
}

/** Queries on a field of a case (issue 31). */
@ApiTags('quality')
@ApiBearerAuth()
@Controller('queries')
export class QueriesController {
  constructor(private readonly queries: QueriesService) {}

  @Get('case/:caseid')
  @Answer("A case's queries, newest first, each with its thread", 'FieldQueriesResponse', { errors: { 404: 'No such case' } })
  forCase(@Param('caseid', ParseIdPipe) caseId: string) {
    return this.queries.forCase(caseId);
  }

  @Get('worklist')
  @Answer("A worklist of queries: 'for-me' the open ones on cases I created, 'answered' the answered ones I raised; 100 a page", 'FieldQueriesResponse')
  worklist(@CurrentUser() user: AuthenticatedUser, @Query() query: QueryWorklistDto) {
    return this.queries.worklist(user.id, query.list, query.offset);
  }

  @Post()
  @HttpCode(201)
  @Answer('Opens a query on one field of a case with a question; audited on the case', 'FieldQuery', { status: 201, errors: { 404: 'No such case' } })
  raise(@CurrentUser() user: AuthenticatedUser, @Body() body: RaiseQueryDto) {
    return this.queries.raise(user, body.caseId, body.field, body.question);
  }

  @Post(':queryid/answer')
  @HttpCode(200)
  @Answer("Answers a query (whoever may edit the case); it waits for the reviewer", 'FieldQuery', { errors: { 404: 'No such query', 409: 'The query is closed' } })
  answer(@CurrentUser() user: AuthenticatedUser, @Param('queryid', ParseIdPipe) queryId: string, @Body() body: QueryTextDto) {
    return this.queries.step(user, queryId, 'answer', body.text);
  }

  @Post(':queryid/reply')
  @HttpCode(200)
  @Answer('The reviewer answers back: the query is open again', 'FieldQuery', { errors: { 404: 'No such query', 409: 'The query is closed or not answered yet' } })
  reply(@CurrentUser() user: AuthenticatedUser, @Param('queryid', ParseIdPipe) queryId: string, @Body() body: QueryTextDto) {
    return this.queries.step(user, queryId, 'reply', body.text);
  }

  @Post(':queryid/close')
  @HttpCode(200)
  @Answer('The reviewer closes the query', 'FieldQuery', { errors: { 404: 'No such query', 409: 'The query is already closed' } })
  close(@CurrentUser() user: AuthenticatedUser, @Param('queryid', ParseIdPipe) queryId: string, @Body() body: CloseQueryDto) {
    return this.queries.step(user, queryId, 'close', body.text);
  }
}
