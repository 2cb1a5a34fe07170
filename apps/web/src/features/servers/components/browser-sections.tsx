import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useListedGames, type LiveGameId } from '../../../lib/live-lists.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';

// Their code and calls come when the visitor scrolls towards them: the list is the page, and its first bundle's
// budget (DESIGN.md: /servers/bf1942 ≤ 110 kB gzip) cannot carry them.
const GameTrendsBody = lazy(async () => ({ default: (await import('./lazy-extras.ts')).GameTrendsBody }));
const PlayingNowBody = lazy(async () => ({ default: (await import('./lazy-extras.ts')).PlayingNowBody }));

/**
 * The server browser's Game Trends and Playing Now sections, under the list (spec: site-statistics §2 "Game trends
 * and sessions/players list sections exist"; decision 0031): their titles at once, their content once near the
 * screen.
 */
export function BrowserSections({ games, allGames }: { games: readonly LiveGameId[]; allGames: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // Only once the list is on screen: while it loads, the sections sit right under the header, near the screen.
  const listsShown = useListedGames(games).every((list) => list !== undefined);
  const near = useNearViewport(ref, { enabled: listsShown });
  return (
    <div ref={ref} data-testid="browser-sections" className="mt-6 grid items-start gap-4 lg:grid-cols-2">
      <SectionCard
        title="Game Trends"
        description="Players online now, and how many usually play this hour and the next, in your time."
      >
        <Deferred near={near} label="Loading game trends…">
          <GameTrendsBody games={games} />
        </Deferred>
      </SectionCard>
      <SectionCard title="Playing Now" description="Who is on a server right now, with the round they are in.">
        <Deferred near={near} label="Loading players…">
          <PlayingNowBody games={games} allGames={allGames} />
        </Deferred>
      </SectionCard>
    </div>
  );
}

function Deferred({ near, label, children }: { near: boolean; label: string; children: ReactNode }) {
  const loading = <LoadingBlock label={label} />;
  return near ? <Suspense fallback={loading}>{children}</Suspense> : loading;
}
