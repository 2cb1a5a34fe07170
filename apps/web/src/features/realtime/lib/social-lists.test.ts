import type { DashboardFavoriteServer, OfflineBuddy, OnlineBuddy } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { fillPercent, isFavoriteOffline, sortOfflineBuddies, sortOnlineBuddies } from './social-lists.ts';

const offline = (playerName: string, lastSeen: string | null): OfflineBuddy => ({
  playerName,
  lastSeen,
  totalPlayTimeMinutes: 0,
  addedAt: '2026-01-01T00:00:00Z',
});

const server = (currentPlayers: number, maxPlayers: number, currentMap: string | null): DashboardFavoriteServer => ({
  id: 1,
  serverGuid: 'guid',
  serverName: 'Server',
  gameId: 'bf1942',
  currentPlayers,
  maxPlayers,
  currentMap,
  joinLink: null,
});

describe('social tab lists (spec §2 "Social side panel")', () => {
  it('"Offline buddies (sorted by last seen, newest first)": a name never seen goes last, ties by name', () => {
    const sorted = sortOfflineBuddies([
      offline('never', null),
      offline('old', '2026-11-01T10:00:00Z'),
      offline('newest', '2026-11-27T09:00:00Z'),
      // A timestamp without a zone is UTC (spec §9).
      offline('middle', '2026-11-20T10:00:00'),
      offline('also never', null),
    ]);
    expect(sorted.map((buddy) => buddy.playerName)).toEqual(['newest', 'middle', 'old', 'also never', 'never']);
  });

  it('online buddies by name', () => {
    const buddy = (playerName: string) => ({ playerName }) as OnlineBuddy;
    expect(sortOnlineBuddies([buddy('Zed'), buddy('adam'), buddy('Mike')]).map((b) => b.playerName)).toEqual([
      'adam',
      'Mike',
      'Zed',
    ]);
  });

  it('a favourite with no map or no slots is offline, with an empty fill bar', () => {
    expect(isFavoriteOffline(server(0, 32, null))).toBe(true);
    expect(isFavoriteOffline(server(0, 0, 'wake'))).toBe(true);
    expect(isFavoriteOffline(server(10, 32, 'wake'))).toBe(false);
    expect(fillPercent(server(0, 32, null))).toBe(0);
    expect(fillPercent(server(16, 32, 'wake'))).toBe(50);
    expect(fillPercent(server(40, 32, 'wake'))).toBe(100);
  });
});
