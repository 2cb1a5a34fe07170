import { REPORT_MAX_POLL_SNAPSHOTS } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import type { TimelinePoll } from '../../domain/timeline-codec.ts';
import { buildLeaderboardSnapshots } from './leaderboard-snapshots.ts';

// Issue "Rounds": the report's snapshots come from the stored timeline, "one snapshot per poll, or per minute for
// long rounds: say which" (REPORT_MAX_POLL_SNAPSHOTS says which).

const START = Date.parse('2026-03-11T08:00:00.000Z');
const MINUTE = 60_000;

/** One poll every 30 s with one player whose score is the poll's number. */
function pollsEvery30s(count: number): TimelinePoll[] {
  return Array.from({ length: count }, (_, index) => ({
    at: START + index * 30_000,
    samples: [{ player: 0, score: index, kills: 0, deaths: 0, ping: 50, team: 1 }],
  }));
}

/** The polls a report shows a snapshot of, as seconds after START, and its interval. */
function snapshotsOf(polls: TimelinePoll[], maxPollSnapshots: number) {
  const { intervalMinutes, snapshots } = buildLeaderboardSnapshots(
    { names: ['Amy'], polls },
    ['Axis', 'Allies'],
    maxPollSnapshots,
  );
  return { intervalMinutes, seconds: snapshots.map((snapshot) => (Date.parse(snapshot.timestamp) - START) / 1000) };
}

describe('which polls a report shows', () => {
  it('shows every poll up to the limit', () => {
    const { intervalMinutes, seconds } = snapshotsOf(
      pollsEvery30s(REPORT_MAX_POLL_SNAPSHOTS),
      REPORT_MAX_POLL_SNAPSHOTS,
    );
    expect(intervalMinutes).toBeNull();
    expect(seconds).toEqual(Array.from({ length: REPORT_MAX_POLL_SNAPSHOTS }, (_, index) => index * 30));
  });

  it('shows the last poll of each minute when a round has a few polls too many', () => {
    // 241 polls: 120 minutes; minute spans from the first poll give 121 snapshots.
    const { intervalMinutes, seconds } = snapshotsOf(pollsEvery30s(241), 240);
    expect(intervalMinutes).toBe(1);
    expect(seconds).toHaveLength(121);
    expect(seconds.slice(0, 3)).toEqual([30, 90, 150]);
    expect(seconds.at(-1)).toBe((120 * MINUTE) / 1000);
  });

  it('widens the spans so a marathon round stays within the limit, final poll included', () => {
    // Ten hours at 30 s: 1201 polls, 600 minutes; 3-minute spans give 201 snapshots.
    const { intervalMinutes, seconds } = snapshotsOf(pollsEvery30s(1201), 240);
    expect(intervalMinutes).toBe(3);
    expect(seconds).toHaveLength(201);
    expect(seconds.at(-1)).toBe((600 * MINUTE) / 1000);
    // The last poll of the first span [0, 3 min) is the one at 2:30.
    expect(seconds[0]).toBe(150);
  });

  it('copes with no polls at all', () => {
    expect(snapshotsOf([], 240)).toEqual({ intervalMinutes: null, seconds: [] });
  });
});

describe('buildLeaderboardSnapshots', () => {
  it('ranks each poll by score, kills, fewer deaths, then name, and labels teams by index', () => {
    const { snapshots } = buildLeaderboardSnapshots(
      {
        names: ['Zed', 'Amy', 'Bo', 'Cy'],
        polls: [
          {
            at: START,
            samples: [
              { player: 0, score: 10, kills: 2, deaths: 1, ping: 30, team: 1 },
              { player: 1, score: 10, kills: 2, deaths: 1, ping: 40, team: 2 },
              { player: 2, score: 10, kills: 3, deaths: 5, ping: 50, team: 2 },
              { player: 3, score: 10, kills: 2, deaths: 0, ping: 60, team: 3 },
            ],
          },
        ],
      },
      ['Axis', 'Allies'],
      240,
    );
    expect(snapshots[0]?.entries.map((entry) => [entry.rank, entry.playerName, entry.teamLabel])).toEqual([
      [1, 'Bo', 'Allies'],
      [2, 'Cy', 'Team 3'],
      [3, 'Amy', 'Allies'],
      [4, 'Zed', 'Axis'],
    ]);
  });

  it('leaves out polls that saw nobody', () => {
    const polls = pollsEvery30s(3);
    polls[1] = { at: START + 30_000, samples: [] };
    const { snapshots } = buildLeaderboardSnapshots({ names: ['Amy'], polls }, ['Axis', 'Allies'], 240);
    expect(snapshots.map((snapshot) => snapshot.timestamp)).toEqual([
      '2026-03-11T08:00:00.000Z',
      '2026-03-11T08:01:00.000Z',
    ]);
  });

  it('refuses a timeline whose samples name a player it does not list', () => {
    expect(() => buildLeaderboardSnapshots({ names: [], polls: pollsEvery30s(1) }, ['Axis', 'Allies'], 240)).toThrow(
      /player 0 of 0/,
    );
  });
});
