import type { ReactNode } from 'react';
import { Spin } from 'antd';
import { ErrorPanel, useGetCategoriesQuery } from '@pnss/web';

export const PREPARING_WORKSPACE_MESSAGE = "I'm preparing your workspace. Hang tight!";

/** SPEC.md §1: the reference data loads after sign-in, and the screens wait for it. */
export function WorkspaceGate({ children }: { children: ReactNode }) {
  const { isLoading, isError, refetch } = useGetCategoriesQuery();
  if (isLoading) {
    return (
      <div className="pnss-workspace-loading" role="status" aria-live="polite">
        <Spin size="large" />
        <p>{PREPARING_WORKSPACE_MESSAGE}</p>
      </div>
    );
  }
  if (isError) {
    return <ErrorPanel title="The reference lists could not be loaded." onRetry={() => void refetch()} />;
  }
  return <>{children}</>;
}
