import { signInWithCredential } from './auth-session.ts';
import { setAuthActivity } from './auth-store.ts';
import { loadedGoogleAccountsId, type GoogleAccountsId } from './google-identity-types.ts';

/**
 * Sign-in with Google Identity Services (spec §4 "Identity provider credential success: the credential is sent to
 * the login call"; §8 "'Login failed. Please try again.' (alert when sign-in start throws)"; §9 "The identity
 * button click is triggered after 100 ms"). The library is Google's script, injected only when a visitor starts
 * signing in: nobody else downloads it.
 */

export const GOOGLE_IDENTITY_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
export const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.';
export const IDENTITY_BUTTON_CLICK_DELAY_MS = 100;

let scriptLoad: Promise<GoogleAccountsId> | null = null;

/** Injects Google's script once; a failed load may be retried by the next sign-in. */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const loaded = loadedGoogleAccountsId();
  if (loaded) return Promise.resolve(loaded);
  scriptLoad ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT_URL;
    script.async = true;
    script.addEventListener('load', () => {
      const id = loadedGoogleAccountsId();
      if (id) resolve(id);
      else reject(new Error('Google Identity Services loaded without google.accounts.id'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`Could not load ${GOOGLE_IDENTITY_SCRIPT_URL}`));
    });
    document.head.append(script);
  }).catch((error: unknown) => {
    scriptLoad = null;
    throw error;
  });
  return scriptLoad;
}

let initialisedFor: string | null = null;
// The latest sign-in's follow-up: Google calls back whenever the visitor finishes in its window, even after the
// panel that started it has closed.
let afterSignIn: () => void = () => {};
let starting: Promise<boolean> | null = null;

function handleCredential(credential: string | undefined): void {
  if (!credential) return;
  void signInWithCredential(credential).then((signedIn) => {
    if (signedIn) afterSignIn();
  });
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts a Google sign-in: loads the library, renders Google's button into `host` and presses it after 100 ms
 * (a visitor whose browser blocks that press can still press the button themselves). `onSignedIn` runs once the
 * credential has been accepted by the login call. Resolves false when the start failed (the visitor was alerted).
 * A second start while one is starting joins it.
 */
export function startGoogleSignIn(clientId: string, host: HTMLElement, onSignedIn: () => void): Promise<boolean> {
  afterSignIn = onSignedIn;
  starting ??= startOnce(clientId, host).finally(() => {
    starting = null;
  });
  return starting;
}

async function startOnce(clientId: string, host: HTMLElement): Promise<boolean> {
  setAuthActivity('signing-in');
  try {
    const id = await loadGoogleIdentity();
    if (initialisedFor !== clientId) {
      id.initialize({
        client_id: clientId,
        callback: (response) => handleCredential(response.credential),
        auto_select: false,
        cancel_on_tap_outside: true,
        ux_mode: 'popup',
      });
      initialisedFor = clientId;
    }
    id.renderButton(host, { type: 'standard', theme: 'outline', size: 'large', text: 'signin_with', width: 240 });
    await wait(IDENTITY_BUTTON_CLICK_DELAY_MS);
    const button = host.querySelector<HTMLElement>('[role="button"]');
    if (button) button.click();
    else id.prompt();
    return true;
  } catch (error) {
    console.error('Google sign-in could not start', error);
    window.alert(LOGIN_FAILED_MESSAGE);
    return false;
  } finally {
    setAuthActivity('idle');
  }
}
