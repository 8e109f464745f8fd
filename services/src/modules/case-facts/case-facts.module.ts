import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { CaseFactsBackfill } from './case-facts.repository.js';
import { CaseFactsService } from './case-facts.service.js';

/**
 * The reporting projection of the cases (ARCHITECTURE.md "Reports"): its writer, which the cases
 * feature calls in every case write, and its start-up backfill (projections missing or written by an
 * older derivation, and the rollup). Cases and reports both import this one module.
 */
@Module({
  imports: [DatabaseModule],
  providers: [CaseFactsService, CaseFactsBackfill],
  exports: [CaseFactsService],
})
export class CaseFactsModule {}
