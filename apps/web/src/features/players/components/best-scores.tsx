import type { PlayerStatsResponse } from '@frontline/contract';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { StatPair, ToneValue } from '../../../components/stat-ui.tsx';
import { formatKdRatio, formatRelativeTime, parseApiTimestamp } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { kdTone, kdValue } from '../../../lib/tones.ts';
import {
  BEST_SCORE_TABS,
  BEST_SCORE_TAB_LABELS,
  bestScoresOf,
  viewAllLabel,
  visibleBestScores,
  type BestScoreTab,
} from '../lib/best-scores.ts';
import { THIRTY_DAYS_RULE, WEEK_RULE } from '../lib/windows.ts';
import { EmptyNote } from './player-ui.tsx';
import { SectionCard } from '../../../components/section-card.tsx';

const NO_SCORES_TEXT = 'No scores recorded yet';

/** What each tab holds, said on the page (the site's one rule for windows, lib/windows.ts). */
const BEST_SCORE_WINDOW_NOTES: Record<BestScoreTab, string> = {
  allTime: 'Single finished rounds, best first.',
  last30Days: `Single finished rounds, best first. ${THIRTY_DAYS_RULE}; a round counts on the day it ended.`,
  thisWeek: `Single finished rounds, best first. ${WEEK_RULE}; a round counts on the day it ended.`,
};

/**
 * Best Scores (spec: site-statistics §2 "tabs All Time, 30 Days, This Week; first 6 cards; 'View All N Scores'
 * when more than 6; card opens round report; empty 'No scores recorded yet'"). Tabs follow the WAI-ARIA tabs
 * pattern: arrow keys move between them.
 */
export function BestScores({
  bestScores,
  playerName,
  now,
}: {
  bestScores: PlayerStatsResponse['bestScores'];
  playerName: string;
  now: Date;
}) {
  const [tab, setTab] = useState<BestScoreTab>('allTime');
  const [expanded, setExpanded] = useState(false);
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<BestScoreTab, HTMLButtonElement | null>>>({});
  const scores = bestScoresOf(bestScores, tab);
  const shown = visibleBestScores(scores, expanded);
  const expandLabel = viewAllLabel(scores.length);

  function choose(next: BestScoreTab) {
    setTab(next);
    // Each window opens on its best 6 again.
    setExpanded(false);
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = BEST_SCORE_TABS.indexOf(tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target =
      event.key === 'Home'
        ? BEST_SCORE_TABS[0]
        : event.key === 'End'
          ? BEST_SCORE_TABS[BEST_SCORE_TABS.length - 1]
          : step
            ? BEST_SCORE_TABS[(index + step + BEST_SCORE_TABS.length) % BEST_SCORE_TABS.length]
            : undefined;
    if (!target) return;
    event.preventDefault();
    choose(target);
    tabRefs.current[target]?.focus();
  }

  return (
    <SectionCard
      title="Best Scores"
      description={BEST_SCORE_WINDOW_NOTES[tab]}
      actions={
        <div
          role="tablist"
          aria-label="Best scores period"
          className="inline-flex rounded-lg border border-line bg-canvas p-1"
        >
          {BEST_SCORE_TABS.map((key) => {
            const selected = key === tab;
            return (
              <button
                key={key}
                ref={(element) => {
                  tabRefs.current[key] = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${key}`}
                aria-selected={selected}
                aria-controls={`${baseId}-panel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => choose(key)}
                onKeyDown={onTabKeyDown}
                className={`rounded-md px-2.5 py-1 text-xs font-semibold tracking-wide whitespace-nowrap uppercase transition-colors ${
                  selected ? 'bg-accent text-accent-ink shadow-sm' : 'text-muted hover:text-ink'
                }`}
              >
                {BEST_SCORE_TAB_LABELS[key]}
              </button>
            );
          })}
        </div>
      }
    >
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`}>
        {scores.length === 0 ? (
          <EmptyNote>{NO_SCORES_TEXT}</EmptyNote>
        ) : (
          <>
            <ol className="grid gap-2 sm:grid-cols-2">
              {shown.map((score, index) => (
                <li key={`${score.roundId}-${index}`}>
                  <Link
                    to={paths.roundReport(score.roundId, [playerName])}
                    data-testid="best-score-card"
                    className="group flex h-full items-start gap-3 rounded-md border border-line bg-raised px-3 py-2.5 transition-colors hover:border-accent"
                  >
                    <span
                      className={`tabular mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full text-[11px] font-bold ${
                        index === 0 ? 'bg-accent text-accent-ink' : 'bg-sunken text-muted'
                      }`}
                    >
                      {index + 1}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-2">
                        <span className="tabular text-xl font-bold text-ink group-hover:text-accent">
                          {score.score}
                        </span>
                        <time
                          dateTime={score.timestamp}
                          title={parseApiTimestamp(score.timestamp).toLocaleString()}
                          className="shrink-0 text-xs text-faint"
                        >
                          {formatRelativeTime(score.timestamp, now)}
                        </time>
                      </span>
                      <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs font-semibold">
                        <StatPair label="K">
                          <span className="tabular text-ink">{score.kills}</span>
                        </StatPair>
                        <StatPair label="D">
                          <span className="tabular text-ink">{score.deaths}</span>
                        </StatPair>
                        <StatPair label="K/D">
                          <ToneValue tone={kdTone(kdValue(score.kills, score.deaths))}>
                            {formatKdRatio(score.kills, score.deaths)}
                          </ToneValue>
                        </StatPair>
                      </span>
                      <span className="mt-1 block truncate text-xs text-muted capitalize">
                        {formatMapName(score.mapName)}
                      </span>
                      <span className="block truncate text-xs text-faint" title={score.serverName}>
                        {score.serverName}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
            {expandLabel && (
              <div className="mt-3 text-center">
                <button
                  type="button"
                  aria-expanded={expanded}
                  onClick={() => setExpanded((open) => !open)}
                  className="rounded-md border border-line-strong px-3 py-1.5 text-xs font-semibold tracking-wide text-ink uppercase transition-colors hover:border-accent hover:text-accent"
                >
                  {expanded ? 'Show Top 6' : expandLabel}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </SectionCard>
  );
}
