import { Button, Result } from 'antd';

export interface ErrorPanelProps {
  title?: string;
  /** What went wrong, in words a user can pass on to support. */
  detail?: string;
  onRetry: () => void;
}

/** Shown in a module's area when it cannot load or has failed; the rest of the app keeps working. */
export function ErrorPanel({ title = 'This part of PNSS could not be loaded.', detail, onRetry }: ErrorPanelProps) {
  return (
    <div role="alert" aria-live="assertive">
      <Result
        status="warning"
        title={title}
        subTitle={detail}
        extra={
          <Button type="primary" onClick={onRetry}>
            Retry
          </Button>
        }
      />
    </div>
  );
}
