import { PAGE_SIZE } from '@pnss/libs/api';
import { pageIndexPagination } from './page-index-pagination.js';

describe('pageIndexPagination: the API pages from 0, 100 rows a page; the table numbers pages from 1', () => {
  it('shows page index 2 as page 3 of the whole count, and hides itself on a single page', () => {
    const pagination = pageIndexPagination(2, 450, () => undefined);
    expect(pagination).toMatchObject({ current: 3, pageSize: PAGE_SIZE, total: 450, hideOnSinglePage: true, showSizeChanger: false });
  });

  it('asks for the page index of the page chosen, and counts nothing before the count is known', () => {
    const onOffset = jest.fn();
    const pagination = pageIndexPagination(0, undefined, onOffset);
    pagination.onChange?.(4, PAGE_SIZE);
    expect(onOffset).toHaveBeenCalledWith(3);
    expect(pagination.total).toBe(0);
  });
});
