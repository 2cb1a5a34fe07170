import { LEADER_EVENT_EVERY_SNAPSHOTS, OBJECTIVE_EVENT_MIN_SCORE } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { buildBattleEvents, revealedCounts, type BattleEvent } from './battle-events.ts';
import { report, sampleReport, snapshot, type Line } from './test-fixtures.ts';

// Spec site-statistics §4 "Round replay": "A synthetic event timeline is built from snapshots; minute checkpoints;
// an event with score over 50 points and no kills counts as an objective; a leader event is added every 3rd
// snapshot"; §3 "Console event: timestamp, message, colour, original index, time display".

const brief = (events: BattleEvent[]) =>
  events.map((event) => [event.step, event.timeDisplay, event.kind, event.message]);

/** A round of `count` polls 30 s apart where nobody's figures move (so only the round's own events remain). */
function quietRound(count: number, lines: readonly Line[] = [['Ann', 1, 10, 1, 0]]) {
  return report(Array.from({ length: count }, (_, index) => snapshot(index * 30, lines)));
}

describe('buildBattleEvents', () => {
  it('replays a round from its scoreboards: start, kills, an objective, checkpoints, a leader, the end', () => {
    expect(brief(buildBattleEvents(sampleReport()))).toEqual([
      [0, '0:10', 'start', 'Battle begins on Wake Island with 2 soldiers on the field'],
      [1, '0:40', 'kill', 'Ann eliminated 2 enemies (+10 pts)'],
      [2, '1:10', 'checkpoint', 'Minute 1'],
      [2, '1:10', 'objective', 'Bob completed an objective (+60 pts)'],
      [2, '1:10', 'leader', 'Bob leads with 62 pts (0/1)'],
      [3, '1:40', 'kill', 'Ann eliminated 2 enemies (+10 pts)'],
      // Cid first appears here: his whole line is new.
      [3, '1:40', 'kill', 'Cid eliminated 2 enemies (+8 pts)'],
      [4, '2:10', 'checkpoint', 'Minute 2'],
      [4, '2:10', 'kill', 'Bob eliminated an enemy (+8 pts)'],
      [4, '2:10', 'kill', 'Ann eliminated 2 enemies (+10 pts)'],
      [5, '2:30', 'kill', 'Bob eliminated an enemy (+5 pts)'],
      [5, '2:30', 'kill', 'Ann eliminated 2 enemies (+10 pts)'],
      // The 6th snapshot is the last: the end names the leader instead of a leader event.
      [5, '2:30', 'end', 'Battle over! Bob tops the scoreboard with 75 pts'],
    ]);
  });

  it('gives every event its timestamp, colour, original index and players', () => {
    const source = sampleReport();
    const events = buildBattleEvents(source);
    expect(events.map((event) => event.originalIndex)).toEqual(events.map((_, index) => index));
    for (const event of events) expect(event.timestamp).toBe(source.leaderboardSnapshots[event.step]?.timestamp);
    // One colour per kind, so kills, objectives and the leader read apart as the feed scrolls.
    const colourOfKind = Object.fromEntries(events.map((event) => [event.kind, event.colour]));
    expect(colourOfKind).toEqual({
      start: 'fair',
      kill: 'good',
      checkpoint: 'plain',
      objective: 'warn',
      leader: 'elite',
      end: 'elite',
    });
    for (const event of events) expect(event.colour, event.message).toBe(colourOfKind[event.kind]);
    expect(events.find((event) => event.kind === 'objective')?.players).toEqual(['Bob']);
    expect(events.find((event) => event.kind === 'checkpoint')?.players).toEqual([]);
    expect(events.find((event) => event.kind === 'start')?.players).toEqual([]);
    expect(events.at(-1)?.players).toEqual(['Bob']);
  });

  it(`counts an objective only above ${OBJECTIVE_EVENT_MIN_SCORE} points gained without a kill`, () => {
    const events = buildBattleEvents(
      report([
        snapshot(0, [
          ['Exact', 1, 0, 0, 0],
          ['Over', 1, 0, 0, 0],
          ['Killer', 2, 0, 0, 0],
          ['Dead', 2, 0, 0, 0],
        ]),
        snapshot(30, [
          ['Over', 1, 51, 0, 0],
          ['Exact', 1, 50, 0, 0],
          ['Killer', 2, 80, 1, 0],
          // Dying does not rule an objective out: only a kill explains points.
          ['Dead', 2, 70, 0, 1],
        ]),
      ]),
    );
    expect(events.filter((event) => event.kind === 'objective').map((event) => event.players[0])).toEqual([
      'Over',
      'Dead',
    ]);
    expect(events.find((event) => event.players[0] === 'Killer')?.message).toBe('Killer eliminated an enemy (+80 pts)');
  });

  it('measures a player from their last line when a poll missed them', () => {
    const events = buildBattleEvents(
      report([
        snapshot(0, [['Ann', 1, 40, 8, 2]]),
        snapshot(30, [['Bob', 2, 0, 0, 0]]),
        snapshot(60, [
          ['Ann', 1, 45, 9, 2],
          ['Bob', 2, 0, 0, 0],
        ]),
      ]),
    );
    expect(events.filter((event) => event.kind === 'kill').map((event) => event.message)).toEqual([
      'Ann eliminated an enemy (+5 pts)',
    ]);
  });

  it('counts a rejoined player (their deaths went down: a new scoreboard line) from zero', () => {
    const events = buildBattleEvents(
      report([
        snapshot(0, [
          ['Ann', 1, 90, 12, 6],
          ['Bob', 2, 90, 12, 6],
        ]),
        snapshot(30, [
          // Ann rejoined: her new line is what she gained, not 9 kills fewer.
          ['Ann', 1, 15, 3, 1],
          // Bob's line goes on: a team kill cost him points, which is neither a kill nor an objective.
          ['Bob', 2, 88, 12, 7],
        ]),
      ]),
    );
    expect(events.filter((event) => event.step === 1 && event.kind !== 'end').map((event) => event.message)).toEqual([
      'Ann eliminated 3 enemies (+15 pts)',
    ]);
  });

  it(`adds a leader event on every ${LEADER_EVENT_EVERY_SNAPSHOTS}rd snapshot but the last`, () => {
    const leaderSteps = (count: number) =>
      buildBattleEvents(quietRound(count))
        .filter((event) => event.kind === 'leader')
        .map((event) => event.step);
    expect(leaderSteps(10)).toEqual([2, 5, 8]);
    // The 9th snapshot is the last: its end event names the leader.
    expect(leaderSteps(9)).toEqual([2, 5]);
    expect(brief(buildBattleEvents(quietRound(3)).filter((event) => event.step === 2))).toEqual([
      [2, '1:00', 'checkpoint', 'Minute 1'],
      [2, '1:00', 'end', 'Battle over! Ann tops the scoreboard with 10 pts'],
    ]);
  });

  it('marks each new whole minute once, also where snapshots are minutes apart', () => {
    const checkpoints = (source: ReturnType<typeof report>) =>
      buildBattleEvents(source)
        .filter((event) => event.kind === 'checkpoint')
        .map((event) => [event.step, event.message]);
    // Polls every 30 s: a marker every other snapshot.
    expect(checkpoints(quietRound(6))).toEqual([
      [2, 'Minute 1'],
      [4, 'Minute 2'],
    ]);
    // A long round keeps one snapshot per 5 minutes: one marker per snapshot, 5 minutes apart.
    const lines: Line[] = [['Ann', 1, 0, 0, 0]];
    const long = report([snapshot(270, lines), snapshot(570, lines), snapshot(870, lines), snapshot(4470, lines)]);
    expect(checkpoints(long)).toEqual([
      [1, 'Minute 9'],
      [2, 'Minute 14'],
      [3, 'Minute 74'],
    ]);
    expect(buildBattleEvents(long).at(-1)?.timeDisplay).toBe('74:30');
  });

  it('opens and closes a one-snapshot round on the same step', () => {
    expect(brief(buildBattleEvents(quietRound(1)))).toEqual([
      [0, '0:00', 'start', 'Battle begins on Wake Island with 1 soldier on the field'],
      [0, '0:00', 'end', 'Battle over! Ann tops the scoreboard with 10 pts'],
    ]);
  });

  it('says that a round still being played is not over', () => {
    expect(
      buildBattleEvents({ ...quietRound(2), round: { ...quietRound(2).round, isActive: true } }).at(-1)?.message,
    ).toBe('Latest poll: the battle is still raging and Ann leads with 10 pts (1/0)');
  });

  it('writes names as shown: decoded, and cut at 25 characters', () => {
    const long = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ_long';
    const events = buildBattleEvents(
      report([
        snapshot(0, [
          ['Âåðòîëåòèê', 1, 0, 0, 0],
          [long, 2, 0, 0, 0],
        ]),
        snapshot(30, [
          ['Âåðòîëåòèê', 1, 10, 1, 0],
          [long, 2, 10, 1, 0],
        ]),
      ]),
    );
    const kills = events.filter((event) => event.kind === 'kill');
    expect(kills.map((event) => event.message)).toEqual([
      'Вертолетик eliminated an enemy (+10 pts)',
      'ABCDEFGHIJKLMNOPQRSTUVWXY… eliminated an enemy (+10 pts)',
    ]);
    // Tracking and highlighting compare the names as stored.
    expect(kills.map((event) => event.players[0])).toEqual(['Âåðòîëåòèê', long]);
  });

  it('has nothing to replay without snapshots', () => {
    expect(buildBattleEvents(report([]))).toEqual([]);
  });
});

describe('revealedCounts', () => {
  it('counts the events each step has revealed so far', () => {
    const events = buildBattleEvents(sampleReport());
    expect(revealedCounts(events, 6)).toEqual([1, 2, 5, 7, 10, 13]);
    expect(revealedCounts([], 2)).toEqual([0, 0]);
  });
});
