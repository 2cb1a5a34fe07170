import { GAMES } from '@frontline/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { ALL_GAMES_SLUG, paths } from '../../../lib/paths.ts';
import type { LiveGameId } from '../api/live-servers.ts';
import { ActivityHistoryPanel } from '../components/activity-history-panel.tsx';
import { BrowserSections } from '../components/browser-sections.tsx';
import { GameTabs, type GameTab } from '../components/game-tabs.tsx';
import { GetOnlineMenu } from '../components/get-online-menu.tsx';
import { PlayerSearch } from '../components/player-search.tsx';
import { ServerList } from '../components/server-list.tsx';
import { SortControl } from '../components/sort-control.tsx';
import { DEFAULT_SORT, nextSort, type SortState } from '../lib/server-sort.ts';

const ALL_GAME_IDS: readonly LiveGameId[] = GAMES.map((game) => game.id);

/** The third-party feed behind the live list (spec §2: "The server list credits a third-party API author"). */
const FEED_CREDIT = { label: 'BFList API', author: 'cetteup', url: 'https://bflist.io' };

/**
 * /servers/bf1942, /servers/fh2, /servers/bfv (spec: site-statistics §2 "Server browser"), and /servers/all for the
 * ALL tab: every tab is a route, so a reload or Back shows the same tab.
 */
export function ServerBrowserPage({ view }: { view: GameTab }) {
  const navigate = useNavigate();
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const showAll = view === ALL_GAMES_SLUG;
  const gameInfo = GAMES.find((item) => item.routeSlug === view) ?? GAMES[0];
  const heading = showAll ? 'All servers' : `${gameInfo.name} servers`;
  const games: readonly LiveGameId[] = showAll ? ALL_GAME_IDS : [gameInfo.id];

  // Spec: "Choosing a game navigates to its route unless already there."
  const choose = (tab: GameTab) => {
    if (tab !== view) void navigate(paths.serverBrowser(tab));
  };

  return (
    <>
      <PageHeader
        eyebrow="Server browser"
        title={heading}
        description="Who is playing right now, on which map, and when each server is busy."
        actions={<GetOnlineMenu />}
      />
      {/*
        Sticky under the site header from 768 px. On a phone the site header with its navigation bar already
        holds about 100 px of the screen; a second sticky block (search and tabs) would take as much again,
        so there it scrolls away with the page. Small screens get their sort control beside the list summary.
      */}
      <div className="z-10 -mx-4 mb-4 border-b border-line bg-canvas/95 px-4 pt-1 pb-3 backdrop-blur supports-[backdrop-filter]:bg-canvas/80 md:sticky md:top-14 md:-mx-8 md:px-8 md:pt-3">
        <div className="flex flex-col gap-2.5 md:flex-row md:items-center md:gap-4">
          <PlayerSearch className="w-full md:order-last md:ml-auto md:w-72" />
          <GameTabs active={view} onChoose={choose} />
        </div>
      </div>
      <ActivityHistoryPanel key={`history-${view}`} game={showAll ? 'all' : gameInfo.id} />
      {/* A new game view starts afresh: its list reloads and every timeline overlay closes (spec §4). */}
      <ServerList
        key={`list-${view}`}
        games={games}
        sort={sort}
        onSort={(key) => setSort((current) => nextSort(current, key))}
        sortControl={<SortControl sort={sort} onChange={setSort} />}
      />
      <p className="mt-3 text-right text-[11px] text-faint">
        Live data:{' '}
        <a
          href={FEED_CREDIT.url}
          target="_blank"
          rel="noopener noreferrer"
          className="text-muted underline decoration-line-strong underline-offset-2 hover:text-accent"
        >
          {FEED_CREDIT.label}
        </a>{' '}
        by {FEED_CREDIT.author}
      </p>
      <BrowserSections key={`sections-${view}`} games={games} allGames={showAll} />
    </>
  );
}
