import type { AuthUser } from '@frontline/contract';
import type { RefObject } from 'react';
import { AccountMenu } from './account-menu.tsx';
import { AuthNoticeBanner } from './auth-notice-banner.tsx';
import { DemoSignIn } from './demo-sign-in.tsx';
import { GoogleSignInPanel } from './google-sign-in-panel.tsx';

/** Which part of sign-in to show, with what it needs. */
export type LoginExtrasView =
  | { view: 'menu'; user: AuthUser | null; triggerRef: RefObject<HTMLElement | null>; onClose: () => void }
  | {
      view: 'google';
      clientId: string;
      triggerRef: RefObject<HTMLElement | null>;
      onClose: () => void;
      onSignedIn: () => void;
    }
  | { view: 'demo'; onClose: () => void; onSignedIn: () => void }
  | { view: 'notice'; message: string };

/**
 * Everything of sign-in that waits until a visitor uses it: the account menu, Google's sign-in, the demo's picker
 * and the session notice. One chunk behind one lazy component: each lazy import costs the page's first bundle
 * its loader, and that bundle is at its budget.
 */
export function LoginExtras(props: LoginExtrasView) {
  switch (props.view) {
    case 'menu':
      return <AccountMenu user={props.user} triggerRef={props.triggerRef} onClose={props.onClose} />;
    case 'google':
      return (
        <GoogleSignInPanel
          clientId={props.clientId}
          triggerRef={props.triggerRef}
          onClose={props.onClose}
          onSignedIn={props.onSignedIn}
        />
      );
    case 'demo':
      return <DemoSignIn onClose={props.onClose} onSignedIn={props.onSignedIn} />;
    case 'notice':
      return <AuthNoticeBanner message={props.message} />;
  }
}
