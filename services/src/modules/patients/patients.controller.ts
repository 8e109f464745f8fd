import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ParseIdPipe } from '../../common/validation/parse-id.pipe.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { PatientListQueryDto } from './dto/list-query.dto.js';
import { PatientDto, PatientDuplicateQueryDto } from './dto/patient.dto.js';
import { PatientsService } from './patients.service.js';


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
  list(@Query() query: PatientListQueryDto) {
    return this.patients.list(query);
  }

  /** `{ numOfPatients }` */
  @Get('all/count')
  countAll() {
    return this.patients.counts('all');
  }

  /** `{ numOfAdmittedPatients }`: patients with a case that has no discharge date. */
  @Get('admitted/count')
  countAdmitted() {
    return this.patients.counts('admitted');
  }

  /** `{ numOfPatientWithOpenCase }` */
  @Get('opencase/count')
  countWithOpenCase() {
    return this.patients.counts('opencase');
  }

  /** `{ numOfCases, numOfOpenCases }` (archived cases left out). */
  @Get('allcases/count')
  countCases() {
    return this.patients.counts('allcases');
  }

  /**
   * `{ items }`: the existing patients with the same first and last name (case and spacing ignored)
   * and the same birth date, for the patient forms to offer before saving a new patient. Declared
   * before `:patientid` so the path is not read as an id.
   */
  @Get('duplicates')
  @ApiOkResponse({ description: 'The patients who may be the one about to be created: { items: PatientListItem[] }' })
  duplicates(@Query() query: PatientDuplicateQueryDto) {
    return this.patients.duplicates(query);
  }

  @Get(':patientid')
  get(@Param('patientid', ParseIdPipe) patientId: string) {
    return this.patients.get(patientId);
  }

  @Post()
  create(@CurrentUser() user: AuthenticatedUser, @Body() dto: PatientDto) {
    return this.patients.create(user, dto);
  }

  @Put(':patientid')
  update(@CurrentUser() user: AuthenticatedUser, @Param('patientid', ParseIdPipe) patientId: string, @Body() dto: PatientDto) {
    return this.patients.update(user, patientId, dto);
  }
}
