import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { AccessRefusalListener } from '../auth/access.guard.js';
import { AuditController } from './audit.controller.js';
import { AuditReadLog } from './audit-read-log.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

/** Import this to inject AuditService and call `record(tx, entry)` in the transaction of each change. */
@Module({
  imports: [DatabaseModule],
  controllers: [AuditController],
  providers: [
    AuditRepository,
    AuditService,
    AuditReadLog,
    { provide: AccessRefusalListener, useExisting: AuditReadLog },
  ],
  exports: [AuditService, AuditReadLog, AccessRefusalListener],
})
export class AuditModule {}
