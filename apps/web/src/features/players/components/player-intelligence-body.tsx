import type { SimilarityMode } from '@frontline/contract';
import { useState } from 'react';
import { SegmentedControl, type SegmentOption } from '../../../components/segmented-control.tsx';
import { SmallIcon } from '../../../components/small-icons.tsx';
import { EmptyNote } from '../../../components/section-card.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { formatUtcOffset, localOffsetMinutes } from '../../../lib/local-hours.ts';
import { useSimilarPlayers } from '../api/players.ts';
import { SimilarPlayerCard } from './player-intelligence-card.tsx';

/** Spec §8. */
export const SIMILAR_PLAYERS_ERROR_TEXT = 'Failed to load similar players.';
export const NO_SIMILAR_PLAYERS_TEXT =
  'No similar players found. Try adjusting your detection mode or filter settings.';

const MODE_OPTIONS: readonly SegmentOption<SimilarityMode>[] = [
  { value: 'default', label: 'Similar Players', title: 'Players with a similar skill, servers and hours' },
  {
    value: 'aliasdetection',
    label: 'Find Aliases',
    title: 'Names that may be the same person: same skill, servers and ping, never online together',
  },
];

const MODE_HINTS: Record<SimilarityMode, string> = {
  default: 'Ranked by K/D, kill rate, favourite server, play time and typical online hours.',
  aliasdetection:
    'Ranked by K/D, kill rate, shared servers, ping on the same servers, map strengths, and how surely the two names would have met if they were two people. Names ever online at the same minute as this player are left out: they are two people.',
};

/**
 * What the Player Intelligence panel shows once opened (spec: site-statistics §2 "Intelligence panel: modes
 * Similar Players (default) and Find Aliases (aliasdetection), 'Show only comparable data' toggle, expandable
 * per-match detail, one card expanded at a time"; §3 "Similar players response"; §8; §9). Loaded by
 * player-intelligence.tsx only when the panel is first opened.
 */
export function PlayerIntelligenceBody({ playerName }: { playerName: string }) {
  const [mode, setMode] = useState<SimilarityMode>('default');
  const [comparableOnly, setComparableOnly] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);
  // One offset for the panel: typical hours are habits over weeks, not dated times.
  const [offsetMinutes] = useState(() => localOffsetMinutes());
  const similar = useSimilarPlayers(playerName, mode);

  const changeMode = (next: SimilarityMode) => {
    setMode(next);
    setExpanded(null);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SegmentedControl label="Detection mode" options={MODE_OPTIONS} value={mode} onChange={changeMode} />
        <label className="inline-flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            checked={comparableOnly}
            onChange={(event) => setComparableOnly(event.target.checked)}
            className="size-4 accent-accent"
          />
          Show only comparable data
        </label>
      </div>
      <p className="text-xs text-muted">
        {MODE_HINTS[mode]} Hours are in your time ({formatUtcOffset(offsetMinutes)}).
      </p>

      {similar.isError ? (
        <SimilarPlayersError onRetry={() => void similar.refetch()} retrying={similar.isFetching} />
      ) : !similar.data ? (
        <LoadingBlock label="Finding similar players…" />
      ) : similar.data.similarPlayers.length === 0 ? (
        <EmptyNote>{NO_SIMILAR_PLAYERS_TEXT}</EmptyNote>
      ) : (
        <ol className="space-y-3" aria-label={mode === 'aliasdetection' ? 'Possible aliases' : 'Similar players'}>
          {similar.data.similarPlayers.map((candidate, index) => (
            <li key={candidate.playerName}>
              <SimilarPlayerCard
                rank={index + 1}
                target={similar.data.targetPlayerStats}
                candidate={candidate}
                mode={similar.data.mode}
                comparableOnly={comparableOnly}
                offsetMinutes={offsetMinutes}
                expanded={expanded === candidate.playerName}
                onToggle={() =>
                  setExpanded((current) => (current === candidate.playerName ? null : candidate.playerName))
                }
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** §8 "'Failed to load similar players.' (warning icon)". */
function SimilarPlayersError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-danger/40 bg-danger-soft px-3 py-3 text-sm text-danger"
    >
      <span className="inline-flex items-center gap-2 font-semibold">
        <SmallIcon aria-hidden="true" data-testid="warning-icon" width={18} height={18}>
          <path d="M12 4 2.5 20h19z" />
          <path d="M12 10v4.5M12 17.5h.01" />
        </SmallIcon>
        {SIMILAR_PLAYERS_ERROR_TEXT}
      </span>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="rounded-md border border-danger/40 px-2.5 py-1 text-xs font-semibold tracking-wide uppercase hover:bg-danger hover:text-accent-ink disabled:opacity-50"
      >
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}
