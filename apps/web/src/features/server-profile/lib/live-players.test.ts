import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIVE_SORT,
  LIVE_TONE_CLASSES,
  deathsTone,
  groupPlayersByTeam,
  killsTone,
  nextLiveSort,
  pingTone,
  scoreTone,
  sortLivePlayers,
  type LivePlayer,
} from './live-players.ts';

function player(name: string, overrides: Partial<LivePlayer> = {}): LivePlayer {
  return { name, score: 0, kills: 0, deaths: 0, ping: 40, team: 1, teamLabel: 'Allies', aiBot: false, ...overrides };
}

const names = (players: readonly LivePlayer[]) => players.map((item) => item.name);

describe("live players sorting (spec §2: 'Default sort score descending; same header toggles; new column starts descending except name ascending')", () => {
  const players = [
    player('bravo', { score: 10, kills: 1, deaths: 9, ping: 30 }),
    player('Alpha', { score: 50, kills: 7, deaths: 2, ping: 120 }),
    player('charlie', { score: 30, kills: 12, deaths: 5, ping: 80 }),
  ];

  it('starts on score, highest first', () => {
    expect(DEFAULT_LIVE_SORT).toEqual({ key: 'score', direction: 'desc' });
    expect(names(sortLivePlayers(players, DEFAULT_LIVE_SORT))).toEqual(['Alpha', 'charlie', 'bravo']);
  });

  it('toggles the direction when the same header is clicked again', () => {
    const once = nextLiveSort(DEFAULT_LIVE_SORT, 'score');
    expect(once).toEqual({ key: 'score', direction: 'asc' });
    expect(nextLiveSort(once, 'score')).toEqual({ key: 'score', direction: 'desc' });
  });

  it('starts a new numeric column descending and the name column ascending', () => {
    for (const key of ['kills', 'deaths', 'ping'] as const) {
      expect(nextLiveSort({ key: 'name', direction: 'asc' }, key)).toEqual({ key, direction: 'desc' });
    }
    expect(nextLiveSort(DEFAULT_LIVE_SORT, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });

  it('sorts names case-insensitively and numbers by value', () => {
    expect(names(sortLivePlayers(players, { key: 'name', direction: 'asc' }))).toEqual(['Alpha', 'bravo', 'charlie']);
    expect(names(sortLivePlayers(players, { key: 'ping', direction: 'desc' }))).toEqual(['Alpha', 'charlie', 'bravo']);
    expect(names(sortLivePlayers(players, { key: 'kills', direction: 'asc' }))).toEqual(['bravo', 'Alpha', 'charlie']);
  });

  it('breaks ties by name so equal scores keep their places between refreshes', () => {
    const tied = [player('zulu', { score: 5 }), player('mike', { score: 5 }), player('alpha', { score: 5 })];
    expect(names(sortLivePlayers(tied, { key: 'score', direction: 'desc' }))).toEqual(['alpha', 'mike', 'zulu']);
    expect(names(sortLivePlayers(tied, { key: 'score', direction: 'asc' }))).toEqual(['alpha', 'mike', 'zulu']);
  });

  it('sorts legacy-encoded names by the letters shown', () => {
    // "Âåðà" is cp1251 "Вера" read as cp1252; shown (and sorted) as Вера, after the Latin names.
    const mixed = [player('Âåðà'), player('Zulu'), player('alpha')];
    expect(names(sortLivePlayers(mixed, { key: 'name', direction: 'asc' }))).toEqual(['alpha', 'Zulu', 'Âåðà']);
  });

  it('does not reorder the array it was given', () => {
    const copy = [...players];
    sortLivePlayers(players, { key: 'name', direction: 'desc' });
    expect(players).toEqual(copy);
  });
});

describe("teams (spec §2: 'one table per team with header of team label and {tickets} tickets')", () => {
  it('groups players under the listed teams, in team order, with their tickets', () => {
    const groups = groupPlayersByTeam(
      [player('a', { team: 2, teamLabel: 'Axis' }), player('b', { team: 1 }), player('c', { team: 2 })],
      [
        { index: 2, label: 'Axis', tickets: 120 },
        { index: 1, label: 'Allies', tickets: 80 },
      ],
    );
    expect(groups.map((group) => [group.label, group.tickets, names(group.players)])).toEqual([
      ['Allies', 80, ['b']],
      ['Axis', 120, ['a', 'c']],
    ]);
  });

  it('keeps players of a team the server did not list, under their own team label', () => {
    const groups = groupPlayersByTeam(
      [
        player('a', { team: 1 }),
        player('spectator', { team: 0, teamLabel: '' }),
        player('b', { team: 3, teamLabel: 'NVA' }),
      ],
      [{ index: 1, label: 'Allies', tickets: null }],
    );
    expect(groups.map((group) => [group.index, group.label, group.tickets])).toEqual([
      [0, 'Team 0', null],
      [1, 'Allies', null],
      [3, 'NVA', null],
    ]);
  });

  it('shows a listed team even when nobody is on it', () => {
    const groups = groupPlayersByTeam([], [{ index: 1, label: 'Allies', tickets: 10 }]);
    expect(groups).toEqual([{ index: 1, label: 'Allies', tickets: 10, players: [] }]);
  });
});

describe("live table colours (spec §9: 'score at least 100 green, 50 blue, 25 orange; kills at least 30 red, 15 orange, 5 green; deaths at least 20 red, 10 orange, 5 green, else blue; ping at most 50 green, 100 blue, 150 orange, else red')", () => {
  it('colours scores', () => {
    expect([150, 100, 99, 50, 49, 25, 24, 0, -5].map(scoreTone)).toEqual([
      'green',
      'green',
      'blue',
      'blue',
      'orange',
      'orange',
      'plain',
      'plain',
      'plain',
    ]);
  });

  it('colours kills', () => {
    expect([31, 30, 29, 15, 14, 5, 4, 0].map(killsTone)).toEqual([
      'red',
      'red',
      'orange',
      'orange',
      'green',
      'green',
      'plain',
      'plain',
    ]);
  });

  it('colours deaths, blue below 5', () => {
    expect([25, 20, 19, 10, 9, 5, 4, 0].map(deathsTone)).toEqual([
      'red',
      'red',
      'orange',
      'orange',
      'green',
      'green',
      'blue',
      'blue',
    ]);
  });

  it('colours ping, lower is better', () => {
    expect([0, 50, 51, 100, 101, 150, 151, 999].map(pingTone)).toEqual([
      'green',
      'green',
      'blue',
      'blue',
      'orange',
      'orange',
      'red',
      'red',
    ]);
  });

  it('maps the tones to the theme tokens (orange is the warning colour)', () => {
    expect(LIVE_TONE_CLASSES).toEqual({
      green: 'text-good',
      blue: 'text-info',
      orange: 'text-warn',
      red: 'text-danger',
      plain: 'text-ink',
    });
  });
});
