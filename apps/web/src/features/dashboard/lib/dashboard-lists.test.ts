import { describe, expect, it } from 'vitest';
import { describePresence, serverFill, sortBuddies } from './dashboard-lists.ts';
import { buddy, favoriteServer, livePlayer } from './test-fixtures.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

describe("buddies (spec §4: 'sorted online first, then alphabetically by buddyPlayerName')", () => {
  it('puts online buddies first, each group by name whatever the letter case', () => {
    const sorted = sortBuddies([
      buddy(1, 'zulu', livePlayer('zulu', { isOnline: true })),
      buddy(2, 'Alpha'),
      buddy(3, 'bravo', livePlayer('bravo', { isOnline: true })),
      buddy(4, 'charlie', livePlayer('charlie')),
      buddy(5, 'Bravo2'),
    ]);
    expect(sorted.map((entry) => entry.buddyPlayerName)).toEqual(['bravo', 'zulu', 'Alpha', 'Bravo2', 'charlie']);
  });
});

describe("presence (spec §2: 'With a current server it shows the server link and map; without one it shows Online; offline shows a relative last-seen')", () => {
  it('tells playing, online and offline apart', () => {
    expect(
      describePresence(livePlayer('a', { isOnline: true, currentServer: 'Alpha', currentMap: 'berlin' }), NOW),
    ).toEqual({ kind: 'playing', serverName: 'Alpha', mapName: 'berlin' });
    expect(describePresence(livePlayer('a', { isOnline: true }), NOW)).toEqual({ kind: 'online' });
    expect(describePresence(livePlayer('a', { lastSeenIso: '2026-11-21T09:00:00Z' }), NOW)).toEqual({
      kind: 'offline',
      lastSeen: 'Last seen 3 hours ago',
    });
    // A timestamp without a zone is UTC (spec §9).
    expect(describePresence(livePlayer('a', { lastSeenIso: '2026-11-21T11:59:30' }), NOW)).toEqual({
      kind: 'offline',
      lastSeen: 'Last seen just now',
    });
  });

  it('says a name the collector has never seen has not been seen yet', () => {
    expect(describePresence(null, NOW)).toEqual({ kind: 'offline', lastSeen: 'Not seen yet' });
    expect(describePresence(livePlayer('a'), NOW)).toEqual({ kind: 'offline', lastSeen: 'Not seen yet' });
  });
});

describe("server fill (spec §2: 'intensity steps: empty, under 50%, 50%, 75%, full'; no currentMap is offline)", () => {
  it('steps with the share of slots taken', () => {
    const fill = (activeSessions: number) => serverFill(favoriteServer(1, 's', { activeSessions, maxPlayers: 32 }));
    expect([0, 1, 15, 16, 23, 24, 31, 32].map(fill)).toEqual([
      'empty',
      'low',
      'low',
      'active',
      'active',
      'hot',
      'hot',
      'full',
    ]);
    expect(serverFill(favoriteServer(1, 's', { currentMap: null, activeSessions: 0 }))).toBe('offline');
  });
});
