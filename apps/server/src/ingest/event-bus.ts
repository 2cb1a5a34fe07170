import type { TrackerEvent } from './tracker/tracker-events.ts';

/**
 * The in-process bus on which the collector publishes what the tracker noticed, after the poll that
 * caused it is committed. Subscribers (the hub, round-closed processing) must not be able to break the
 * collector, so a failing handler is reported and the others still run.
 */

type EventOf<Type extends TrackerEvent['type']> = Extract<TrackerEvent, { type: Type }>;
/** `committedAt`: when the poll's transaction committed (ms since the epoch, sub-millisecond), for latency figures. */
type Handler<Type extends TrackerEvent['type']> = (event: EventOf<Type>, committedAt: number) => void;

export class EventBus {
  readonly #handlers = new Map<TrackerEvent['type'], Set<(event: TrackerEvent, committedAt: number) => void>>();
  readonly #onHandlerError: (error: unknown, event: TrackerEvent) => void;

  constructor(onHandlerError: (error: unknown, event: TrackerEvent) => void) {
    this.#onHandlerError = onHandlerError;
  }

  /** Subscribes to one kind of event; returns the function that unsubscribes. */
  on<Type extends TrackerEvent['type']>(type: Type, handler: Handler<Type>): () => void {
    const handlers = this.#handlers.get(type) ?? new Set();
    this.#handlers.set(type, handlers);
    const untyped = handler as (event: TrackerEvent, committedAt: number) => void;
    handlers.add(untyped);
    return () => handlers.delete(untyped);
  }

  publish(event: TrackerEvent, committedAt: number): void {
    for (const handler of this.#handlers.get(event.type) ?? []) {
      try {
        handler(event, committedAt);
      } catch (error) {
        this.#onHandlerError(error, event);
      }
    }
  }
}
