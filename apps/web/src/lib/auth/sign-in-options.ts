import type { SignInOptions } from '@frontline/contract';

const SIGN_IN_UNAVAILABLE: SignInOptions = { available: false, googleClientId: null, demo: false };

/**
 * How a visitor can sign in here: the server writes it into index.html (meta `frontline:sign-in`, the same object
 * as GET /stats/app/info's `signIn`), so the header needs no request to know. Absent or unreadable: no sign-in.
 */
export function readSignInOptions(): SignInOptions {
  const content = document.querySelector('meta[name="frontline:sign-in"]')?.getAttribute('content');
  if (!content) return SIGN_IN_UNAVAILABLE;
  try {
    // The server writes it from the contract's schema; only its absence or damage needs handling.
    const value = JSON.parse(content) as SignInOptions | null;
    return value?.available === true ? value : SIGN_IN_UNAVAILABLE;
  } catch {
    return SIGN_IN_UNAVAILABLE;
  }
}
