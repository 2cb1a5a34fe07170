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

/**
 * A name's possessive in a heading ("ЗлойБоец's Combat History"): the whole name decoded, with its "'s" kept in the
 * name's letter case too, as an upper-case heading would otherwise read "ЗлойБоец'S".
 */
export function PlayerNamePossessive({ name }: { name: string }) {
  return <span className="normal-case">{`${displayPlayerName(name)}'s`}</span>;
}
