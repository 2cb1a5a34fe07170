import { GAMES, type GameRouteSlug } from '@frontline/contract';
import { ALL_GAMES_SLUG } from '../../../lib/paths.ts';

export type GameTab = GameRouteSlug | typeof ALL_GAMES_SLUG;

const TABS: readonly { key: GameTab; label: string; title: string }[] = [
  { key: ALL_GAMES_SLUG, label: 'All', title: 'All three games' },
  ...GAMES.map((game) => ({ key: game.routeSlug, label: game.shortName, title: game.name })),
];

/** ALL, BF1942, FH2, BFV (spec §2); each is a route (ALL is /servers/all). */
export function GameTabs({ active, onChoose }: { active: GameTab; onChoose: (tab: GameTab) => void }) {
  return (
    <div
      role="tablist"
      aria-label="Game"
      className="flex shrink-0 rounded-lg border border-line bg-surface p-1 md:inline-flex"
    >
      {TABS.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          title={tab.title}
          aria-selected={tab.key === active}
          onClick={() => onChoose(tab.key)}
          className={`flex-1 rounded-md px-3 py-1.5 md:flex-none text-xs font-semibold tracking-wide uppercase transition-colors sm:px-4 sm:text-sm ${
            tab.key === active ? 'bg-accent text-accent-ink shadow-sm' : 'text-muted hover:text-ink'
          }`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
