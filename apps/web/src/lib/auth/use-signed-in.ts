import { useSyncExternalStore } from 'react';
import { hasValidStoredToken } from './auth-storage.ts';

function subscribe(onChange: () => void): () => void {
  // Another tab signing in or out changes the stored token.
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** Whether this browser holds a valid sign-in (until the sign-in issue adds the full auth state). */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasValidStoredToken(),
    () => false,
  );
}
