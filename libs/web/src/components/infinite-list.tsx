import { Fragment, type ReactNode } from 'react';
import { InfiniteFooter } from './infinite-footer.js';
import { ListEmpty, ListSkeleton } from './list-states.js';
import { LoadError } from './load-error.js';

/** One page of a paged list as the services answer it (`{ items, count, offset }`). */
export interface ListPage<T> {
  items: T[];
  count: number;
}

/** The parts of an RTK Query infinite query result the list reads. */
export interface InfiniteListQuery<T> {
  currentData?: { pages: ReadonlyArray<ListPage<T>> };
  error?: unknown;
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

export interface InfiniteListProps<T> {
  /** The result of a `use…InfiniteQuery` hook whose pages are `{ items, count }`. */
  query: InfiniteListQuery<T>;
  /** The list's accessible name, e.g. 'Patients'. */
  label: string;
  /** What the items are called in the list's messages, e.g. 'patients'. */
  noun: string;
  /** Draws one item as an `<li>`. */
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string;
  /** Shown when the first page is empty, e.g. 'No patients match these filters.' */
  emptyTitle: string;
  /** What the user can do about an empty list, under the title. */
  emptyHint?: ReactNode;
  /** The module's class for the `<ul>`, for its row styles. */
  className?: string;
}

/** Every item of the pages loaded so far, and the list's total as the first page counted it. */
export function listItems<T>(query: Pick<InfiniteListQuery<T>, 'currentData'>): { items: T[]; count: number | undefined } {
  const pages = query.currentData?.pages;
  return { items: pages?.flatMap((page) => page.items) ?? [], count: pages?.[0]?.count };
}

/**
 * A paged list that loads its next page of 100 as its end comes into view (SPEC.md §2), with its
 * states: skeleton rows while the first page loads, the empty message, the load error with Retry,
 * and a footer saying how many of the total are shown.
 */
export function InfiniteList<T>({ query, label, noun, renderItem, itemKey, emptyTitle, emptyHint, className }: InfiniteListProps<T>) {
  const pages = query.currentData?.pages;
  const { items, count } = listItems(query);
  if (query.isError && !pages) {
    return <LoadError error={query.error} title={`The ${noun} could not be loaded.`} onRetry={() => void query.refetch()} />;
  }
  if (!pages) return <ListSkeleton label={`Loading ${noun}`} />;
  if (items.length === 0) return <ListEmpty title={emptyTitle}>{emptyHint}</ListEmpty>;
  return (
    <>
      <ul className={className} style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={label} aria-busy={query.isFetching}>
        {items.map((item) => (
          <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
        ))}
      </ul>
      {query.isFetchNextPageError ? (
        <LoadError error={query.error} title={`More ${noun} could not be loaded.`} onRetry={() => void query.fetchNextPage()} />
      ) : null}
      <InfiniteFooter
        loaded={items.length}
        total={count ?? items.length}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        failed={query.isFetchNextPageError}
        onLoadMore={() => void query.fetchNextPage()}
        noun={noun}
      />
    </>
  );
}
