import { Button, Result } from 'antd';
import { describeError } from '@pnss/web';

interface LoadErrorProps {
  error: unknown;
  title: string;
  onRetry: () => void;
}

/** A list or form that could not be read: what the server said, and a way to try again. */
export function LoadError({ error, title, onRetry }: LoadErrorProps) {
  const notice = describeError(error);
  return (
    <div role="alert">
      <Result
        status={notice.status === 403 ? '403' : 'warning'}
        title={title}
        subTitle={notice.message ?? undefined}
        extra={
          <Button onClick={onRetry} type="primary">
            Retry
          </Button>
        }
      />
    </div>
  );
}
