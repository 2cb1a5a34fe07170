import { GAMES } from '@frontline/contract';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ServerBrowserPage } from '../features/servers/routes/server-browser-page.tsx';
import { ALL_GAMES_SLUG, DEFAULT_SERVERS_PATH } from '../lib/paths.ts';
import { AppShell } from './app-shell.tsx';
import { HomeRedirect } from './redirects.tsx';

/**
 * The route table of both specs (§2 of each). Each screen is its own chunk, so the first page downloads
 * only its own code, except the server browser: it is where `/` lands, and bundling it saves a round trip
 * on the first visit. React Router runs in declarative mode: the data-router APIs cost 17 kB gzip more
 * and nothing here needs loaders (docs/decisions/0002-web-bundle-budget.md).
 */

function lazyPage<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: pick(await load()) }));
}

const GAME_SLUGS = GAMES.map((game) => game.routeSlug);

const loadUpcoming = () => import('../pages/upcoming-pages.tsx');

const LandingPage = lazyPage(
  () => import('../features/landing/landing-page.tsx'),
  (m) => m.LandingPage,
);
const DashboardPage = lazyPage(
  () => import('../features/dashboard/dashboard-page.tsx'),
  (m) => m.DashboardPage,
);
// Rare enough to cost a round trip rather than first-bundle bytes.
const NotFoundPage = lazyPage(
  () => import('../pages/not-found-page.tsx'),
  (m) => m.NotFoundPage,
);
const ServerProfilePage = lazyPage(
  () => import('../features/server-profile/routes/server-profile-page.tsx'),
  (m) => m.ServerProfilePage,
);
const ServerRankingsPage = lazyPage(
  () => import('../features/server-rankings/routes/server-rankings-page.tsx'),
  (m) => m.ServerRankingsPage,
);
const ServerSessionsPage = lazyPage(
  () => import('../features/sessions/routes/server-sessions-page.tsx'),
  (m) => m.ServerSessionsPage,
);
const PlayersPage = lazyPage(
  () => import('../features/players/routes/players-page.tsx'),
  (m) => m.PlayersPage,
);
const ComparePage = lazyPage(
  () => import('../features/compare/routes/compare-page.tsx'),
  (m) => m.ComparePage,
);
const PlayerProfilePage = lazyPage(
  () => import('../features/players/routes/player-profile-page.tsx'),
  (m) => m.PlayerProfilePage,
);
const PlayerSessionsPage = lazyPage(
  () => import('../features/sessions/routes/player-sessions-page.tsx'),
  (m) => m.PlayerSessionsPage,
);
const PlayerAchievementsPage = lazyPage(
  () => import('../features/players/routes/player-achievements-page.tsx'),
  (m) => m.PlayerAchievementsPage,
);
const WorkInProgressPage = lazyPage(loadUpcoming, (m) => m.WorkInProgressPage);
const RoundReportPage = lazyPage(
  () => import('../features/round-report/routes/round-report-page.tsx'),
  (m) => m.RoundReportPage,
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<HomeRedirect />} />
        <Route path="landing" element={<LandingPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="servers" element={<Navigate to={DEFAULT_SERVERS_PATH} replace />} />
        {([...GAME_SLUGS, ALL_GAMES_SLUG] as const).map((view) => (
          <Route key={view} path={`servers/${view}`} element={<ServerBrowserPage view={view} />} />
        ))}
        <Route path="servers/:serverName" element={<ServerProfilePage />} />
        <Route path="servers/:serverName/rankings" element={<ServerRankingsPage />} />
        <Route path="servers/:serverName/sessions" element={<ServerSessionsPage />} />
        <Route path="players" element={<PlayersPage />} />
        <Route path="players/compare" element={<ComparePage />} />
        <Route path="players/:playerName" element={<PlayerProfilePage />} />
        <Route path="players/:playerName/sessions" element={<PlayerSessionsPage />} />
        <Route path="players/:playerName/achievements" element={<PlayerAchievementsPage />} />
        <Route path="rounds/:roundId/report" element={<RoundReportPage />} />
        <Route path="tk-livewire" element={<WorkInProgressPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
