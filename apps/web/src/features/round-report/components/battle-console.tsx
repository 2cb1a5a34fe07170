import { REPLAY_SPEEDS } from '@frontline/contract';
import { useId, type ReactNode } from 'react';
import { LineIcon } from '../../../components/icons.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { SegmentedControl } from '../../../components/segmented-control.tsx';
import type { BattleEvent } from '../lib/battle-events.ts';
import { formatOffset } from '../lib/report-display.ts';
import { TIME_JUMPS, jumpStep } from '../lib/replay.ts';
import type { Replay } from '../lib/use-replay.ts';
import { EventList } from './event-list.tsx';
import { countOf } from '../../../lib/plural.ts';

const TRACK_PLACEHOLDER = 'Player name...';

const SPEED_OPTIONS = REPLAY_SPEEDS.map((speed) => ({
  value: speed.intervalMs,
  label: speed.label,
  title: `One snapshot every ${speed.intervalMs} ms`,
}));

/**
 * The battle console (spec: site-statistics §2 "Round report": "Battle console: play/pause, reset, jump to end,
 * speed selector 0.5x, 1x, 2x, 4x, 8x, Track field (Player name...) highlighting a player's events and dimming
 * others, time-offset jump buttons, prompt 'Press Play to witness the battle unfold...'"). The replay's state
 * lives in the page (the standings follow it too); this is its controls and its event lines.
 */
export function BattleConsole({
  replay,
  events,
  revealed,
  offsets,
  highlighted,
  tracked,
  trackQuery,
  onTrackQueryChange,
  trackOptions,
}: {
  replay: Replay;
  events: readonly BattleEvent[];
  revealed: number;
  /** Each snapshot's time into the round, in ms. */
  offsets: readonly number[];
  highlighted: ReadonlySet<string>;
  tracked: ReadonlySet<string>;
  trackQuery: string;
  onTrackQueryChange: (query: string) => void;
  /** The names the Track field suggests, as shown. */
  trackOptions: readonly string[];
}) {
  const { step, lastStep, started, playing } = replay;
  const listId = useId();
  const now = started ? formatOffset(offsets[step] ?? 0) : formatOffset(0);
  const total = formatOffset(offsets[lastStep] ?? 0);
  const status = playing ? 'Playing' : !started ? 'Ready' : step === lastStep ? 'Finished' : 'Paused';

  return (
    <SectionCard
      title="Battle Console"
      description="Arrow keys step, Home and End jump, Space plays."
      actions={
        <span className="flex items-center gap-3 text-xs">
          <span className="tabular text-faint" data-testid="events-count">
            {started ? revealed : 0} / {events.length} events
          </span>
          <span data-testid="replay-status" data-status={status.toLowerCase()} className="report-status">
            {status}
          </span>
        </span>
      }
      bodyClassName="p-0"
    >
      <div className="space-y-3 border-b border-line px-4 py-3">
        <div className="flex flex-wrap items-center gap-2">
          <ConsoleButton onClick={replay.reset} icon={<path d="M6 5v14M19 5 9 12l10 7V5Z" />}>
            Reset
          </ConsoleButton>
          <ConsoleButton
            onClick={replay.toggle}
            primary
            icon={playing ? <path d="M8 5v14M16 5v14" /> : <path d="M7 4.5v15L19 12 7 4.5Z" />}
          >
            {playing ? 'Pause' : 'Play'}
          </ConsoleButton>
          <ConsoleButton onClick={replay.end} icon={<path d="M18 5v14M5 5l10 7-10 7V5Z" />}>
            End
          </ConsoleButton>
          <div className="ml-auto">
            <SegmentedControl
              label="Replay speed"
              options={SPEED_OPTIONS}
              value={replay.intervalMs}
              onChange={replay.setSpeed}
            />
          </div>
        </div>

        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <input
            type="range"
            min={0}
            max={lastStep}
            value={started ? step : 0}
            onChange={(event) => replay.seek(Number(event.target.value))}
            aria-label="Replay position"
            aria-valuetext={`${now} of ${total}`}
            className="report-scrubber min-w-40 flex-1"
          />
          <span className="tabular text-xs text-muted" data-testid="replay-clock">
            <span className="font-semibold text-ink">{now}</span> / {total}
          </span>
          <span className="tabular text-xs text-faint" data-testid="replay-step">
            Step {started ? step + 1 : 0} of {lastStep + 1}
          </span>
        </div>

        <div className="flex flex-wrap items-center justify-between gap-2">
          <div role="group" aria-label="Jump in time" className="flex gap-1">
            {TIME_JUMPS.map((jump) => {
              const target = jumpStep(offsets, step, jump.minutes);
              // Before the replay starts, even a jump to the first step moves it: off the prompt.
              const moves = !started || target !== step;
              return (
                <button
                  key={jump.label}
                  type="button"
                  disabled={!moves}
                  // The button's own text first, then spelt out (WCAG 2.5.3: the visible label is part of the name).
                  aria-label={`${jump.label}: ${jump.minutes < 0 ? 'Back' : 'Forward'} ${countOf(Math.abs(jump.minutes), 'minute')}`}
                  onClick={() => replay.seek(target)}
                  className="tabular h-8 rounded-md border border-line px-2.5 text-xs font-semibold text-muted transition-colors hover:border-accent hover:text-accent disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-line disabled:hover:text-muted"
                >
                  {jump.label}
                </button>
              );
            })}
          </div>
          <label className="flex w-full min-w-0 items-center gap-2 sm:w-auto sm:max-w-72 sm:flex-1">
            <span className="text-xs font-semibold tracking-wide text-faint uppercase">Track</span>
            <input
              type="search"
              value={trackQuery}
              onChange={(event) => onTrackQueryChange(event.target.value)}
              placeholder={TRACK_PLACEHOLDER}
              list={listId}
              autoComplete="off"
              spellCheck={false}
              className="h-8 min-w-0 flex-1 rounded-md border border-line bg-canvas px-2.5 text-sm text-ink placeholder:text-faint focus:border-accent focus:outline-none"
            />
            <datalist id={listId}>
              {trackOptions.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </label>
        </div>
        {trackQuery.trim() !== '' && (
          <p className="text-xs text-muted" role="status">
            {tracked.size === 0
              ? 'No player of this round matches.'
              : `Tracking ${tracked.size === 1 ? 'one player' : `${tracked.size} players`}; other events are dimmed.`}
          </p>
        )}
      </div>
      <EventList events={events} revealed={revealed} started={started} highlighted={highlighted} tracked={tracked} />
    </SectionCard>
  );
}

function ConsoleButton({
  onClick,
  icon,
  primary = false,
  children,
}: {
  onClick: () => void;
  icon: ReactNode;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-semibold transition-colors ${
        primary
          ? 'min-w-24 justify-center bg-accent text-accent-ink hover:brightness-110'
          : 'border border-line-strong text-ink hover:border-accent hover:text-accent'
      }`}
    >
      <LineIcon size={15} strokeWidth={2.2}>
        {icon}
      </LineIcon>
      {children}
    </button>
  );
}
