import { describe, expect, it } from 'vitest';
import { asServerGuid } from '../domain/ids.ts';
import { EventBus } from './event-bus.ts';
import type { TrackerEvent } from './tracker/tracker-events.ts';

const online: TrackerEvent = {
  type: 'playerOnline',
  playerName: 'Alice',
  serverGuid: asServerGuid('g'),
  serverName: 'S',
  mapName: 'wake',
  joinLink: null,
  at: 1,
};

describe('EventBus', () => {
  it('delivers each event to the handlers of its type only', () => {
    const bus = new EventBus(() => undefined);
    const seen: string[] = [];
    bus.on('playerOnline', (event) => seen.push(`online ${event.playerName}`));
    bus.on('roundClosed', () => seen.push('closed'));
    bus.publish(online, 1);
    expect(seen).toEqual(['online Alice']);
  });

  it('keeps delivering when one handler fails, and reports the failure', () => {
    const failures: unknown[] = [];
    const bus = new EventBus((error) => failures.push(error));
    const seen: string[] = [];
    bus.on('playerOnline', () => {
      throw new Error('broken subscriber');
    });
    bus.on('playerOnline', (event) => seen.push(event.playerName));
    bus.publish(online, 1);
    expect(seen).toEqual(['Alice']);
    expect(failures).toHaveLength(1);
  });

  it('unsubscribes', () => {
    const bus = new EventBus(() => undefined);
    const seen: string[] = [];
    const off = bus.on('playerOnline', (event) => seen.push(event.playerName));
    off();
    bus.publish(online, 1);
    expect(seen).toEqual([]);
  });
});
