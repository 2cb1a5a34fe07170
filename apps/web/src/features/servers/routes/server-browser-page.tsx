import { GAMES, type GameRouteSlug } from '@frontline/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../lib/paths.ts';

type Tab = GameRouteSlug | 'all';

const TABS: readonly { key: Tab; label: string }[] = [
  { key: 'all', label: 'All' },
  ...GAMES.map((game) => ({ key: game.routeSlug, label: game.shortName })),
];

/** /servers/bf1942, /servers/fh2, /servers/bfv (spec: site-statistics §2 "Server browser"). */
export function ServerBrowserPage({ game }: { game: GameRouteSlug }) {
  const navigate = useNavigate();
  // ALL is a view of the current page, not a route of its own; the game tabs are routes.
  const [showAll, setShowAll] = useState(false);
  const active: Tab = showAll ? 'all' : game;
  const gameInfo = GAMES.find((item) => item.routeSlug === game) ?? GAMES[0];
  const heading = showAll ? 'All servers' : `${gameInfo.name} servers`;

  const choose = (tab: Tab) => {
    if (tab === 'all') {
      setShowAll(true);
      return;
    }
    setShowAll(false);
    // Spec: "Choosing a game navigates to its route unless already there."
    if (tab !== game) void navigate(paths.serverBrowser(tab));
  };

  return (
    <>
      <PageHeader
        eyebrow="Server browser"
        title={heading}
        description="Who is playing right now, on which map, and when each server is busy."
      />
      <div role="tablist" aria-label="Game" className="mb-6 inline-flex rounded-lg border border-line bg-surface p-1">
        {TABS.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            aria-selected={tab.key === active}
            onClick={() => choose(tab.key)}
            className={`rounded-md px-4 py-1.5 text-sm font-semibold tracking-wide uppercase transition-colors ${
              tab.key === active ? 'bg-accent text-accent-ink shadow-sm' : 'text-muted hover:text-ink'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <ComingSoon title="Live server list">
        The live table of {showAll ? 'Battlefield 1942, Forgotten Hope 2 and Battlefield Vietnam' : gameInfo.name}{' '}
        servers (players, map, time remaining, join links and busy forecasts) is the next screen to be built; the
        collector already records every server, round and player.
      </ComingSoon>
    </>
  );
}
