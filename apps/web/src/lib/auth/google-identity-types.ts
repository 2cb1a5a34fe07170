/**
 * The part of Google Identity Services (https://accounts.google.com/gsi/client) the site uses. The script puts
 * it on `window.google` once loaded; before that, and on a page that never signed in with Google, it is absent.
 */
export interface GoogleCredentialResponse {
  credential?: string;
}

export interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    ux_mode?: 'popup' | 'redirect';
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
  prompt(): void;
  disableAutoSelect(): void;
}

export interface WindowWithGoogle {
  google?: { accounts?: { id?: GoogleAccountsId } };
}

/** The loaded library, or undefined when the page has not loaded it. */
export function loadedGoogleAccountsId(): GoogleAccountsId | undefined {
  return (window as WindowWithGoogle).google?.accounts?.id;
}
