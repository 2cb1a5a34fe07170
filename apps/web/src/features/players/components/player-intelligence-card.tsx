import type { SimilarityMode, SimilarPlayer, SimilarPlayerStats } from '@frontline/contract';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PlayerNameText } from '../../../components/player-name-text.tsx';
import { ChevronDownIcon } from '../../../components/small-icons.tsx';
import { StatPair, ToneValue } from '../../../components/stat-ui.tsx';
import { formatPlayTime, MISSING_VALUE } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { kdTone, type Tone } from '../../../lib/tones.ts';
import { killRateTone } from '../lib/player-tones.ts';
import {
  compareHours,
  firstItems,
  formatLocalHourRanges,
  formatSimilarity,
  hoursOverlapLabel,
  overlapLikelihoodLabel,
  overlapLikelihoodPercent,
  patternSimilarityLabel,
  pingDifferenceLabel,
  pingRows,
  pingTone,
  REASONS_SHOWN,
  SHARED_SHOWN,
  sharedMaps,
  sharedServers,
  similarityTone,
} from '../lib/similarity.ts';
import { countOf } from '../../../lib/plural.ts';

const BAR_CLASSES: Partial<Record<Tone, string>> = { good: 'bg-good', warn: 'bg-warn', low: 'bg-danger' };

/**
 * One match of the Player Intelligence panel: the score as a percentage in its colour, the top reasons, and, when
 * expanded, the two players side by side (spec: site-statistics §2 "expandable per-match detail", §9).
 */
export function SimilarPlayerCard({
  rank,
  target,
  candidate,
  mode,
  comparableOnly,
  offsetMinutes,
  expanded,
  onToggle,
}: {
  rank: number;
  target: SimilarPlayerStats;
  candidate: SimilarPlayer;
  mode: SimilarityMode;
  comparableOnly: boolean;
  offsetMinutes: number;
  expanded: boolean;
  onToggle: () => void;
}) {
  const detailsId = useId();
  const tone = similarityTone(candidate.similarityScore);
  const reasons = firstItems(candidate.similarityReasons, REASONS_SHOWN);

  return (
    <article
      data-testid="similar-player-card"
      aria-label={candidate.playerName}
      className={`rounded-md border bg-raised transition-colors ${expanded ? 'border-accent/60' : 'border-line'}`}
    >
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2 px-3 py-3">
        <span className="tabular w-6 shrink-0 pt-0.5 text-xs font-semibold text-faint">#{rank}</span>
        <div className="min-w-0 flex-1">
          <Link
            to={paths.player(candidate.playerName)}
            className="text-sm font-semibold break-words text-ink hover:text-accent hover:underline"
          >
            <PlayerNameText name={candidate.playerName} />
          </Link>
          <ul className="mt-1.5 flex flex-wrap items-center gap-1.5" aria-label="Reasons">
            {reasons.shown.map((reason) => (
              <li
                key={reason}
                className="rounded-full border border-line bg-surface px-2 py-0.5 text-[11px] break-words text-muted"
              >
                {reason}
              </li>
            ))}
            {reasons.more > 0 && (
              <li
                className="text-[11px] font-semibold text-faint"
                title={candidate.similarityReasons.slice(REASONS_SHOWN).join('\n')}
              >
                +{reasons.more} more
              </li>
            )}
          </ul>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs whitespace-nowrap">
            <StatPair label="K/D">
              <ToneValue tone={kdTone(candidate.killDeathRatio)}>{candidate.killDeathRatio.toFixed(2)}</ToneValue>
            </StatPair>
            <StatPair label="Kills/min">
              <ToneValue tone={killRateTone(candidate.killsPerMinute)}>{candidate.killsPerMinute.toFixed(2)}</ToneValue>
            </StatPair>
            <StatPair label="Play time">
              <span className="tabular text-ink">{formatPlayTime(candidate.totalPlayTimeMinutes)}</span>
            </StatPair>
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <span className="text-[10px] font-semibold tracking-wider text-faint uppercase">Similarity</span>
          <ToneValue tone={tone} className="text-2xl leading-none font-bold">
            <span data-testid="similarity-score">{formatSimilarity(candidate.similarityScore)}</span>
          </ToneValue>
          <span aria-hidden="true" className="h-1 w-16 overflow-hidden rounded-full bg-line">
            <span
              className={`block h-full ${BAR_CLASSES[tone] ?? 'bg-muted'}`}
              style={{ width: formatSimilarity(candidate.similarityScore) }}
            />
          </span>
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={onToggle}
            className="mt-1 inline-flex items-center gap-1 rounded-md border border-line-strong px-2 py-1 text-xs font-semibold text-ink transition-colors hover:border-accent hover:text-accent"
          >
            {expanded ? 'Hide details' : 'Details'}
            <ChevronDownIcon
              aria-hidden="true"
              className={`transition-transform ${expanded ? 'rotate-180' : ''}`}
              width={13}
              height={13}
            />
          </button>
        </div>
      </div>
      <div id={detailsId} hidden={!expanded}>
        {expanded && (
          <MatchDetails
            target={target}
            candidate={candidate}
            mode={mode}
            comparableOnly={comparableOnly}
            offsetMinutes={offsetMinutes}
          />
        )}
      </div>
    </article>
  );
}

