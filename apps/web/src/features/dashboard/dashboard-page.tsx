import { Navigate } from 'react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSignedIn } from '../../lib/auth/use-signed-in.ts';
import { DEFAULT_SERVERS_PATH } from '../../lib/paths.ts';

/** /dashboard: only for signed-in users; everyone else goes to the server browser (spec route table). */
export function DashboardPage() {
  const signedIn = useSignedIn();
  if (!signedIn) return <Navigate to={DEFAULT_SERVERS_PATH} replace />;
  return (
    <>
      <PageHeader eyebrow="Command center" title="Welcome back!" />
      <ComingSoon title="Your dashboard">
        Your Battlefield profiles, favourite servers and squad will appear here, live.
      </ComingSoon>
    </>
  );
}
