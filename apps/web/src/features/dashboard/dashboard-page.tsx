import { useState } from 'react';
import { Navigate } from 'react-router';
import { LoadingBlock } from '../../components/spinner.tsx';
import { useAuthActivity, useSignedIn } from '../../lib/auth/use-auth.ts';
import { DEFAULT_SERVERS_PATH } from '../../lib/paths.ts';
import { DashboardScreen } from './components/dashboard-screen.tsx';

/**
 * /dashboard (spec §2 route table: "Only for authenticated users, otherwise redirected to /servers/bf1942";
 * "Signing out while on /dashboard returns the user to /"). While a stored sign-in is being restored it waits.
 */
export function DashboardPage() {
  const signedIn = useSignedIn();
  const restoring = useAuthActivity() === 'restoring';
  const [wasSignedIn, setWasSignedIn] = useState(signedIn);
  // Remembered while rendering (React's pattern for state derived from a change), so the sign-out below is known
  // to be one, not a signed-out arrival.
  if (signedIn && !wasSignedIn) setWasSignedIn(true);

  if (restoring) return <LoadingBlock label="Signing you back in..." />;
  if (signedIn) return <DashboardScreen />;
  if (!wasSignedIn) return <Navigate to={DEFAULT_SERVERS_PATH} replace />;
  // Signed out here: the signed-out dashboard shows while the way back to / is taken.
  return (
    <>
      <Navigate to="/" replace />
      <DashboardScreen />
    </>
  );
}
