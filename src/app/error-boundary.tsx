import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorFallback } from './error-fallback';

interface BoundaryProps {
  children: ReactNode;
  /** The fallback is dropped when this changes: a new page gets a new chance to render. */
  resetKey?: string;
  /** Inside the site's layout the header stays, so the fallback is a section, not a page. */
  inLayout?: boolean;
}

/** Any error while rendering, a page chunk that fails to load included, shows the fallback. */
export class AppErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled error', error, info.componentStack);
  }

  componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  render(): ReactNode {
    return this.state.failed ? (
      <ErrorFallback inLayout={this.props.inLayout} />
    ) : (
      this.props.children
    );
  }
}

/**
 * A page that throws shows the fallback until the visitor goes elsewhere (a link, Back): every
 * navigation has a new location key, so the next page, or the same one again, renders afresh
 * rather than leaving the whole site on the error until a reload.
 */
export function RouteErrorBoundary({ children, inLayout }: Omit<BoundaryProps, 'resetKey'>) {
  const { key } = useLocation();
  return (
    <AppErrorBoundary resetKey={key} inLayout={inLayout}>
      {children}
    </AppErrorBoundary>
  );
}
