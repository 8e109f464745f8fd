import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto.js';

export class AuditQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "Entity kind, e.g. 'user', 'role', 'session'" })
  @IsOptional()
  @IsString({ message: 'entity must be text' })
  @MaxLength(64, { message: 'entity is too long' })
  entity?: string;

  @ApiPropertyOptional({ description: 'The id of one record of that entity' })
  @IsOptional()
  @IsString({ message: 'entityId must be text' })
  @MaxLength(200, { message: 'entityId is too long' })
  entityId?: string;

  @ApiPropertyOptional({ description: 'Who acted: a user id or a user name' })
  @IsOptional()
  @IsString({ message: 'actor must be text' })
  @MaxLength(200, { message: 'actor is too long' })
  actor?: string;

  @ApiPropertyOptional({
    description: "What happened, e.g. 'read' or 'read_list' (patient data read), 'access_denied' (403), 'access_unauthenticated' (401), 'update'",
  })
  @IsOptional()
  @IsString({ message: 'action must be text' })
  @MaxLength(64, { message: 'action is too long' })
  action?: string;
}
