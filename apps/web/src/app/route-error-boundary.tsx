import { Component, type ReactNode } from 'react';
import { isStaleChunkError, mayReloadForStaleChunk, noteStaleChunkReload } from './stale-chunk.ts';

interface Props {
  children: ReactNode;
  /** The page's path: leaving the page that failed clears the error, as a site of separate pages would. */
  path: string;
  reloadPage?: () => void;
}

interface State {
  /** What the page threw (anything may be thrown, undefined included). */
  failure?: { error: unknown };
  /** A stale chunk that reloads the page: nothing is drawn meanwhile. */
  reloading?: boolean;
}

/**
 * Catches what a page throws while rendering, so that the shell around it (header, navigation) keeps working: a
 * stale chunk after a deploy reloads the page once; any other error shows a message with Try Again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { failure: { error }, reloading: isStaleChunkError(error) && mayReloadForStaleChunk() };
  }

  override componentDidCatch() {
    if (!this.state.reloading) return;
    noteStaleChunkReload();
    this.reload();
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failure && previous.path !== this.props.path) this.setState({ failure: undefined });
  }

  private reload = () => (this.props.reloadPage ?? (() => window.location.reload()))();

  override render() {
    const { failure, reloading } = this.state;
    if (!failure) return this.props.children;
    if (reloading) return null;
    // A failed import() stays failed for this page load (React keeps the rejected promise): only a reload fetches it.
    const retry = isStaleChunkError(failure.error) ? this.reload : () => this.setState({ failure: undefined });
    return (
      <section role="alert" className="mx-auto mt-6 max-w-xl rounded-xl border border-line bg-surface p-8 text-center">
        <h1 className="heading-display text-2xl text-ink">This page could not be shown</h1>
        <p className="mt-3 text-sm text-muted">Something went wrong here; the rest of the site still works.</p>
        <button
          type="button"
          onClick={retry}
          className="mt-6 rounded-md bg-accent px-4 py-2 text-sm font-semibold text-accent-ink"
        >
          Try Again
        </button>
      </section>
    );
  }
}