const DETAIL_TITLE = 'mb-1.5 text-[11px] font-semibold tracking-wider text-muted uppercase';

function MatchDetails({
  target,
  candidate,
  mode,
  comparableOnly,
  offsetMinutes,
}: {
  target: SimilarPlayerStats;
  candidate: SimilarPlayer;
  mode: SimilarityMode;
  comparableOnly: boolean;
  offsetMinutes: number;
}) {
  const hours = compareHours(target.typicalOnlineHours, candidate.typicalOnlineHours);
  const servers = sharedServers(target, candidate);
  const maps = sharedMaps(target, candidate);
  const pings = pingRows(target, candidate, comparableOnly);
  const alias = mode === 'aliasdetection';

  return (
    <div data-testid="similar-player-details" className="space-y-4 border-t border-line px-3 py-3 text-sm">
      <SideBySide target={target} candidate={candidate} comparableOnly={comparableOnly} offsetMinutes={offsetMinutes} />

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h4 className={DETAIL_TITLE}>Online hours</h4>
          <dl className="space-y-1 text-xs">
            <DetailRow label="Hours overlap">
              {countOf(hours.shared.length, 'hour')} · <strong>{hoursOverlapLabel(hours.shared.length)}</strong>
            </DetailRow>
            {hours.patternSimilarity !== null && (
              <DetailRow label="Pattern similarity">
                {Math.round(hours.patternSimilarity * 100)}% ·{' '}
                <strong>{patternSimilarityLabel(hours.patternSimilarity)}</strong>
              </DetailRow>
            )}
          </dl>
        </div>
        <TimeTogether candidate={candidate} />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <SharedList title="Shared servers" items={servers} unit="servers" empty="No server both play on is known." />
        {alias && (
          <SharedList title="Shared maps" items={maps} unit="maps" empty="No map both play well enough to compare." />
        )}
      </div>

      {alias && <PingTable rows={pings} targetName={target.playerName} candidateName={candidate.playerName} />}

      <div className="flex flex-wrap gap-2">
        <Link
          to={paths.player(candidate.playerName)}
          className="rounded-md border border-line-strong px-2.5 py-1 text-xs font-semibold text-ink transition-colors hover:border-accent hover:text-accent"
        >
          View profile
        </Link>
        <Link
          to={paths.compare(target.playerName, candidate.playerName)}
          className="rounded-md border border-accent/60 bg-accent/10 px-2.5 py-1 text-xs font-semibold text-accent transition-colors hover:bg-accent hover:text-accent-ink"
        >
          Compare players
        </Link>
      </div>
    </div>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-muted">{label}</dt>
      <dd className="tabular text-ink">{children}</dd>
    </div>
  );
}

interface SideRow {
  label: string;
  target: ReactNode | null;
  candidate: ReactNode | null;
}

