import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { CaseFactsModule } from '../case-facts/case-facts.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { PatientsModule } from '../patients/patients.module.js';
import { CaseInfoController } from './case-info.controller.js';
import { CaseInfoService } from './case-info.service.js';
import { CaseAmendmentsRepository } from './case-amendments.repository.js';
import { CasesRepository } from './cases.repository.js';
import { CasesService } from './cases.service.js';
import { PatientCasesController } from './patient-cases.controller.js';
import { WorklistsController } from './worklists.controller.js';
import { WorklistsRepository } from './worklists.repository.js';
import { WorklistsService } from './worklists.service.js';

/** Case forms, their lifecycle, the cases list, the case-information screen and the worklists (issue 31). */
@Module({
  imports: [DatabaseModule, AuditModule, PatientsModule, CaseFactsModule, IdempotencyModule],
  controllers: [PatientCasesController, CaseInfoController, WorklistsController],
  providers: [CasesRepository, CaseAmendmentsRepository, CasesService, CaseInfoService, WorklistsRepository, WorklistsService],
  exports: [CasesService],
})
export class CasesModule {}
