import type { ReactNode } from 'react';
import { Empty, Skeleton } from 'antd';

/** Placeholder rows while the first page of a list loads. */
export function ListSkeleton({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-live="polite" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} avatar active title={false} paragraph={{ rows: 2 }} style={{ padding: '12px 0' }} />
      ))}
    </div>
  );
}

/** A list with nothing to show: why, and what the user can do about it. */
export function ListEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="status" style={{ padding: '32px 0' }}>
      <Empty description={title}>{children}</Empty>
    </div>
  );
}
