import { GAMES, type GameId } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { MAPS } from './maps.ts';

describe('MAPS', () => {
  it('has enough real maps per game, each with two team labels and sane tickets and time limits', () => {
    const distinctNames = (game: GameId): number => new Set(MAPS[game].map((map) => map.name)).size;
    expect(distinctNames('bf1942')).toBeGreaterThanOrEqual(16);
    expect(distinctNames('fh2')).toBeGreaterThanOrEqual(10);
    expect(distinctNames('bfvietnam')).toBeGreaterThanOrEqual(8);
    for (const game of GAMES.map((entry) => entry.id)) {
      for (const map of MAPS[game]) {
        expect(map.name, map.name).toMatch(/^[a-z0-9_]+$/);
        expect(map.teams[0]).not.toBe(map.teams[1]);
        expect(map.timeLimitSeconds).toBeGreaterThanOrEqual(20 * 60);
        expect(map.timeLimitSeconds).toBeLessThanOrEqual(60 * 60);
        expect(map.tickets).toBeGreaterThanOrEqual(0);
        if (map.gameType === 'conquest') {
          expect(map.tickets).toBeGreaterThanOrEqual(100);
          expect(map.tickets).toBeLessThanOrEqual(300);
          expect(map.timeLimitSeconds).toBeLessThanOrEqual(40 * 60);
        }
      }
    }
  });

  it('has no two layers of one game with the same map, game type and size', () => {
    for (const game of GAMES.map((entry) => entry.id)) {
      const keys = MAPS[game].map((map) => `${map.name}|${map.gameType}|${map.size ?? ''}`);
      expect(new Set(keys).size, game).toBe(keys.length);
    }
  });
});
