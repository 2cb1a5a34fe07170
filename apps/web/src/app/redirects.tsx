import { Navigate } from 'react-router';
import { hasValidStoredToken } from '../lib/auth/auth-storage.ts';
import { DEFAULT_SERVERS_PATH } from '../lib/paths.ts';

/** `/`: the dashboard for a visitor with a valid stored sign-in, the BF1942 browser for everyone else. */
export function HomeRedirect() {
  return <Navigate to={hasValidStoredToken() ? '/dashboard' : DEFAULT_SERVERS_PATH} replace />;
}
