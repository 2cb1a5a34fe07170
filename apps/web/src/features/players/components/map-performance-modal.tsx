import { MAP_STATS_RANGES, type MapStatsRange, type PlayerServer } from '@frontline/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../components/modal.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { ToneValue } from '../../../components/stat-ui.tsx';
import { formatKdRatio, formatPlayTime } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { kdTone, kdValue } from '../../../lib/tones.ts';
import { useMapStats } from '../api/players.ts';
import {
  DEFAULT_MAP_RANGE,
  DEFAULT_MAP_SORT,
  MAP_COLUMN_LABELS,
  MAP_RANGE_LABELS,
  MAP_SORT_KEYS,
  nextMapSort,
  sortMapStats,
  type MapSort,
  type MapSortKey,
} from '../lib/map-stats.ts';
import { MAP_RANGE_RULES } from '../lib/windows.ts';
import { EmptyNote, SortableHeader, UpdatingOverlay } from './player-ui.tsx';

const NO_MAP_STATS_TEXT = 'No map statistics available for the selected time range';
const MAP_STATS_ERROR_LOG = 'Failed to load map statistics';

const countFormat = new Intl.NumberFormat('en-US');

/**
 * The Map Performance modal (spec: site-statistics §2 "Map Performance modal (from a server's 'View Maps'):
 * time-range buttons, close, page scroll locked while open, 'Updating...' overlay when refreshing. Sortable
 * columns ...; default score descending; same column toggles, new column starts descending. Map row links to
 * sessions filtered by map and server. Empty 'No map statistics available for the selected time range'"; §8
 * "Map stats failure: logged, list emptied if empty"). The shared Modal locks the page's scroll.
 */
export function MapPerformanceModal({
  playerName,
  server,
  onClose,
}: {
  playerName: string;
  server: PlayerServer | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={server !== null}
      onClose={onClose}
      size="xl"
      title={
        server ? (
          <>
            Map Performance
            <span className="mt-0.5 block font-sans text-xs font-normal tracking-normal text-muted normal-case">
              {displayPlayerName(playerName)} on {server.serverName}
            </span>
          </>
        ) : (
          'Map Performance'
        )
      }
    >
      {/* Keyed by server: another server starts from its own first answer, never the previous server's rows. */}
      {server && <MapPerformance key={server.serverGuid} playerName={playerName} server={server} />}
    </Modal>
  );
}

function MapPerformance({ playerName, server }: { playerName: string; server: PlayerServer }) {
  const [range, setRange] = useState<MapStatsRange>(DEFAULT_MAP_RANGE);
  const [sort, setSort] = useState<MapSort>(DEFAULT_MAP_SORT);
  const query = useMapStats(playerName, server.serverGuid, range);

  useEffect(() => {
    if (query.error) console.warn(MAP_STATS_ERROR_LOG, query.error);
  }, [query.error]);

  const rows = query.isError ? [] : sortMapStats(query.data ?? [], sort);
  const updating = query.isPlaceholderData && query.isFetching;

  return (
    <div className="space-y-4">
      <div
        role="group"
        aria-label="Time range"
        className="inline-flex max-w-full flex-wrap rounded-lg border border-line bg-canvas p-1"
      >
        {MAP_STATS_RANGES.map((option) => {
          const pressed = option === range;
          return (
            <button
              key={option}
              type="button"
              aria-pressed={pressed}
              onClick={() => setRange(option)}
              className={`rounded-md px-2 py-1 text-xs font-semibold tracking-wide whitespace-nowrap uppercase transition-colors sm:px-2.5 ${
                pressed ? 'bg-accent text-accent-ink shadow-sm' : 'text-muted hover:text-ink'
              }`}
            >
              {MAP_RANGE_LABELS[option]}
            </button>
          );
        })}
      </div>

      <p className="text-xs text-muted">{MAP_RANGE_RULES[range]}</p>

      {query.isPending ? (
        <LoadingBlock label="Loading maps…" />
      ) : rows.length === 0 ? (
        <div className="relative">
          {updating && <UpdatingOverlay />}
          <EmptyNote
            hint={
              query.isError && (
                <button type="button" onClick={() => void query.refetch()} className="text-accent hover:underline">
                  Try again
                </button>
              )
            }
          >
            {NO_MAP_STATS_TEXT}
          </EmptyNote>
        </div>
      ) : (
        <div className="relative -mx-4 overflow-x-auto sm:mx-0">
          {updating && <UpdatingOverlay />}
          <table className="w-full min-w-[560px] text-sm" aria-busy={updating || undefined}>
            <thead className="border-b border-line text-[11px] text-muted">
              <tr>
                {MAP_SORT_KEYS.map((key) => (
                  <SortableHeader
                    key={key}
                    label={MAP_COLUMN_LABELS[key]}
                    active={sort.key === key}
                    order={sort.order}
                    onSort={() => setSort((current) => nextMapSort(current, key))}
                    align={key === 'mapName' ? 'left' : 'right'}
                    className={key === 'mapName' ? 'sticky left-0 bg-surface' : ''}
                  />
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((row) => (
                <tr key={row.mapName} data-testid="map-row" className="group hover:bg-raised">
                  <td className="sticky left-0 max-w-48 min-w-36 bg-surface px-3 py-2 group-hover:bg-raised">
                    <Link
                      to={paths.playerSessions(playerName, { map: row.mapName, server: server.serverName })}
                      className="font-medium text-ink capitalize hover:text-accent"
                    >
                      {formatMapName(row.mapName)}
                    </Link>
                  </td>
                  <Cell column="totalScore">{countFormat.format(row.totalScore)}</Cell>
                  <Cell column="kdRatio">
                    <ToneValue tone={kdTone(kdValue(row.totalKills, row.totalDeaths))}>
                      {formatKdRatio(row.totalKills, row.totalDeaths)}
                    </ToneValue>
                  </Cell>
                  <Cell column="totalKills">{countFormat.format(row.totalKills)}</Cell>
                  <Cell column="totalDeaths">{countFormat.format(row.totalDeaths)}</Cell>
                  <Cell column="sessions">{countFormat.format(row.sessionsPlayed)}</Cell>
                  <Cell column="time">{formatPlayTime(row.totalPlayTimeMinutes)}</Cell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function Cell({ column, children }: { column: MapSortKey; children: ReactNode }) {
  return (
    <td data-column={column} className="tabular px-3 py-2 text-right whitespace-nowrap text-ink">
      {children}
    </td>
  );
}
