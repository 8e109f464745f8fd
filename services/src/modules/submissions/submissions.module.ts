import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { SocietyClient } from './society.client.js';
import { SubmissionsController } from './submissions.controller.js';
import { SubmissionsRepository } from './submissions.repository.js';
import { SubmissionsService } from './submissions.service.js';

/**
 * Closed-case review, approval and census packages: built, downloaded, rebuilt and submitted to the
 * society's hub (modules/hub, a feature of its own that meets this one only through the package
 * format and the hub protocol of @pnss/libs/submissions).
 */
@Module({
  imports: [DatabaseModule, AuditModule],
  controllers: [SubmissionsController],
  providers: [SubmissionsRepository, SubmissionsService, SocietyClient],
})
export class SubmissionsModule {}
