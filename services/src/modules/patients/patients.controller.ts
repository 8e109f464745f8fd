import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_DOC, IdempotencyKey } from '../../common/validation/idempotency-key.decorator.js';
import { ParseIdPipe } from '../../common/validation/parse-id.pipe.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { AuditedRead, type ReadAudit } from '../audit/read-audit.js';
import { PatientListQueryDto } from './dto/list-query.dto.js';
import { PatientDto, PatientDuplicateQueryDto } from './dto/patient.dto.js';
import { PatientsService } from './patients.service.js';
import { Answer } from '../../openapi/answer.decorator.js';


@ApiTags('patients')
@ApiBearerAuth()
@Controller('patients')
export class PatientsController {
  constructor(private readonly patients: PatientsService) {}

  /**
   * `{ items, count, offset }`, 100 a page, ordered by last then first name. `search` matches each
   * word in the first, middle or last name; `tag` allPatients, openCase or admitted; `cases` all, ob
   * or gyne; `fromdate`/`todate` keep patients with a case admitted in that range.
   */
  @Get()
  @Answer('Patients, 100 a page, by last then first name, with the filters of the Patients screen', 'PatientPage')
  list(@Query() query: PatientListQueryDto, @AuditedRead() audit: ReadAudit | undefined) {
    return this.patients.list(query, audit);
  }

  /** `{ numOfPatients }` */
  @Get('all/count')
  @Answer('How many patients: { numOfPatients }', 'PatientCountsAnswer')
  countAll() {
    return this.patients.counts('all');
  }

  /** `{ numOfAdmittedPatients }`: patients with a case that has no discharge date. */
  @Get('admitted/count')
  @Answer('How many patients are admitted: { numOfAdmittedPatients }', 'PatientCountsAnswer')
  countAdmitted() {
    return this.patients.counts('admitted');
  }

  /** `{ numOfPatientWithOpenCase }` */
  @Get('opencase/count')
  @Answer('How many patients have an open case: { numOfPatientWithOpenCase }', 'PatientCountsAnswer')
  countWithOpenCase() {
    return this.patients.counts('opencase');
  }

  /** `{ numOfCases, numOfOpenCases }` (archived cases left out). */
  @Get('allcases/count')
  @Answer('How many cases, and how many open: { numOfCases, numOfOpenCases }', 'PatientCountsAnswer')
  countCases() {
    return this.patients.counts('allcases');
  }

  /**
   * `{ items }`: the existing patients with the same first and last name (case and spacing ignored)
   * and the same birth date, for the patient forms to offer before saving a new patient. Declared
   * before `:patientid` so the path is not read as an id.
   */
  @Get('duplicates')
  @Answer('The existing patients with the same names and birth date as the one about to be created', 'PatientDuplicates')
  duplicates(@Query() query: PatientDuplicateQueryDto) {
    return this.patients.duplicates(query);
  }

  @Get(':patientid')
  @Answer('One patient, with the histories', 'Patient')
  get(@Param('patientid', ParseIdPipe) patientId: string, @AuditedRead() audit: ReadAudit | undefined) {
    return this.patients.get(patientId, audit);
  }

  @Post()
  @Answer('Creates a patient; a replay with the same Idempotency-Key answers the patient the first one made', 'Patient', { status: 201, errors: { 409: 'The patient id is taken', 422: 'The Idempotency-Key was already used for a different request' } })
  @ApiHeader(IDEMPOTENCY_KEY_DOC)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() dto: PatientDto,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    return this.patients.create(user, dto, idempotencyKey);
  }

  @Put(':patientid')
  @Answer('Saves the fields sent, against the version you opened', 'Patient', { errors: { 409: 'The patient changed since you opened it (`current` holds it), or the patient id is taken' } })
  update(@CurrentUser() user: AuthenticatedUser, @Param('patientid', ParseIdPipe) patientId: string, @Body() dto: PatientDto) {
    return this.patients.update(user, patientId, dto);
  }
}
