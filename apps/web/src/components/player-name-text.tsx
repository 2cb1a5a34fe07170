import { truncateName } from '../lib/format.ts';
import { displayPlayerName } from '../lib/player-name.ts';

/**
 * A stored player name as shown: decoded, cut at `max` characters (25 by default; Infinity for a heading), the full
 * name on hover when cut. A name keeps its own letter case even inside an upper-case heading or label ("xXSniperXx"
 * is not "XXSNIPERXX"), so the class `normal-case` overrides any `uppercase` around it.
 */
export function PlayerNameText({ name, max, className = '' }: { name: string; max?: number; className?: string }) {
  const shown = displayPlayerName(name);
  const cut = truncateName(shown, max);
  return (
    <span className={className ? `normal-case ${className}` : 'normal-case'} title={cut !== shown ? shown : undefined}>
      {cut}
    </span>
  );
}
