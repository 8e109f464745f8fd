import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { ParseIdPipe } from '../../common/validation/parse-id.pipe.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { RequirePermissions } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { PatientListQueryDto } from './dto/list-query.dto.js';
import { PatientDto } from './dto/patient.dto.js';
import { PatientsService } from './patients.service.js';

const P = PERMISSIONS;

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
  @RequirePermissions(P.GET_PATIENTS)
  list(@Query() query: PatientListQueryDto) {
    return this.patients.list(query);
  }

  /** `{ numOfPatients }` */
  @Get('all/count')
  @RequirePermissions(P.GET_PATIENTS)
  countAll() {
    return this.patients.counts('all');
  }

  /** `{ numOfAdmittedPatients }`: patients with a case that has no discharge date. */
  @Get('admitted/count')
  @RequirePermissions(P.GET_PATIENTS)
  countAdmitted() {
    return this.patients.counts('admitted');
  }

  /** `{ numOfPatientWithOpenCase }` */
  @Get('opencase/count')
  @RequirePermissions(P.GET_PATIENTS)
  countWithOpenCase() {
    return this.patients.counts('opencase');
  }

  /** `{ numOfCases, numOfOpenCases }` (archived cases left out). */
  @Get('allcases/count')
  @RequirePermissions(P.GET_PATIENTS)
  countCases() {
    return this.patients.counts('allcases');
  }

  @Get(':patientid')
  @RequirePermissions(P.FIND_PATIENT)
  get(@Param('patientid', ParseIdPipe) patientId: string) {
    return this.patients.get(patientId);
  }

  @Post()
  @RequirePermissions(P.SAVE_PATIENT)
  create(@CurrentUser() user: AuthenticatedUser, @Body() dto: PatientDto) {
    return this.patients.create(user, dto);
  }

  @Put(':patientid')
  @RequirePermissions(P.UPDATE_PATIENT)
  update(@CurrentUser() user: AuthenticatedUser, @Param('patientid', ParseIdPipe) patientId: string, @Body() dto: PatientDto) {
    return this.patients.update(user, patientId, dto);
  }
}
