import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { PAGE_SIZE, type Paged } from '@pnss/libs/api';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/**
 * A page index from 0 in a query, its messages naming the parameter. Listed in the order stacked
 * decorators are applied (bottom up), so the messages keep their order.
 */
export const PageIndexParam = (name: string) =>
  applyDecorators(
    Max(1_000_000, { message: `${name} is too large` }),
    Min(0, { message: `${name} must be 0 or more` }),
    IsInt({ message: `${name} must be a whole number` }),
    Type(() => Number),
    IsOptional(),
    ApiPropertyOptional({ minimum: 0, default: 0, description: `Page index; ${PAGE_SIZE} rows a page` }),
  );

/** `?offset=` is a page index from 0 (SPEC.md §4): page n holds rows n*100 to n*100+99. */
export class PageQueryDto {
  @PageIndexParam('offset')
  offset?: number;
}

/** SQL LIMIT and OFFSET for a page index. */
export function pageWindow(offset: number | undefined): { page: number; limit: number; skip: number } {
  const page = offset ?? 0;
  return { page, limit: PAGE_SIZE, skip: page * PAGE_SIZE };
}

/** A page of a list as the API answers it: the page's rows mapped to items, the whole count, the page index. */
export async function pagedList<Row, Item>(
  offset: number | undefined,
  fetchPage: (limit: number, skip: number) => Promise<{ rows: Row[]; count: number }>,
  toItem: (row: Row) => Item,
): Promise<Paged<Item>> {
  const { page, limit, skip } = pageWindow(offset);
  const { rows, count } = await fetchPage(limit, skip);
  return { items: rows.map(toItem), count, offset: page };
}
