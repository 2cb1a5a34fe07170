import { lazy, Suspense, useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/small-icons.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';

// The panel's body (modes, cards, details and their wording) is its own chunk: most visitors never open it, so
// neither its code nor its request cost anything until they do.
const PlayerIntelligenceBody = lazy(async () => ({
  default: (await import('./player-intelligence-body.tsx')).PlayerIntelligenceBody,
}));

export const PLAYER_INTELLIGENCE_TITLE = 'Player Intelligence & Analysis';

/**
 * The collapsible Player Intelligence & Analysis panel of the player profile (spec: site-statistics §2 "Player
 * profile": "collapsible Player Intelligence & Analysis, similar players", "Loaded lazily"). Collapsed at first;
 * closing it keeps the body mounted so the chosen mode and the open card are still there when it is reopened.
 */
export function PlayerIntelligence({ playerName }: { playerName: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  const descriptionId = useId();

  const toggle = () => {
    setOpen((wasOpen) => !wasOpen);
    setOpened(true);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-md border border-line bg-surface shadow-sm shadow-black/5"
    >
      <h2 id={headingId} className="heading-display text-base text-ink">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          aria-describedby={descriptionId}
          onClick={toggle}
          className="flex w-full items-center justify-between gap-3 rounded-md px-4 pt-3 text-left transition-colors hover:text-accent"
        >
          {PLAYER_INTELLIGENCE_TITLE}
          <ChevronDownIcon
            aria-hidden="true"
            width={18}
            height={18}
            className={`shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <p id={descriptionId} className="px-4 pt-0.5 pb-3 text-xs text-muted">
        Players who play like this one, and names that may be the same person.
      </p>
      <div id={bodyId} hidden={!open} className="border-t border-line px-4 py-4">
        {opened && (
          <Suspense fallback={<LoadingBlock label="Loading player intelligence…" />}>
            <PlayerIntelligenceBody playerName={playerName} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
