import type { LivePlayer } from '@frontline/contract';
import { Link } from 'react-router';
import { PlayerNameText } from '../../../components/player-name-text.tsx';
import { StatPair, ToneValue } from '../../../components/stat-ui.tsx';
import { formatSessionScore, truncateName } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { sessionDeathsTone, sessionKillsTone, sessionScoreTone } from '../../../lib/tones.ts';
import { describePresence } from '../lib/dashboard-lists.ts';
import { CardFrame, RemoveButton } from './dashboard-ui.tsx';

/**
 * A linked player name or a squad member, with what the collector knows of them now (spec §2 Cards): where they
 * play and their session's figures while online, when they were last seen otherwise.
 */
export function LivePlayerCard({
  testId,
  name,
  player,
  now,
  onRemove,
}: {
  testId: string;
  name: string;
  player: LivePlayer | null;
  now: Date;
  onRemove: () => void;
}) {
  const presence = describePresence(player, now);
  const online = presence.kind !== 'offline';
  return (
    <CardFrame testId={testId}>
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2.5 shrink-0 rounded-full ${online ? 'bg-good shadow-[0_0_0_3px] shadow-good/20' : 'bg-line-strong'}`}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={paths.player(name)}
          data-testid="card-name"
          className="block truncate font-semibold text-ink hover:text-accent"
        >
          <PlayerNameText name={name} />
        </Link>
        <p data-testid="presence" className="mt-1.5 text-xs text-muted">
          {presence.kind === 'playing' ? (
            <>
              <span className="sr-only">Online, playing on </span>
              <Link
                to={paths.server(presence.serverName)}
                title={presence.serverName}
                className="font-medium text-good hover:underline"
              >
                {truncateName(presence.serverName)}
              </Link>
              {presence.mapName && (
                <span className="block capitalize" data-testid="current-map">
                  {formatMapName(presence.mapName)}
                </span>
              )}
            </>
          ) : presence.kind === 'online' ? (
            <span className="font-medium text-good">Online</span>
          ) : (
            presence.lastSeen
          )}
        </p>
        {presence.kind === 'playing' && player && (
          <p className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-xs" data-testid="session-figures">
            <StatPair label="Score" title={String(player.currentSessionScore)}>
              <ToneValue tone={sessionScoreTone(player.currentSessionScore)}>
                {formatSessionScore(player.currentSessionScore)}
              </ToneValue>
            </StatPair>
            <StatPair label="K">
              <ToneValue tone={sessionKillsTone(player.currentSessionKills)}>{player.currentSessionKills}</ToneValue>
            </StatPair>
            <StatPair label="D">
              <ToneValue tone={sessionDeathsTone(player.currentSessionDeaths)}>{player.currentSessionDeaths}</ToneValue>
            </StatPair>
          </p>
        )}
      </div>
      <RemoveButton name={displayPlayerName(name)} onClick={onRemove} />
    </CardFrame>
  );
}
