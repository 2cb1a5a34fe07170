import { memo } from 'react';
import { TONE_TEXT_CLASSES } from '../../../lib/tones.ts';
import type { BattleEvent, BattleEventKind } from '../lib/battle-events.ts';

const CONSOLE_PROMPT = 'Press Play to witness the battle unfold...';

/** The short tag in front of each line, so kinds read apart without relying on colour alone. */
const KIND_TAGS: Record<Exclude<BattleEventKind, 'checkpoint'>, string> = {
  start: 'START',
  kill: 'KILL',
  objective: 'OBJ',
  leader: 'LEAD',
  end: 'END',
};

/**
 * The console's lines, newest first so a playing replay adds at the top without scrolling, with the minute
 * checkpoints drawn as rules between them. While a player is tracked, everyone else's lines are dimmed (the
 * checkpoints are nobody's and stay as they are); lines about a highlighted player carry a mark.
 */
export function EventList({
  events,
  revealed,
  started,
  highlighted,
  tracked,
}: {
  events: readonly BattleEvent[];
  /** How many events, oldest first, the replay has reached. */
  revealed: number;
  started: boolean;
  highlighted: ReadonlySet<string>;
  tracked: ReadonlySet<string>;
}) {
  if (!started) {
    return (
      <div className="report-console flex min-h-48 flex-col items-center justify-center gap-2 px-4 py-10 text-center">
        <span aria-hidden="true" className="heading-display text-2xl text-accent">
          ⚔
        </span>
        <p className="text-sm text-muted">{CONSOLE_PROMPT}</p>
      </div>
    );
  }
  const shown = events.slice(0, revealed).reverse();
  const tracking = tracked.size > 0;
  return (
    <ol aria-label="Battle events" data-testid="battle-events" className="report-console">
      {shown.map((event) => (
        <EventLine
          key={event.originalIndex}
          event={event}
          highlighted={event.players.some((name) => highlighted.has(name))}
          state={
            !tracking || event.kind === 'checkpoint'
              ? 'plain'
              : event.players.some((name) => tracked.has(name))
                ? 'tracked'
                : 'dimmed'
          }
        />
      ))}
    </ol>
  );
}

const EventLine = memo(function EventLine({
  event,
  highlighted,
  state,
}: {
  event: BattleEvent;
  highlighted: boolean;
  state: 'plain' | 'tracked' | 'dimmed';
}) {
  if (event.kind === 'checkpoint') {
    return (
      <li data-testid="battle-checkpoint" data-step={event.step} className="report-checkpoint">
        <span className="tabular">{event.message}</span>
      </li>
    );
  }
  return (
    <li
      data-testid="battle-event"
      data-kind={event.kind}
      data-step={event.step}
      data-state={state}
      data-highlighted={highlighted || undefined}
      className="report-event"
    >
      <span className="tabular report-event-time">{event.timeDisplay}</span>
      <span className={`report-event-tag ${TONE_TEXT_CLASSES[event.colour]}`}>{KIND_TAGS[event.kind]}</span>
      <span className="min-w-0 break-words text-ink">
        {highlighted && (
          <>
            <span aria-hidden="true" className="text-accent">
              ★{' '}
            </span>
            <span className="sr-only">Highlighted player: </span>
          </>
        )}
        {event.message}
      </span>
    </li>
  );
});
