import { ApiPropertyOptional } from '@nestjs/swagger';
import { PAGE_SIZE } from '@pnss/libs/api';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `?offset=` is a page index from 0 (SPEC.md §4): page n holds rows n*100 to n*100+99. */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 0, default: 0, description: `Page index; ${PAGE_SIZE} rows a page` })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'offset must be a whole number' })
  @Min(0, { message: 'offset must be 0 or more' })
  @Max(1_000_000, { message: 'offset is too large' })
  offset?: number;
}

/** SQL LIMIT and OFFSET for a page index. */
export function pageWindow(offset: number | undefined): { page: number; limit: number; skip: number } {
  const page = offset ?? 0;
  return { page, limit: PAGE_SIZE, skip: page * PAGE_SIZE };
}
