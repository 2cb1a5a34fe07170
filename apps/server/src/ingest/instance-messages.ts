import type { GameId } from '@frontline/contract';
import type { TrackerEvent } from './tracker/tracker-events.ts';

/**
 * What the collecting instance of a PostgreSQL deployment tells every instance, itself included
 * (db/postgres/instance-channel.ts): each tracker event once its poll is committed, and that a game's live list
 * changed (the list itself is in `live_lists`, too large for a notification).
 */
export type InstanceMessage =
  { kind: 'event'; event: TrackerEvent; committedAt: number } | { kind: 'list'; game: GameId };
