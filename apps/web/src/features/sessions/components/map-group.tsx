import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/small-icons.tsx';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import type { MapGroup } from '../lib/round-groups.ts';
import { RoundCard } from './round-card.tsx';
import { countOf } from '../../../lib/plural.ts';

/** The rounds of one map on the page, folded away by its heading (spec §4 "groups collapse by toggle"). */
export function MapGroupSection({
  group,
  highlighted,
  onlyHighlighted,
  now,
}: {
  group: MapGroup;
  highlighted: readonly string[];
  onlyHighlighted: boolean;
  now: Date;
}) {
  const [open, setOpen] = useState(true);
  const headingId = useId();
  const bodyId = useId();
  const count = group.rounds.length;

  return (
    <section aria-labelledby={headingId} data-testid="map-group" data-map={group.mapName}>
      <h2 id={headingId} className="mb-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
          className="group flex w-full items-center gap-2 border-b-2 border-accent/50 pb-1.5 text-left"
        >
          <ChevronDownIcon
            width={18}
            height={18}
            className={`shrink-0 text-accent transition-transform ${open ? '' : '-rotate-90'}`}
          />
          <span className="heading-display min-w-0 truncate text-lg text-ink capitalize group-hover:text-accent">
            {formatMapName(group.mapName)}
          </span>
          <span className="tabular ml-auto shrink-0 text-xs font-semibold text-muted">{countOf(count, 'round')}</span>
        </button>
      </h2>
      <ol id={bodyId} hidden={!open} aria-label={`Rounds on ${formatMapName(group.mapName)}`} className="space-y-3">
        {group.rounds.map((round) => (
          <RoundCard
            key={round.roundId}
            round={round}
            highlighted={highlighted}
            onlyHighlighted={onlyHighlighted}
            now={now}
          />
        ))}
      </ol>
    </section>
  );
}
