import { setAuthNotice } from '../../lib/auth/auth-store.ts';

/**
 * What the visitor must know about their session ('Session expired. Please login again.', 'Backend authentication
 * failed'), as a small notice under the header until dismissed.
 */
export function AuthNoticeBanner({ message }: { message: string }) {
  return (
    <div
      role="alert"
      data-testid="auth-notice"
      className="fixed top-16 right-4 left-4 z-40 mx-auto flex max-w-md items-center gap-3 rounded-md border border-danger/40 bg-surface px-4 py-3 text-sm text-danger shadow-lg sm:left-auto"
    >
      <span className="min-w-0 flex-1 font-semibold">{message}</span>
      <button
        type="button"
        onClick={() => setAuthNotice(null)}
        className="rounded-md px-2 py-1 text-xs font-semibold tracking-wide text-muted uppercase hover:text-ink"
      >
        Dismiss
      </button>
    </div>
  );
}
