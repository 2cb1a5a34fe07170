import { useEffect, useRef, type RefObject } from 'react';
import { startGoogleSignIn } from '../../lib/auth/google-sign-in.ts';
import { useDismiss } from '../../lib/use-dismiss.ts';

/**
 * The dropdown of 'Sign in with Google': Google's own button, which the site presses for the visitor (spec §9),
 * so Google's account chooser opens; if the browser does not let that press through, the visitor presses it.
 */
export function GoogleSignInPanel({
  clientId,
  triggerRef,
  onClose,
  onSignedIn,
}: {
  clientId: string;
  triggerRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  onSignedIn: () => void;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  useDismiss(panelRef, true, onClose, triggerRef);

  // Started once per opening; the callbacks of the first render are the ones Google will call back.
  const callbacks = useRef({ onClose, onSignedIn });
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    void startGoogleSignIn(clientId, host, () => callbacks.current.onSignedIn()).then((started) => {
      if (!started) callbacks.current.onClose();
    });
  }, [clientId]);

  return (
    <div
      ref={panelRef}
      data-testid="google-sign-in-panel"
      className="absolute top-full right-0 z-30 mt-2 w-72 rounded-md border border-line bg-raised p-3 shadow-lg shadow-black/25"
    >
      <p className="mb-3 text-xs text-muted">
        Choose your Google account in the window that opens. If none opens, use Google&apos;s button:
      </p>
      <div ref={hostRef} className="flex min-h-10 justify-center" />
    </div>
  );
}
