import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiTags } from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_DOC, IdempotencyKey } from '../../common/validation/idempotency-key.decorator.js';
import { PageQueryDto } from '../../common/paging/page-query.dto.js';
import { ParseIdPipe } from '../../common/validation/parse-id.pipe.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { AuditedRead, type ReadAudit } from '../audit/read-audit.js';
import { CasesService } from './cases.service.js';
import { CaseActionDto } from './dto/case-action.dto.js';
import { CaseAmendDto, CaseWithdrawDto } from './dto/case-amendment.dto.js';
import { CaseFormDto, type CaseFormInput } from './dto/case-form.dto.js';
import { Answer } from '../../openapi/answer.decorator.js';


/** /patients/:patientid/cases: the case forms of one patient and their lifecycle (SPEC.md §7 "Patients and cases"). */
@ApiTags('cases')
@ApiBearerAuth()
@Controller('patients/:patientid/cases')
export class PatientCasesController {
  constructor(private readonly cases: CasesService) {}

  /** The patient's cases as whole forms, newest admission first (not paged: one patient's cases). */
  @Get()
  @Answer("The patient's cases as whole forms, newest admission first", 'CaseFormList')
  list(@Param('patientid', ParseIdPipe) patientId: string) {
    return this.cases.listForPatient(patientId);
  }

  /** A new case from any part of the form; the reply is the stored case (`version` 1). */
  @Post()
  @Answer('Creates a case from any part of the form; answers the stored case (version 1), or with a replayed Idempotency-Key the case the first request made', 'CaseForm', { status: 201, errors: { 409: 'The patient already has an open case', 422: 'The Idempotency-Key was already used for a different request' } })
  @ApiBody({ type: CaseFormDto })
  @ApiHeader(IDEMPOTENCY_KEY_DOC)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Param('patientid', ParseIdPipe) patientId: string,
    @Body() body: CaseFormDto,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    return this.cases.create(user, patientId, body as CaseFormInput, idempotencyKey);
  }

  @Get(':caseid')
  @Answer('One case form, whole', 'CaseForm')
  get(@Param('patientid', ParseIdPipe) patientId: string, @Param('caseid', ParseIdPipe) caseId: string, @AuditedRead() audit: ReadAudit | undefined) {
    return this.cases.get(patientId, caseId, audit);
  }

  /** The fields sent change, with `version` the one you opened; 409 with `current` when it is stale. */
  @Put(':caseid')
  @Answer('Saves the fields sent, against the version you opened', 'CaseForm', { errors: { 409: 'The case changed since you opened it (`current` holds it), or it is closed, archived or submitted' } })
  @ApiBody({ type: CaseFormDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('patientid', ParseIdPipe) patientId: string,
    @Param('caseid', ParseIdPipe) caseId: string,
    @Body() body: CaseFormDto,
  ) {
    return this.cases.update(user, patientId, caseId, body as CaseFormInput);
  }

  /** Runs the close-case check; 422 with the failing fields when it fails. */
  @Put(':caseid/close')
  @Answer('Closes the case after the close-case check', 'CaseStateAnswer', { errors: { 409: 'The case changed since you opened it, or it cannot be closed in its state', 422: 'The close-case check failed: `errors` lists each field with its label and section' } })
  close(
    @CurrentUser() user: AuthenticatedUser,
    @Param('patientid', ParseIdPipe) patientId: string,
    @Param('caseid', ParseIdPipe) caseId: string,
    @Body() body: CaseActionDto,
  ) {
    return this.cases.close(user, patientId, caseId, body ?? {});
  }

  @Put(':caseid/reopen')
  @Answer('Reopens a closed case that is not in a package', 'CaseStateAnswer', { errors: { 409: 'The case changed since you opened it, or it cannot be reopened in its state' } })
  reopen(
    @CurrentUser() user: AuthenticatedUser,
    @Param('patientid', ParseIdPipe) patientId: string,
    @Param('caseid', ParseIdPipe) caseId: string,
    @Body() body: CaseActionDto,
  ) {
    return this.cases.reopen(user, patientId, caseId, body ?? {});
  }

  @Put(':caseid/archive')
  @Answer('Archives the case: it leaves the lists and the counts', 'CaseStateAnswer', { errors: { 409: 'The case changed since you opened it, or it cannot be archived in its state' } })
  archive(
    @CurrentUser() user: AuthenticatedUser,
    @Param('patientid', ParseIdPipe) patientId: string,
    @Param('caseid', ParseIdPipe) caseId: string,
    @Body() body: CaseActionDto,
  ) {
    return this.cases.archive(user, patientId, caseId, body ?? {});
  }

  @Put(':caseid/unarchive')
  @Answer('Brings an archived case back', 'CaseStateAnswer', { errors: { 409: 'The case changed since you opened it, or it is not archived' } })
  unarchive(
    @CurrentUser() user: AuthenticatedUser,
    @Param('patientid', ParseIdPipe) patientId: string,
    @Param('caseid', ParseIdPipe) caseId: string,
    @Body() body: CaseActionDto,
  ) {
    return this.cases.unarchive(user, patientId, caseId, body ?? {});
  }

  /** Issue 30: a Submitted case reopened for amendment, with a reason; it becomes Amending. */
  @Put(':caseid/amend')
  @Answer('Reopens a submitted case for amendment, with a reason of a few words (else 400 naming reason); the case becomes Amending, still in its package', 'CaseStateAnswer', {
    errors: { 409: 'The case lifecycle does not allow it in the case\'s state (the rule is named), or the case changed' },
  })
  amend(
    @CurrentUser() user: AuthenticatedUser,
    @Param('patientid', ParseIdPipe) patientId: string,
    @Param('caseid', ParseIdPipe) caseId: string,
    @Body() body: CaseAmendDto,
  ) {
    return this.cases.amend(user, patientId, caseId, body ?? {});
  }

  /** Issue 30: a Submitted case withdrawn from its package, with a reason; Closed again, or archived. */
  @Put(':caseid/withdraw')
  @Answer('Withdraws a submitted case from its census package, with a reason (else 400 naming reason): the next version omits it; the case is Closed again, or archived when `archive` is true', 'CaseStateAnswer', {
    errors: { 409: 'The case lifecycle does not allow it in the case\'s state (the rule is named), or the case changed' },
  })
  withdraw(
    @CurrentUser() user: AuthenticatedUser,
    @Param('patientid', ParseIdPipe) patientId: string,
    @Param('caseid', ParseIdPipe) caseId: string,
    @Body() body: CaseWithdrawDto,
  ) {
    return this.cases.withdraw(user, patientId, caseId, body ?? {});
  }

  /** The case's history: its audit entries and its package's that concern it, oldest first, 100 a page. */
  @Get(':caseid/history')
  @Answer(
    "The case's history (who, when, what, the reason, old and new values), oldest first, 100 a page: its own audit entries, the queries on its fields, and its census package's builds and submissions of the versions that concern it",
    'AuditPage',
  )
  history(
    @Param('patientid', ParseIdPipe) patientId: string,
    @Param('caseid', ParseIdPipe) caseId: string,
    @Query() query: PageQueryDto,
  ) {
    return this.cases.history(patientId, caseId, query.offset);
  }
}
