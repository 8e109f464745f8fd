import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { HubModule } from '../hub/hub.module.js';
import { SocietyClient } from './society.client.js';
import { SubmissionsController } from './submissions.controller.js';
import { SubmissionsRepository } from './submissions.repository.js';
import { SubmissionsService } from './submissions.service.js';

/**
 * Closed-case review, approval and census packages: built, downloaded, rebuilt and submitted; with
 * the society's hub that receives them (one server runs both sides, the hub only when HUB_ENABLED).
 */
@Module({
  imports: [DatabaseModule, AuditModule, HubModule],
  controllers: [SubmissionsController],
  providers: [SubmissionsRepository, SubmissionsService, SocietyClient],
})
export class SubmissionsModule {}
