import type { ReactNode } from 'react';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { describeError } from '@pnss/web';

/** Placeholder rows while the first page loads. */
export function ListSkeleton({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-live="polite" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} avatar active title={false} paragraph={{ rows: 2 }} style={{ padding: '12px 0' }} />
      ))}
    </div>
  );
}

export function ListEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="status" style={{ padding: '32px 0' }}>
      <Empty description={title}>{children}</Empty>
    </div>
  );
}

/** What failed, in the platform's words, and a way to try again. */
export function LoadError({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  const notice = describeError(error);
  // A 401 is already on its way to the login page, which says why.
  if (notice.sessionEnded) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      description={notice.message}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
      style={{ margin: '12px 0' }}
    />
  );
}
