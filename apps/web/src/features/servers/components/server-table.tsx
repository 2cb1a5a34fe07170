import type { LiveServer } from '@frontline/contract';
import { Fragment } from 'react';
import { CountryFlag } from '../../../components/country-flag.tsx';
import { GameTag } from '../../../components/game-tag.tsx';
import { SortArrowIcon } from '../../../components/small-icons.tsx';
import { MISSING_VALUE } from '../../../lib/format.ts';
import { formatGameType, formatMapName } from '../../../lib/map-and-mode.ts';
import { describeRoundTime } from '../../../lib/round-time.ts';
import type { BusyResult } from '../../../lib/busy/busy.ts';
import { JoinButton } from '../../../components/join-button.tsx';
import { SORT_LABELS, type SortKey, type SortState } from '../lib/server-sort.ts';
import { ForecastTrigger } from './activity-forecast.tsx';
import { CopyAddress, PlayerFill, ServerLocalTime, ServerNameLinks } from './server-cells.tsx';
import { ServerTimeline, TimelineToggle } from './server-timeline.tsx';

export interface ServerRowsProps {
  servers: readonly LiveServer[];
  busy: ReadonlyMap<string, BusyResult> | undefined;
  utcHour: number;
  now: Date;
  showGame: boolean;
  openTimelines: ReadonlySet<string>;
  onToggleTimeline: (key: string) => void;
}

/** A row's identity: Frontline's guid, or the address for a row without one. */
export function serverKey(server: LiveServer): string {
  return server.guid || `${server.game}:${server.ip}:${server.port}`;
}

export function timelineId(server: LiveServer): string {
  return `timeline-${serverKey(server).replace(/[^a-zA-Z0-9_-]/g, '_')}`;
}

/** A row's forecast trigger and timeline switch, the same in the table and the phone cards. */
export function ActivityControls({
  server,
  listed,
  utcHour,
  timelineOpen,
  onToggleTimeline,
}: {
  server: LiveServer;
  listed: BusyResult | undefined;
  utcHour: number;
  timelineOpen: boolean;
  onToggleTimeline: () => void;
}) {
  return (
    <>
      <ForecastTrigger server={server} listed={listed} utcHour={utcHour} />
      <TimelineToggle server={server} open={timelineOpen} onToggle={onToggleTimeline} controls={timelineId(server)} />
    </>
  );
}

function SortHeader({
  sortKey,
  sort,
  onSort,
  children,
  className = '',
  align = 'left',
}: {
  sortKey: SortKey;
  sort: SortState;
  onSort: (key: SortKey) => void;
  children: string;
  className?: string;
  align?: 'left' | 'right';
}) {
  const active = sort.key === sortKey;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={`px-2.5 py-2 font-semibold whitespace-nowrap ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        title={`Sort by ${SORT_LABELS[sortKey].toLowerCase()}`}
        className={`-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 tracking-wider uppercase transition-colors hover:text-ink ${
          active ? 'text-accent' : ''
        } ${align === 'right' ? 'flex-row-reverse' : ''}`}
      >
        {children}
        <SortArrowIcon arrow={active ? sort.direction : null} width={12} height={12} />
      </button>
    </th>
  );
}

/** The desktop table (768 px and wider): one dense row per server, the timeline strip opening under it. */
export function ServerTable({
  servers,
  busy,
  utcHour,
  now,
  showGame,
  openTimelines,
  onToggleTimeline,
  sort,
  onSort,
}: ServerRowsProps & { sort: SortState; onSort: (key: SortKey) => void }) {
  const columns = 8;
  return (
    <div className="overflow-x-auto rounded-md border border-line bg-surface shadow-sm shadow-black/5">
      <table className="w-full table-fixed border-collapse text-left text-sm">
        <thead className="border-b border-line-strong bg-sunken/60 text-[11px] text-muted">
          <tr>
            <SortHeader sortKey="name" sort={sort} onSort={onSort} className="pl-4">
              Server
            </SortHeader>
            <SortHeader sortKey="numPlayers" sort={sort} onSort={onSort} className="w-[8.5rem]">
              Players
            </SortHeader>
            <SortHeader sortKey="mapName" sort={sort} onSort={onSort} className="w-[8rem] lg:w-[8.5rem]">
              Map
            </SortHeader>
            <SortHeader sortKey="gameType" sort={sort} onSort={onSort} className="hidden w-[6.5rem] lg:table-cell">
              Game type
            </SortHeader>
            <SortHeader
              sortKey="roundTimeRemain"
              sort={sort}
              onSort={onSort}
              align="right"
              className="w-[6rem] text-right"
            >
              Time left
            </SortHeader>
            <SortHeader sortKey="timezone" sort={sort} onSort={onSort} className="hidden w-[7.5rem] xl:table-cell">
              Local time
            </SortHeader>
            <th
              scope="col"
              className="hidden w-[11.5rem] px-2.5 py-2 font-semibold tracking-wider whitespace-nowrap uppercase lg:table-cell"
            >
              Address
            </th>
            <th scope="col" className="w-[6rem] py-2 pr-4 pl-2.5 text-right font-semibold tracking-wider uppercase">
              <span className="sr-only">Join</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {servers.map((server) => {
            const key = serverKey(server);
            const listed = busy?.get(server.guid);
            const timelineOpen = openTimelines.has(key);
            const round = describeRoundTime(server, now);
            return (
              <Fragment key={key}>
                <tr
                  data-testid="server-row"
                  className={`border-line/70 align-middle transition-colors hover:bg-raised/60 ${
                    timelineOpen ? 'bg-raised/40' : 'border-b'
                  }`}
                >
                  <td className="py-2 pr-2.5 pl-4">
                    <ServerNameLinks server={server} />
                    <div className="mt-1 flex items-center gap-1.5">
                      <CountryFlag code={server.country} />
                      {showGame && <GameTag game={server.game} />}
                      <ActivityControls
                        server={server}
                        listed={listed}
                        utcHour={utcHour}
                        timelineOpen={timelineOpen}
                        onToggleTimeline={() => onToggleTimeline(key)}
                      />
                    </div>
                  </td>
                  <td className="px-2.5 py-2">
                    <PlayerFill server={server} />
                  </td>
                  <td className="truncate px-2.5 py-2 text-ink capitalize" title={server.mapName}>
                    {formatMapName(server.mapName) || <span className="text-faint">{MISSING_VALUE}</span>}
                  </td>
                  <td className="hidden px-2.5 py-2 whitespace-nowrap text-muted lg:table-cell">
                    {formatGameType(server.gameType) || MISSING_VALUE}
                  </td>
                  <td
                    className={`tabular px-2.5 py-2 text-right whitespace-nowrap ${
                      round.text === MISSING_VALUE ? 'text-faint' : round.elapsed ? 'text-muted' : 'text-ink'
                    }`}
                    title={round.title}
                  >
                    {round.text}
                  </td>
                  <td className="hidden px-2.5 py-2 text-sm xl:table-cell">
                    <ServerLocalTime server={server} now={now} />
                  </td>
                  <td className="hidden px-1.5 py-2 lg:table-cell">
                    <CopyAddress server={server} />
                  </td>
                  <td className="py-2 pr-4 pl-2.5 text-right">
                    <JoinButton server={server} />
                  </td>
                </tr>
                {timelineOpen && (
                  <tr className="border-b border-line/70 bg-raised/40">
                    <td colSpan={columns} className="px-4 pt-1 pb-3">
                      <ServerTimeline id={timelineId(server)} server={server} listed={listed} utcHour={utcHour} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
