import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { QualityController, QueriesController } from './quality.controller.js';
import { QualityRepository } from './quality.repository.js';
import { QualityService } from './quality.service.js';
import { QueriesService } from './queries.service.js';

/**
 * Data quality (issue 31): the Data Quality view (sums of the reviews the reporting projection stores
 * with every case write, modules/case-facts) and the queries on a field of a case. Submissions imports
 * it for the approval rule (no case with an open query is approved).
 */
@Module({
  imports: [DatabaseModule, AuditModule],
  controllers: [QualityController, QueriesController],
  providers: [QualityRepository, QualityService, QueriesService],
  exports: [QualityService],
})
export class QualityModule {}
