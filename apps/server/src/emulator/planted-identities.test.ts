import { GAMES } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { ALIAS_FADES, LOOK_ALIKE_PAIRS, newNameChance } from './planted-identities.ts';
import { createWorld } from './world.ts';
import { WORLD_STEP_MS } from './world-types.ts';

const START_MS = Date.parse('2026-03-02T00:00:00Z');
const DAY_MS = 86_400_000;

describe('planted identities (issue 19)', () => {
  it('are the same for a seed, with every alias pair and look-alike pair the world promises', () => {
    const first = createWorld({ seed: 1, startMs: START_MS }).plantedIdentities();
    const again = createWorld({ seed: 1, startMs: START_MS }).plantedIdentities();
    expect(again).toEqual(first);
    expect(first.aliasPairs).toHaveLength(ALIAS_FADES.length);
    expect(first.lookAlikePairs).toHaveLength(LOOK_ALIKE_PAIRS);
    const names = [...first.aliasPairs, ...first.lookAlikePairs].flatMap((pair) => pair.names);
    expect(new Set(names).size).toBe(names.length);
  });

  it('fades the old name out as the new one appears', () => {
    const pair = { fadeStartMs: START_MS, fadeDays: 4 };
    expect(newNameChance(pair, START_MS - 1)).toBe(0);
    expect(newNameChance(pair, START_MS + 2 * DAY_MS)).toBe(0.5);
    expect(newNameChance(pair, START_MS + 5 * DAY_MS)).toBe(1);
  });

  it('shows an alias pair under both names, never both at once; look-alikes meet', { timeout: 120_000 }, () => {
    const world = createWorld({ seed: 1, startMs: START_MS });
    const { aliasPairs, lookAlikePairs } = world.plantedIdentities();
    const stepsSeen = new Map<string, number>();
    let aliasesTogether = 0;
    let lookAlikesTogether = 0;
    for (let time = START_MS; time < START_MS + 4 * DAY_MS; time += WORLD_STEP_MS) {
      world.advanceTo(time);
      const online = new Set(
        GAMES.flatMap((game) => world.snapshots(game.id)).flatMap((server) =>
          server.players.map((player) => player.name),
        ),
      );
      for (const name of online) stepsSeen.set(name, (stepsSeen.get(name) ?? 0) + 1);
      for (const { names } of aliasPairs) if (online.has(names[0]) && online.has(names[1])) aliasesTogether += 1;
      for (const { names } of lookAlikePairs) if (online.has(names[0]) && online.has(names[1])) lookAlikesTogether += 1;
    }
    expect(aliasesTogether).toBe(0);
    // The first fade (from day ½, over 5 days) is well under way in four days: both names played for hours. Every
    // old name played, before its fade began.
    const [first] = aliasPairs;
    expect(stepsSeen.get(first?.names[1] ?? '') ?? 0).toBeGreaterThan(240);
    for (const { names } of aliasPairs) expect(stepsSeen.get(names[0]) ?? 0).toBeGreaterThan(240);
    expect(lookAlikesTogether).toBeGreaterThan(0);
  });
});
