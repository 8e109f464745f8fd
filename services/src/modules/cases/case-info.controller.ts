import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_DOC, IdempotencyKey } from '../../common/validation/idempotency-key.decorator.js';
import { ParseIdPipe } from '../../common/validation/parse-id.pipe.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { AuditedRead, type ReadAudit } from '../audit/read-audit.js';
import { CaseInfoService } from './case-info.service.js';
import { CasesService } from './cases.service.js';
import { CaseInfoDto } from './dto/case-info.dto.js';
import { CaseListQueryDto } from './dto/case-list-query.dto.js';
import { Answer } from '../../openapi/answer.decorator.js';


/** /patientcases: the cases list and the case-information screen (SPEC.md §2, §7). */
@ApiTags('cases')
@ApiBearerAuth()
@Controller('patientcases')
export class CaseInfoController {
  constructor(
    private readonly cases: CasesService,
    private readonly caseInfo: CaseInfoService,
  ) {}

  /** `{ items, count, offset }`, 100 a page, newest first. */
  @Get()
  @Answer('The cases list, 100 a page, with the filters of the Cases screen', 'CasePage')
  list(@Query() query: CaseListQueryDto, @AuditedRead() audit: ReadAudit | undefined) {
    return this.cases.list(query, audit);
  }

  @Get(':caseid')
  @Answer("The case-information screen's fields of one case", 'CaseInfoView')
  get(@Param('caseid', ParseIdPipe) caseId: string) {
    return this.caseInfo.get(caseId);
  }

  /** Without `patientid` the patient is created too, which also needs save_patient. */
  @Post()
  @Answer("Creates a case from the case-information screen (and its patient when none is named); a replayed Idempotency-Key answers the case the first request made", 'CaseInfoAnswer', { status: 201, errors: { 404: 'The patient named does not exist', 409: 'The patient already has an open case', 422: 'The Idempotency-Key was already used for a different request' } })
  @ApiHeader(IDEMPOTENCY_KEY_DOC)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() dto: CaseInfoDto,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    return this.caseInfo.create(user, dto, idempotencyKey);
  }

  /** Changing the birth date or the pediatric confirmation also needs update_patient. */
  @Put(':caseid')
  @Answer("Saves the case-information screen's fields", 'CaseInfoAnswer', { errors: { 409: 'The case changed since you opened it, or it is closed' } })
  update(@CurrentUser() user: AuthenticatedUser, @Param('caseid', ParseIdPipe) caseId: string, @Body() dto: CaseInfoDto) {
    return this.caseInfo.update(user, caseId, dto);
  }
}
