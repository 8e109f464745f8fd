import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { RequirePermissions } from '../auth/decorators/access.decorator.js';
import { AuditService } from './audit.service.js';
import { AuditQueryDto } from './dto/audit-query.dto.js';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  /** The audit log, newest first, filtered by entity, entity id and actor. */
  @Get()
  @RequirePermissions(PERMISSIONS.VIEW_AUDIT)
  list(@Query() query: AuditQueryDto) {
    const { offset, ...filter } = query;
    return this.audit.list(filter, offset);
  }
}
