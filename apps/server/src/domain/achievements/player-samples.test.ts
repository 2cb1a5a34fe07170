import { describe, expect, it } from 'vitest';
import { decodeTimeline, encodeTimeline, type Timeline, type TimelinePlayerSample } from '../timeline-codec.ts';
import { samplesByPlayer } from './player-samples.ts';

const sample = (player: number, kills: number, deaths = 0): TimelinePlayerSample => ({
  player,
  score: kills * 2,
  kills,
  deaths,
  ping: 40 + player,
  team: 1 + (player % 2),
});

describe('samplesByPlayer (issue 18: "computed … from the round\'s own timeline")', () => {
  it("gives each name its samples in poll order, skipping polls it missed, through the codec's round trip", () => {
    const timeline: Timeline = {
      names: ['Alpha', 'Bravo', 'Charlie'],
      polls: [
        { at: 1_000, samples: [sample(0, 0), sample(1, 0)] },
        { at: 31_000, samples: [sample(1, 1), sample(0, 2, 1)] },
        // Alpha is away for a poll, then back.
        { at: 61_000, samples: [sample(1, 3)] },
        { at: 91_000, samples: [sample(0, 0), sample(1, 3, 1)] },
      ],
    };
    const byPlayer = samplesByPlayer(decodeTimeline(encodeTimeline(timeline)));
    expect([...byPlayer.keys()]).toEqual(['Alpha', 'Bravo']);
    expect(byPlayer.get('Alpha')).toEqual([
      { at: 1_000, score: 0, kills: 0, deaths: 0, ping: 40, team: 1 },
      { at: 31_000, score: 4, kills: 2, deaths: 1, ping: 40, team: 1 },
      { at: 91_000, score: 0, kills: 0, deaths: 0, ping: 40, team: 1 },
    ]);
    expect(byPlayer.get('Bravo')?.map((row) => [row.at, row.kills, row.deaths])).toEqual([
      [1_000, 0, 0],
      [31_000, 1, 0],
      [61_000, 3, 0],
      [91_000, 3, 1],
    ]);
  });

  it('refuses a timeline that lists a name twice or samples a player it does not name', () => {
    expect(() => samplesByPlayer({ names: ['Alpha', 'Alpha'], polls: [] })).toThrow(/more than once/);
    expect(() => samplesByPlayer({ names: ['Alpha'], polls: [{ at: 0, samples: [sample(1, 0)] }] })).toThrow(
      /player 1 of 1/,
    );
  });
});
