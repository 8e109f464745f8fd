import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { HubStandingController, NationalComparisonController, NationalController } from './national.controller.js';
import { NationalComparisonService } from './national-comparison.service.js';
import { NationalExportService } from './national-export.service.js';
import { NationalFiguresService } from './national-figures.service.js';
import { NationalIngestRepository } from './national-ingest.repository.js';
import { NationalIngestService } from './national-ingest.service.js';
import { NationalStandingService } from './national-standing.service.js';
import { NationalRepository } from './national.repository.js';

/** The national census at the society's hub (issue 29): the ingest of received packages, and the national figures. */
@Module({
  imports: [DatabaseModule],
  controllers: [NationalController, HubStandingController, NationalComparisonController],
  providers: [NationalIngestRepository, NationalIngestService, NationalRepository, NationalFiguresService, NationalExportService, NationalStandingService, NationalComparisonService],
  exports: [NationalIngestService],
})
export class NationalModule {}
