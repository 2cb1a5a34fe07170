import { truncateName } from '../lib/format.ts';
import { displayPlayerName } from '../lib/player-name.ts';

/** A stored player name as shown: decoded, cut at 25 characters, the full name on hover when cut. */
export function PlayerNameText({ name, max, className = '' }: { name: string; max?: number; className?: string }) {
  const shown = displayPlayerName(name);
  const cut = truncateName(shown, max);
  return (
    <span className={className} title={cut !== shown ? shown : undefined}>
      {cut}
    </span>
  );
}
