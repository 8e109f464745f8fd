import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { PatientDuplicatesRepository } from './patient-duplicates.repository.js';
import { PatientsController } from './patients.controller.js';
import { PatientsRepository } from './patients.repository.js';
import { PatientsService } from './patients.service.js';

/** Patients (SPEC.md §7): the list, the counts, and the patient record. The cases module builds on PatientsService. */
@Module({
  imports: [DatabaseModule, AuditModule, IdempotencyModule],
  controllers: [PatientsController],
  providers: [PatientsRepository, PatientDuplicatesRepository, PatientsService],
  exports: [PatientsService],
})
export class PatientsModule {}
