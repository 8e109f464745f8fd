import { Alert, Button } from 'antd';
import { describeError } from '../errors/describe-error.js';

export interface LoadErrorProps {
  error: unknown;
  /** What could not be loaded, e.g. 'The patients could not be loaded.' */
  title: string;
  onRetry: () => void;
}

/**
 * A list, page or form whose data could not be read: what the server said, and Retry. A 401
 * draws nothing: the API base has already sent the user to the login page, which says why.
 */
export function LoadError({ error, title, onRetry }: LoadErrorProps) {
  const notice = describeError(error);
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
