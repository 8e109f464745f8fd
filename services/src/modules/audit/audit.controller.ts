import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuditService } from './audit.service.js';
import { AuditQueryDto } from './dto/audit-query.dto.js';
import { Answer } from '../../openapi/answer.decorator.js';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  /** The audit log, newest first, filtered by entity, entity id and actor. */
  @Get()
  @Answer('The audit log, newest first, 100 a page, filtered by entity, record, actor, action and date', 'AuditPage')
  list(@Query() query: AuditQueryDto) {
    const { offset, ...filter } = query;
    return this.audit.list(filter, offset);
  }
}
