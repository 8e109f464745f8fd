import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto.js';
import { Trim } from '../../../common/validation/trim.decorator.js';

export class ListUsersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Matches first name, last name or user name (any case, any part)' })
  @IsOptional()
  @Trim()
  @IsString({ message: 'search must be text' })
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  search?: string;
}
