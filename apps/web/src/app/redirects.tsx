import { Navigate } from 'react-router';
import { useAuthActivity, useSignedIn } from '../lib/auth/use-auth.ts';
import { DEFAULT_SERVERS_PATH } from '../lib/paths.ts';

/**
 * `/`: the dashboard for a signed-in visitor, the BF1942 browser for everyone else (spec §2 route table). While a
 * stored sign-in is being restored (its token had expired and a refresh is under way) it waits for the answer.
 */
export function HomeRedirect() {
  const signedIn = useSignedIn();
  const restoring = useAuthActivity() === 'restoring';
  if (restoring) return null;
  return <Navigate to={signedIn ? '/dashboard' : DEFAULT_SERVERS_PATH} replace />;
}
