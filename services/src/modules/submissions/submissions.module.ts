import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { QualityModule } from '../quality/quality.module.js';
import { CensusPackagesService } from './census-packages.service.js';
import { PackageBuildJob } from './package-build.job.js';
import { PackageStore } from './package-store.js';
import { ReviewService } from './review.service.js';
import { SocietyClient } from './society.client.js';
import { SubmissionsController } from './submissions.controller.js';
import { SubmissionsRepository } from './submissions.repository.js';

/**
 * Closed-case review, approval and census packages: built, downloaded, rebuilt and submitted to the
 * society's hub (modules/hub, a feature of its own that meets this one only through the package
 * format and the hub protocol of @pnss/libs/submissions).
 */
@Module({
  imports: [DatabaseModule, AuditModule, QualityModule],
  controllers: [SubmissionsController],
  providers: [SubmissionsRepository, ReviewService, CensusPackagesService, PackageBuildJob, PackageStore, SocietyClient],
})
export class SubmissionsModule {}
