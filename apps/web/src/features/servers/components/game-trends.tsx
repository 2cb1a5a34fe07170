import { GAMES, type ForecastEntry } from '@frontline/contract';
import { useQuery } from '@tanstack/react-query';
import { ErrorBox } from '../../../components/error-box.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { formatHourLabel } from '../../../lib/format.ts';
import { sumPeopleOnline, useListedGames, type LiveGameId } from '../../../lib/live-lists.ts';
import { localHourOf, localOffsetMinutes } from '../../../lib/local-hours.ts';
import { countOf } from '../../../lib/plural.ts';
import { landingSummaryQueryOptions } from '../api/browser-sections.ts';
import { FORECAST_HOURS_SHOWN, forecastBars, type ForecastBar } from '../lib/game-trends.ts';

/** Spec §8. */
const GAME_TRENDS_ERROR = 'Failed to load game trends';

/**
 * The Game Trends section's body (spec: site-statistics §2 "Game trends … section"; §7 landing-summary "reads
 * insights incl. forecast"): for each game shown, its players online now and the players it usually has this hour
 * and the next 8, by the landing forecast (docs/formulas.md "Landing forecast"), in the visitor's hours.
 */
export function GameTrendsBody({ games }: { games: readonly LiveGameId[] }) {
  return (
    <div>
      <div className="space-y-5">
        {games.map((game) => (
          <GameForecast key={game} game={game} showName={games.length > 1} />
        ))}
      </div>
      <GameTrendsNote />
    </div>
  );
}

function GameForecast({ game, showName }: { game: LiveGameId; showName: boolean }) {
  const summary = useQuery(landingSummaryQueryOptions(game));
  // Players now: the same list (and the same cached answer) as the table above, so the two never disagree.
  const playersNow = sumPeopleOnline(useListedGames([game]));
  const name = GAMES.find((entry) => entry.id === game)?.shortName ?? game;

  if (summary.isError && !summary.data) {
    return (
      <ErrorBox
        message={GAME_TRENDS_ERROR}
        onRetry={() => void summary.refetch()}
        retrying={summary.isFetching}
        className="py-3"
      />
    );
  }
  if (!summary.data) return <LoadingBlock label="Loading game trends…" />;

  const offset = localOffsetMinutes();
  const bars = forecastBars(summary.data.insights.forecast, playersNow, FORECAST_HOURS_SHOWN);
  const usual = summary.data.insights.forecast.find((entry) => entry.isCurrentHour)?.predictedPlayers ?? null;
  return (
    <div data-testid="game-trends-game" data-game={game}>
      <p data-testid="game-trends-now" className="mb-2 text-sm text-muted">
        {showName && <span className="mr-1.5 font-semibold text-ink">{name}</span>}
        {playersNow === null ? (
          'Players online now: loading…'
        ) : (
          <>
            <span className="tabular font-semibold text-ink">{countOf(playersNow, 'player')}</span> online now
          </>
        )}
        {usual !== null && (
          <>
            {' · '}usually <span className="tabular font-semibold text-ink">{Math.round(usual)}</span> at this hour
          </>
        )}
      </p>
      <ForecastBars bars={bars} offsetMinutes={offset} gameName={name} />
    </div>
  );
}

/** What the bars are, once under them all. */
function GameTrendsNote() {
  return (
    <p className="mt-3 text-[11px] text-faint">
      Now: the players on the servers listed above. Later hours: the players the game usually has then, over the past 60
      days (the same weekday and hour, else the same hour on any day). Hatched: no data yet.
    </p>
  );
}

/** Spec §9: "Forecast bar height at least 8 px on the browser". */
const BAR_MIN_PX = 8;
const BAR_MAX_PX = 72;

function hourText(entry: ForecastEntry, offsetMinutes: number): string {
  return entry.isCurrentHour ? 'Now' : formatHourLabel(localHourOf(entry.hourOfDay, offsetMinutes));
}

function ForecastBars({
  bars,
  offsetMinutes,
  gameName,
}: {
  bars: readonly ForecastBar[];
  offsetMinutes: number;
  gameName: string;
}) {
  return (
    <ol aria-label={`${gameName}: players by hour, now and the next hours, in your time`} className="flex gap-1.5">
      {bars.map((bar) => {
        const label = hourText(bar.entry, offsetMinutes);
        const height = bar.fraction === null ? null : Math.max(BAR_MIN_PX, Math.round(bar.fraction * BAR_MAX_PX));
        const description =
          bar.players === null
            ? `${label}: no data yet`
            : `${label}: ${bar.entry.isCurrentHour ? `${countOf(bar.players, 'player')} online` : `usually ${countOf(bar.players, 'player')}`}`;
        return (
          <li
            key={`${bar.entry.dayOfWeek}-${bar.entry.hourOfDay}`}
            data-testid="game-trends-bar"
            data-current={bar.entry.isCurrentHour || undefined}
            aria-label={description}
            title={description}
            className="flex min-w-0 flex-1 flex-col items-center gap-1"
          >
            <span
              aria-hidden="true"
              className={`tabular text-[11px] font-semibold ${bar.entry.isCurrentHour ? 'text-accent' : 'text-ink'}`}
            >
              {bar.players === null ? '–' : bar.players}
            </span>
            <span aria-hidden="true" className="flex w-full items-end justify-center" style={{ height: BAR_MAX_PX }}>
              <span
                className={`w-full max-w-8 rounded-t-[2px] ${
                  height === null
                    ? 'hatched h-full border-x border-t border-dashed border-line-strong/60'
                    : bar.entry.isCurrentHour
                      ? 'bg-accent'
                      : 'bg-olive/70'
                }`}
                style={height === null ? undefined : { height }}
              />
            </span>
            <span
              aria-hidden="true"
              className={`text-[10px] leading-none whitespace-nowrap ${bar.entry.isCurrentHour ? 'font-bold text-accent' : 'text-muted'}`}
            >
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