/** The two players' figures side by side; with "comparable only", rows where either side is missing are left out. */
function SideBySide({
  target,
  candidate,
  comparableOnly,
  offsetMinutes,
}: {
  target: SimilarPlayerStats;
  candidate: SimilarPlayerStats;
  comparableOnly: boolean;
  offsetMinutes: number;
}) {
  const hoursOf = (player: SimilarPlayerStats) => {
    const ranges = formatLocalHourRanges(player.typicalOnlineHours, offsetMinutes);
    return ranges.length ? ranges.join(', ') : null;
  };
  const rows: SideRow[] = [
    {
      label: 'K/D',
      target: <ToneValue tone={kdTone(target.killDeathRatio)}>{target.killDeathRatio.toFixed(2)}</ToneValue>,
      candidate: <ToneValue tone={kdTone(candidate.killDeathRatio)}>{candidate.killDeathRatio.toFixed(2)}</ToneValue>,
    },
    {
      label: 'Kills per minute',
      target: <ToneValue tone={killRateTone(target.killsPerMinute)}>{target.killsPerMinute.toFixed(2)}</ToneValue>,
      candidate: (
        <ToneValue tone={killRateTone(candidate.killsPerMinute)}>{candidate.killsPerMinute.toFixed(2)}</ToneValue>
      ),
    },
    { label: 'Favourite server', target: target.favoriteServerName, candidate: candidate.favoriteServerName },
    {
      label: 'Play time',
      target: formatPlayTime(target.totalPlayTimeMinutes),
      candidate: formatPlayTime(candidate.totalPlayTimeMinutes),
    },
    { label: 'Typical online hours', target: hoursOf(target), candidate: hoursOf(candidate) },
  ];
  const shown = comparableOnly ? rows.filter((row) => row.target !== null && row.candidate !== null) : rows;

  return (
    <div className="overflow-x-auto">
      <table className="w-full text-xs">
        <thead>
          <tr className="text-left text-[11px] tracking-wider text-muted uppercase">
            <th scope="col" className="py-1 pr-3 font-semibold">
              <span className="sr-only">Figure</span>
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              <PlayerNameText name={target.playerName} max={18} />
            </th>
            <th scope="col" className="py-1 font-semibold">
              <PlayerNameText name={candidate.playerName} max={18} />
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.label} className="border-t border-line align-top">
              <th scope="row" className="py-1.5 pr-3 text-left font-normal text-muted sm:whitespace-nowrap">
                {row.label}
              </th>
              <td className="tabular py-1.5 pr-3 break-words text-ink">{row.target ?? MISSING_VALUE}</td>
              <td className="tabular py-1.5 break-words text-ink">{row.candidate ?? MISSING_VALUE}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Minutes online together, the non-overlap score, and how likely two strangers with these habits were to meet. */
function TimeTogether({ candidate }: { candidate: SimilarPlayerStats }) {
  const likelihood = overlapLikelihoodPercent(candidate);
  return (
    <div>
      <h4 className={DETAIL_TITLE}>Time together</h4>
      <dl className="space-y-1 text-xs">
        <DetailRow label="Online together (13 weeks)">{candidate.temporalOverlapMinutes} min</DetailRow>
        <DetailRow label="Non-overlap score">{candidate.temporalNonOverlapScore.toFixed(2)}</DetailRow>
        <DetailRow label="Overlap likelihood">
          {likelihood === null ? (
            'They met'
          ) : (
            <>
              {likelihood}% · <strong>{overlapLikelihoodLabel(likelihood)}</strong>
            </>
          )}
        </DetailRow>
      </dl>
      <p className="mt-1 text-[11px] text-faint">
        {likelihood === null
          ? 'Two names online at the same minute are two people.'
          : 'How likely two different players with these habits would have met at least once; these two never did.'}
      </p>
    </div>
  );
}

/** §9 "shared servers and maps 4 shown then count note". */
function SharedList({ title, items, unit, empty }: { title: string; items: string[]; unit: string; empty: string }) {
  const { shown, more } = firstItems(items, SHARED_SHOWN);
  return (
    <div>
      <h4 className={DETAIL_TITLE}>
        {title} ({items.length})
      </h4>
      {items.length === 0 ? (
        <p className="text-xs text-faint">{empty}</p>
      ) : (
        <>
          <ul className="flex flex-wrap gap-1.5" aria-label={title}>
            {shown.map((item) => (
              <li key={item} className="rounded border border-line bg-surface px-2 py-0.5 text-xs break-words text-ink">
                {item}
              </li>
            ))}
          </ul>
          {more > 0 && (
            <p className="mt-1 text-[11px] text-faint">
              and {more} more {unit}
            </p>
          )}
        </>
      )}
    </div>
  );
}

function PingCell({ ping }: { ping: number | null }) {
  if (ping === null) return <span className="text-faint">{MISSING_VALUE}</span>;
  return (
    <ToneValue tone={pingTone(ping)} className="whitespace-nowrap">
      {Math.round(ping)} ms
    </ToneValue>
  );
}

/** Alias mode: each server's average ping of both names, in the §9 bands, and what their difference says. */
function PingTable({
  rows,
  targetName,
  candidateName,
}: {
  rows: ReturnType<typeof pingRows>;
  targetName: string;
  candidateName: string;
}) {
  return (
    <div>
      <h4 className={DETAIL_TITLE}>Server pings</h4>
      {rows.length === 0 ? (
        <p className="text-xs text-faint">No server with enough ping samples of both names.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-xs" aria-label="Server pings">
            <thead>
              <tr className="text-left text-[11px] tracking-wider text-muted uppercase">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Server
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  <PlayerNameText name={targetName} max={14} className="tracking-normal normal-case" />
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  <PlayerNameText name={candidateName} max={14} className="tracking-normal normal-case" />
                </th>
                <th scope="col" className="py-1 font-semibold">
                  <abbr title="Difference" className="no-underline sm:hidden">
                    Diff.
                  </abbr>
                  <span className="hidden sm:inline">Difference</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.server} className="border-t border-line">
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal break-words text-ink">
                    {row.server}
                  </th>
                  <td className="tabular py-1.5 pr-3">
                    <PingCell ping={row.targetPing} />
                  </td>
                  <td className="tabular py-1.5 pr-3">
                    <PingCell ping={row.candidatePing} />
                  </td>
                  <td className="py-1.5 text-muted">
                    {row.targetPing === null || row.candidatePing === null ? (
                      MISSING_VALUE
                    ) : (
                      <>
                        <span className="tabular whitespace-nowrap">
                          {Math.round(Math.abs(row.targetPing - row.candidatePing))} ms
                        </span>
                        <span className="block text-[11px] text-faint">
                          {pingDifferenceLabel(row.targetPing - row.candidatePing)}
                        </span>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
