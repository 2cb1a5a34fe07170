import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuthActivity, useAuthNotice, useAuthState } from '../../lib/auth/use-auth.ts';
import { readSignInOptions } from '../../lib/auth/sign-in-options.ts';
import type { LoginExtrasView } from './login-extras.tsx';

/**
 * The header's login button (spec: site-account-and-realtime §1). Part of every page's first bundle, so it is
 * only the button: the account menu, Google's sign-in and the demo picker are fetched when opened.
 */

const LoginExtras = lazy(async () => ({ default: (await import('./login-extras.tsx')).LoginExtras }));

function Extras(props: LoginExtrasView) {
  return (
    <Suspense fallback={null}>
      <LoginExtras {...props} />
    </Suspense>
  );
}

/** "The first letter of the user's name, else of the email, else 'U'." */
export function accountInitial(user: { name?: string; email?: string } | null): string {
  const [letter = 'U'] = user?.name?.trim() || user?.email?.trim() || 'U';
  return letter.toUpperCase();
}

const BUTTON =
  'inline-flex h-9 items-center rounded-md border border-line bg-raised px-3 text-sm font-semibold whitespace-nowrap text-ink hover:border-accent hover:text-accent disabled:cursor-wait disabled:opacity-70';

/** 'Sign in' on a phone, where the header has no room for more; the button's name stays the whole label. */
function ShortOnPhones({ long }: { long: string }) {
  return (
    <>
      <span className="sm:hidden">Sign in</span>
      <span className="hidden sm:inline">{long}</span>
    </>
  );
}

export function LoginButton() {
  const [options] = useState(readSignInOptions);
  const { isAuthenticated, user } = useAuthState();
  const busy = useAuthActivity() === 'signing-in';
  const [open, setOpen] = useState<'menu' | 'google' | 'demo' | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const onClose = () => setOpen(null);
  // Spec §2: "After a successful sign-in the user goes to /dashboard."
  const onSignedIn = () => {
    setOpen(null);
    void navigate('/dashboard');
  };

  if (isAuthenticated) {
    return (
      <div className="relative">
        <button
          ref={triggerRef}
          type="button"
          data-testid="account-button"
          aria-label="Account"
          aria-expanded={open === 'menu'}
          title={user?.email}
          onClick={() => setOpen(open === 'menu' ? null : 'menu')}
          className="size-9 rounded-full bg-accent font-display font-bold text-accent-ink hover:brightness-110"
        >
          {accountInitial(user)}
        </button>
        {open === 'menu' && <Extras view="menu" user={user} triggerRef={triggerRef} onClose={onClose} />}
      </div>
    );
  }

  if (!options.available) return null;
  const { googleClientId } = options;
  return (
    <div className="relative flex gap-2">
      {googleClientId && (
        <button
          ref={triggerRef}
          type="button"
          data-testid="google-sign-in"
          disabled={busy}
          aria-label={busy ? undefined : 'Sign in with Google'}
          onClick={() => setOpen('google')}
          className={BUTTON}
        >
          {busy ? 'Signing in...' : <ShortOnPhones long="Sign in with Google" />}
        </button>
      )}
      {options.demo && (
        <button
          type="button"
          data-testid="demo-sign-in"
          aria-label="Sign in (demo)"
          onClick={() => setOpen('demo')}
          className={BUTTON}
        >
          <ShortOnPhones long="Sign in (demo)" />
        </button>
      )}
      {open === 'google' && googleClientId && (
        <Extras
          view="google"
          clientId={googleClientId}
          triggerRef={triggerRef}
          onClose={onClose}
          onSignedIn={onSignedIn}
        />
      )}
      {open === 'demo' && <Extras view="demo" onClose={onClose} onSignedIn={onSignedIn} />}
    </div>
  );
}

/** The session's notice; only the session code (itself lazy) sets one, so its banner is fetched with it. */
export function AuthNotice() {
  const notice = useAuthNotice();
  return notice && <Extras view="notice" message={notice} />;
}
