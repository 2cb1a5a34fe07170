import type { GameId } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { Random } from '../random.ts';
import type { ServerKind } from '../world-data/server-list.ts';
import type { MapDefinition } from '../world-types.ts';
import { chooseRotation } from './map-rotations.ts';

/** A hundred rotations of one kind of server, each from its own stream. */
function rotationsOf(game: GameId, kind: ServerKind, maxPlayers: 32 | 64): ReturnType<typeof chooseRotation>[] {
  return Array.from({ length: 100 }, (_, seed) => chooseRotation(new Random(seed), game, kind, maxPlayers));
}

const names = (rotation: readonly MapDefinition[]): string[] => rotation.map((map) => map.name);
const types = (rotation: readonly MapDefinition[]): Set<string> => new Set(rotation.map((map) => map.gameType));

describe('chooseRotation', () => {
  it('never repeats a map within a rotation', () => {
    for (const kind of ['mixed', 'conquest', 'theatre', 'ctf', 'tdm', 'coop', 'private'] as const) {
      for (const { rotation } of rotationsOf('bf1942', kind, 32)) {
        expect(new Set(names(rotation)).size, `${kind}: ${names(rotation).join(', ')}`).toBe(rotation.length);
      }
    }
  });

  it('gives a 24/7 server one conquest map', () => {
    for (const game of ['bf1942', 'bfvietnam'] as const) {
      for (const { rotation, theatre } of rotationsOf(game, 'single-map', 32)) {
        expect(rotation).toHaveLength(1);
        expect(rotation[0]?.gameType).toBe('conquest');
        expect(theatre).toBeNull();
      }
    }
  });

  it('keeps a theatre server to its theatre’s conquest maps, 4 to 8 of them', () => {
    for (const { rotation, theatre } of rotationsOf('bf1942', 'theatre', 32)) {
      expect(theatre).not.toBeNull();
      expect(rotation.length).toBeGreaterThanOrEqual(4);
      expect(rotation.length).toBeLessThanOrEqual(8);
      for (const map of rotation) expect(theatre?.maps.has(map.name), map.name).toBe(true);
      expect(types(rotation)).toEqual(new Set(['conquest']));
    }
  });

  it('gives CTF, TDM and co-op servers only rounds of their mode', () => {
    for (const kind of ['ctf', 'tdm'] as const) {
      for (const { rotation } of rotationsOf('bf1942', kind, 32)) {
        expect(types(rotation)).toEqual(new Set([kind]));
        expect(rotation.length).toBeLessThanOrEqual(6);
      }
    }
    for (const { rotation } of rotationsOf('bf1942', 'coop', 32)) expect(types(rotation)).toEqual(new Set(['coop']));
    for (const { rotation } of rotationsOf('fh2', 'coop', 64)) expect(types(rotation)).toEqual(new Set(['gpm_coop']));
  });

  it('slips a CTF or TDM round into some public BF1942 rotations, never as the first map', () => {
    const rotations = rotationsOf('bf1942', 'mixed', 64).map(({ rotation }) => rotation);
    const withExtra = rotations.filter((rotation) => rotation.some((map) => map.gameType !== 'conquest'));
    expect(withExtra.length).toBeGreaterThan(10);
    expect(withExtra.length).toBeLessThan(45);
    for (const rotation of rotations) {
      expect(rotation.length).toBeGreaterThanOrEqual(5);
      expect(rotation.length).toBeLessThanOrEqual(10);
      expect(rotation[0]?.gameType).toBe('conquest');
      expect(rotation.filter((map) => map.gameType !== 'conquest').length).toBeLessThanOrEqual(1);
    }
    // Vietnam's public servers run conquest only.
    for (const { rotation } of rotationsOf('bfvietnam', 'mixed', 32)) {
      expect(types(rotation)).toEqual(new Set(['conquest']));
    }
  });

  it('runs the FH2 layers that fit the slots: 64-player layers on 64 slots, the small ones on 32', () => {
    for (const kind of ['mixed', 'theatre', 'coop', 'private'] as const) {
      for (const { rotation } of rotationsOf('fh2', kind, 64)) {
        expect(new Set(rotation.map((map) => map.size)), kind).toEqual(new Set([64]));
      }
      for (const { rotation } of rotationsOf('fh2', kind, 32)) {
        for (const map of rotation) expect([16, 32], `${kind}: ${map.name}`).toContain(map.size);
      }
    }
  });
});
