import type { DemoUser, DemoUsersResponse } from '@frontline/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiGet, apiRequest } from '../../lib/api-client.ts';
import { signInWithCredential } from '../../lib/auth/auth-session.ts';
import { displayPlayerName } from '../../lib/player-name.ts';
import { ErrorBox } from '../error-box.tsx';
import { Modal } from '../modal.tsx';
import { LoadingBlock, Spinner } from '../spinner.tsx';

const DEMO_SIGN_IN_FAILED = 'Sign-in failed. Please try again.';

/**
 * The demo's sign-in (only when the site says `signIn.demo`): a few ready-made people of the simulated world. The
 * chosen one's ID token comes from the demo's identity provider (POST /stats/auth/demo/id-token) and is sent to
 * the login call exactly as a Google credential would be.
 */
export function DemoSignIn({ onClose, onSignedIn }: { onClose: () => void; onSignedIn: () => void }) {
  const users = useQuery({
    queryKey: ['auth', 'demo-users'],
    queryFn: ({ signal }) => apiGet<DemoUsersResponse>('/auth/demo/users', { signal }),
  });
  const [choosing, setChoosing] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  async function choose(user: DemoUser) {
    setChoosing(user.email);
    setFailed(false);
    try {
      const { idToken } = await apiRequest<{ idToken: string }>('/auth/demo/id-token', {
        method: 'POST',
        body: { email: user.email },
      });
      if (await signInWithCredential(idToken)) {
        onSignedIn();
        return;
      }
      setFailed(true);
    } catch (error) {
      console.error(DEMO_SIGN_IN_FAILED, error);
      setFailed(true);
    }
    setChoosing(null);
  }

  return (
    <Modal open onClose={onClose} title="Sign in (demo)" size="md" dismissible={choosing === null}>
      <div data-testid="demo-sign-in-modal">
        <p className="mb-4 text-sm text-muted">
          This demo has its own sign-in: choose someone and you are signed in as them, with their player names and squad
          already linked.
        </p>
        {failed && <ErrorBox className="mb-3" message={DEMO_SIGN_IN_FAILED} />}
        {users.isPending && <LoadingBlock label="Loading demo users..." />}
        {users.isError && <ErrorBox message="Failed to load the demo users." onRetry={() => void users.refetch()} />}
        {users.data && (
          <ul className="grid gap-2">
            {users.data.users.map((user) => (
              <li key={user.email}>
                <button
                  type="button"
                  data-testid="demo-user"
                  disabled={choosing !== null}
                  onClick={() => void choose(user)}
                  className="flex w-full items-start gap-3 rounded-md border border-line bg-raised px-3 py-2.5 text-left transition-colors hover:border-accent disabled:cursor-wait disabled:opacity-60"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-ink">{user.name}</span>
                    <span className="block truncate text-xs text-muted">{user.email}</span>
                    <DemoNames label="Player names" names={user.playerNames} />
                    <DemoNames label="Squad" names={user.buddies} />
                  </span>
                  {choosing === user.email && <Spinner className="mt-1 size-4" />}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}

function DemoNames({ label, names }: { label: string; names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <span className="mt-1 block text-xs text-faint">
      <span className="font-semibold tracking-wide uppercase">{label}:</span> {names.map(displayPlayerName).join(', ')}
    </span>
  );
}
