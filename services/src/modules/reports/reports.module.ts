import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { CaseFactsModule } from '../case-facts/case-facts.module.js';
import { ReportExportService } from './report-export.service.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

/** The reports (SPEC.md §2 Reports, §7, §9) over the reporting projection case_facts. */
@Module({
  imports: [DatabaseModule, AuditModule, CaseFactsModule],
  controllers: [ReportsController],
  providers: [ReportsRepository, ReportsService, ReportExportService],
  exports: [ReportsService],
})
export class ReportsModule {}
