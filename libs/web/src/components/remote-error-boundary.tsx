import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from './error-panel.js';

export interface RemoteErrorBoundaryProps {
  children?: ReactNode;
  title?: string;
  /** Called before the children render again, e.g. to refetch what failed. */
  onRetry?: () => void;
}

interface State {
  error: Error | null;
}

/**
 * Keeps a failure inside the area that failed: the panel replaces only this subtree, and
 * Retry renders the children again.
 */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) {
      return (
        <ErrorPanel
          title={this.props.title ?? 'This screen stopped working.'}
          detail={this.state.error.message}
          onRetry={this.retry}
        />
      );
    }
    return this.props.children;
  }
}
