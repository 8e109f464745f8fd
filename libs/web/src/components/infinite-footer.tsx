import { useEffect, useRef } from 'react';
import { Button, Spin, Typography } from 'antd';

interface InfiniteFooterProps {
  loaded: number;
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last page failed: stop loading by scrolling until the user asks again. */
  failed: boolean;
  onLoadMore: () => void;
  noun: string;
}

/**
 * Infinite scroll (SPEC.md §2): the next page of 100 loads when the end of the list comes into
 * view. The Load more button does the same for keyboards, screen readers and browsers without
 * IntersectionObserver.
 */
export function InfiniteFooter({ loaded, total, hasNextPage, isFetchingNextPage, failed, onLoadMore, noun }: InfiniteFooterProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasNextPage, isFetchingNextPage, failed, onLoadMore });
  useEffect(() => {
    latest.current = { hasNextPage, isFetchingNextPage, failed, onLoadMore };
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const state = latest.current;
        if (entries.some((entry) => entry.isIntersecting) && state.hasNextPage && !state.isFetchingNextPage && !state.failed) {
          state.onLoadMore();
        }
      },
      // Start loading a little before the end is reached, so scrolling rarely waits.
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={sentinel} style={{ padding: '16px 0', textAlign: 'center' }}>
      {isFetchingNextPage ? (
        <Spin size="small" description={`Loading more ${noun}…`} />
      ) : hasNextPage ? (
        <Button onClick={onLoadMore}>Load more</Button>
      ) : null}
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }} aria-live="polite">
        {hasNextPage ? `Showing ${loaded} of ${total} ${noun}` : `All ${total} ${noun} shown`}
      </Typography.Paragraph>
    </div>
  );
}
