import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuditService } from './audit.service.js';
import { AuditQueryDto } from './dto/audit-query.dto.js';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  /** The audit log, newest first, filtered by entity, entity id and actor. */
  @Get()
  list(@Query() query: AuditQueryDto) {
    const { offset, ...filter } = query;
    return this.audit.list(filter, offset);
  }
}
