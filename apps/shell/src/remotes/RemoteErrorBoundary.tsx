import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteUnavailable } from './RemoteUnavailable';

interface Props {
  remote: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Catches what the fallback plugin cannot: a remote that loaded but throws while rendering, or
 * remotes.json itself failing. RemoteOutlet remounts it (new key) on every retry.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.remote} remote failed`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RemoteUnavailable /> : this.props.children;
  }
}
