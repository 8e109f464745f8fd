import { screen } from '@testing-library/react';
import { InfiniteList, type InfiniteListQuery } from './infinite-list.js';
import { renderWithProviders } from '../testing/render-with-providers.js';

interface Row {
  id: string;
  name: string;
}

function queryOf(pages: Array<{ items: Row[]; count: number }> | undefined, overrides: Partial<InfiniteListQuery<Row>> = {}): InfiniteListQuery<Row> {
  return {
    currentData: pages ? { pages } : undefined,
    isError: false,
    isFetching: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    refetch: jest.fn(),
    fetchNextPage: jest.fn(),
    ...overrides,
  };
}

function renderList(query: InfiniteListQuery<Row>) {
  return renderWithProviders(
    <InfiniteList
      query={query}
      label="Patients"
      noun="patients"
      itemKey={(row) => row.id}
      renderItem={(row) => <li>{row.name}</li>}
      emptyTitle="No patients yet."
      emptyHint="Click Add to register the first patient."
    />,
  );
}

const rows = (from: number, to: number): Row[] => Array.from({ length: to - from }, (_, i) => ({ id: `p${from + i}`, name: `Patient ${from + i}` }));

describe('InfiniteList', () => {
  it('shows placeholder rows while the first page loads', () => {
    renderList(queryOf(undefined, { isFetching: true }));
    expect(screen.getByRole('status', { name: 'Loading patients' })).toBeInTheDocument();
  });

  it('shows every loaded page as one list and says how many of the total are shown', () => {
    renderList(queryOf([{ items: rows(0, 2), count: 5 }, { items: rows(2, 4), count: 5 }], { hasNextPage: true }));
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('Showing 4 of 5 patients')).toBeInTheDocument();
  });

  it('loads the next page when Load more is pressed, and says when all are shown', async () => {
    const query = queryOf([{ items: rows(0, 2), count: 3 }], { hasNextPage: true });
    const { user, rerender } = renderList(query);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
    rerender(
      <InfiniteList
        query={queryOf([{ items: rows(0, 2), count: 3 }, { items: rows(2, 3), count: 3 }])}
        label="Patients"
        noun="patients"
        itemKey={(row) => row.id}
        renderItem={(row) => <li>{row.name}</li>}
        emptyTitle="No patients yet."
      />,
    );
    expect(screen.getByText('All 3 patients shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says the list is empty, with what to do about it', () => {
    renderList(queryOf([{ items: [], count: 0 }]));
    expect(screen.getByText('No patients yet.')).toBeInTheDocument();
    expect(screen.getByText('Click Add to register the first patient.')).toBeInTheDocument();
  });

  it("shows the server's message when the first page fails, and Retry asks again", async () => {
    const error = { status: 500, data: { statusCode: 500, message: 'Database unavailable' } };
    const query = queryOf(undefined, { isError: true, error });
    const { user } = renderList(query);
    expect(screen.getByRole('alert')).toHaveTextContent('The patients could not be loaded.');
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the loaded rows when a later page fails, and Retry asks for that page again', async () => {
    const query = queryOf([{ items: rows(0, 2), count: 4 }], {
      hasNextPage: true,
      isError: true,
      isFetchNextPageError: true,
      error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
    });
    const { user } = renderList(query);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('More patients could not be loaded.');
    expect(screen.getByRole('alert')).toHaveTextContent('Error communicating with server: TypeError: Failed to fetch');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(query.fetchNextPage).toHaveBeenCalled();
  });
});
