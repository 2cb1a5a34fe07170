import { CountryFlag } from '../../../components/country-flag.tsx';
import { GameTag } from '../../../components/game-tag.tsx';
import { MISSING_VALUE } from '../../../lib/format.ts';
import { formatGameType, formatMapName } from '../../../lib/map-and-mode.ts';
import { describeRoundTime } from '../../../lib/round-time.ts';
import { JoinButton } from '../../../components/join-button.tsx';
import { CopyAddress, PlayerFill, ServerLocalTime, ServerNameLinks } from './server-cells.tsx';
import { ActivityControls, serverKey, timelineId, type ServerRowsProps } from './server-table.tsx';
import { ServerTimeline } from './server-timeline.tsx';

/** Under 768 px each server is a compact card with the table's information, so the page never scrolls sideways. */
export function ServerCards({
  servers,
  busy,
  utcHour,
  now,
  showGame,
  openTimelines,
  onToggleTimeline,
}: ServerRowsProps) {
  return (
    <ul className="space-y-2">
      {servers.map((server) => {
        const key = serverKey(server);
        const listed = busy?.get(server.guid);
        const timelineOpen = openTimelines.has(key);
        const round = describeRoundTime(server, now);
        const mode = formatGameType(server.gameType);
        return (
          <li
            key={key}
            data-testid="server-row"
            className="rounded-md border border-line bg-surface px-3 py-2.5 shadow-sm shadow-black/5"
          >
            <div className="flex items-start gap-3">
              <div className="min-w-0 flex-1">
                <ServerNameLinks server={server} />
                <p className="mt-0.5 truncate text-xs text-muted">
                  <span className="text-ink capitalize">{formatMapName(server.mapName) || MISSING_VALUE}</span>
                  {mode && <span> · {mode}</span>}
                  {round.text !== MISSING_VALUE && (
                    <span className="tabular" title={round.title}>
                      {' '}
                      · {round.text}
                      {round.elapsed ? '' : ' left'}
                    </span>
                  )}
                </p>
              </div>
              <JoinButton server={server} />
            </div>
            <div className="mt-2 flex items-center justify-between gap-2">
              <PlayerFill server={server} />
              <div className="flex min-w-0 items-center gap-1">
                <ActivityControls
                  server={server}
                  listed={listed}
                  utcHour={utcHour}
                  timelineOpen={timelineOpen}
                  onToggleTimeline={() => onToggleTimeline(key)}
                />
              </div>
            </div>
            <div className="mt-1.5 flex items-center gap-2 text-xs text-muted">
              <CountryFlag code={server.country} />
              {showGame && <GameTag game={server.game} />}
              <ServerLocalTime server={server} now={now} compact />
              <span className="ml-auto min-w-0">
                <CopyAddress server={server} />
              </span>
            </div>
            {timelineOpen && (
              <div className="mt-2 border-t border-line pt-2">
                <ServerTimeline id={timelineId(server)} server={server} listed={listed} utcHour={utcHour} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
