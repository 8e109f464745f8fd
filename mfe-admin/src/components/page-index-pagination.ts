import { PAGE_SIZE } from '@pnss/libs/api';
import type { TablePaginationConfig } from 'antd';

/**
 * A table's pagination over an API list answered a page at a time (`offset` a page index from 0,
 * PAGE_SIZE rows a page, SPEC.md §4), shown only when there is more than one page.
 */
export function pageIndexPagination(offset: number, count: number | undefined, onOffset: (offset: number) => void): TablePaginationConfig {
  return {
    current: offset + 1,
    pageSize: PAGE_SIZE,
    total: count ?? 0,
    hideOnSinglePage: true,
    showSizeChanger: false,
    onChange: (pageNumber) => onOffset(pageNumber - 1),
  };
}
