import type { LiveServer } from '@frontline/contract';
import { GAMES } from '@frontline/contract';

const GAME_SHORT_NAMES: Record<string, string> = Object.fromEntries(GAMES.map((game) => [game.id, game.shortName]));

/**
 * Which game a server or a round belongs to, as a small tag (the server browser shows it on a row when ALL mixes
 * the three lists).
 */
export function GameTag({ game }: { game: LiveServer['game'] }) {
  return (
    <span className="inline-flex h-4 shrink-0 items-center rounded-[3px] bg-olive-soft px-1 text-[10px] leading-none font-semibold tracking-wide text-olive uppercase">
      {GAME_SHORT_NAMES[game] ?? game}
    </span>
  );
}
