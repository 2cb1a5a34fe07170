import { describe, expect, it } from 'vitest';
import type { ServerSnapshot } from '../../domain/snapshot.ts';
import bf1942Page from './fixtures/bf1942-page-1.json' with { type: 'json' };
import fh2Page from './fixtures/fh2-page.json' with { type: 'json' };
import {
  MAX_GAME_TYPE_LENGTH,
  MAX_MAP_NAME_LENGTH,
  MAX_PLAYER_NAME_LENGTH,
  MAX_PLAYERS_PER_SERVER,
  MAX_SERVER_NAME_LENGTH,
  toWholeNumberIn,
} from './feed-limits.ts';
import { normaliseServerEntry } from './normalise.ts';

/** The feed's odd values and oversized entries (feed-limits.ts): rounded and clamped, or refused and counted. */

type Entry = Record<string, unknown>;

const elAlamein = (): Entry => structuredClone(bf1942Page.servers[0]) as Entry;
const goodwood = (): Entry => structuredClone(fh2Page.servers[0]) as Entry;
const playersOf = (entry: Entry): Entry[] => entry.players as Entry[];

function snapshotOf(result: ReturnType<typeof normaliseServerEntry>): ServerSnapshot {
  if (result.snapshot === undefined) throw new Error(`expected a snapshot, got problem: ${result.problem}`);
  return result.snapshot;
}

describe('toWholeNumberIn', () => {
  const range = { min: -10, max: 10 };
  it.each([
    [4.4, 4],
    [4.5, 5],
    [-4.6, -5],
    [1e300, 10],
    [-1e300, -10],
    [10, 10],
    [-0.2, 0],
  ])('%d → %d', (value, expected) => {
    expect(Object.is(toWholeNumberIn(value, range), expected)).toBe(true);
  });
});

describe('player numbers are rounded and clamped, the player kept', () => {
  it('a fractional ping and an absurd score, kills and deaths', () => {
    const entry = elAlamein();
    Object.assign(playersOf(entry)[0]!, { ping: 45.5, score: 1e300, kills: 1e300, deaths: -1e300, team: 1.2 });
    const result = normaliseServerEntry('bf1942', entry);
    expect(result.skippedPlayers).toBe(0);
    expect(snapshotOf(result).players[0]).toMatchObject({
      name: '[DoG]Rommel',
      ping: 46,
      score: 1_000_000,
      kills: 1_000_000,
      deaths: -1_000_000,
      team: 1,
    });
  });

  it('ping is clamped into 0..9,999 and team into 0..255', () => {
    const entry = elAlamein();
    Object.assign(playersOf(entry)[0]!, { ping: -3, team: 70_000 });
    Object.assign(playersOf(entry)[1]!, { ping: 123_456, team: -1 });
    const players = snapshotOf(normaliseServerEntry('bf1942', entry)).players;
    expect(players.slice(0, 2).map(({ ping, team }) => ({ ping, team }))).toEqual([
      { ping: 0, team: 255 },
      { ping: 9_999, team: 0 },
    ]);
  });

  it('a non-finite number (1e400 parses to Infinity) still skips and counts the player', () => {
    const entry = JSON.parse(JSON.stringify(elAlamein()).replace('"score":42', '"score":1e400')) as Entry;
    const result = normaliseServerEntry('bf1942', entry);
    expect(result.skippedPlayers).toBe(1);
    expect(snapshotOf(result).players.map((player) => player.name)).not.toContain('[DoG]Rommel');
  });
});

describe('server numbers are rounded and clamped', () => {
  it('tickets, time, slots and team indexes of a BF1942 server', () => {
    const entry = elAlamein();
    Object.assign(entry, {
      tickets1: 187.6,
      tickets2: 1e300,
      roundTimeRemain: 1042.2,
      roundTime: 1e300,
      numPlayers: 1e300,
      maxPlayers: 63.9,
      teams: [
        { index: 1.1, label: 'Axis', tickets: null },
        { index: 2, label: 'Allies', tickets: -1e300 },
      ],
    });
    const snapshot = snapshotOf(normaliseServerEntry('bf1942', entry));
    expect(snapshot).toMatchObject({
      tickets1: 188,
      tickets2: 1_000_000,
      roundTimeRemain: 1042,
      roundTimeLimit: 864_000,
      numPlayers: 1_000,
      maxPlayers: 64,
      teams: [
        { index: 1, label: 'Axis', tickets: 188 },
        { index: 2, label: 'Allies', tickets: -1_000_000 },
      ],
    });
  });

  it('the time limit of an FH2 server', () => {
    const entry = goodwood();
    entry.timelimit = 3600.4;
    expect(snapshotOf(normaliseServerEntry('fh2', entry)).roundTimeLimit).toBe(3600);
  });
});

describe('names are identities: a name over its limit refuses its entry, never truncated', () => {
  it(`a player name of ${MAX_PLAYER_NAME_LENGTH} characters is kept, one more skips and counts the player`, () => {
    const entry = elAlamein();
    playersOf(entry)[0]!.name = 'a'.repeat(MAX_PLAYER_NAME_LENGTH);
    playersOf(entry)[1]!.name = 'b'.repeat(MAX_PLAYER_NAME_LENGTH + 1);
    const result = normaliseServerEntry('bf1942', entry);
    expect(result.skippedPlayers).toBe(1);
    expect(snapshotOf(result).players.map((player) => player.name)).toEqual([
      'a'.repeat(MAX_PLAYER_NAME_LENGTH),
      'Jäger',
      'sniper_ace ',
    ]);
  });

  it('the log line shows only the start and the length of a huge name', () => {
    const entry = elAlamein();
    playersOf(entry)[0]!.name = 'x'.repeat(1_000_000);
    const result = normaliseServerEntry('bf1942', entry);
    expect(result.playerProblem).toMatch(/^player 0 "x{64}"… \(1000000 characters\): name: /);
    expect(result.playerProblem!.length).toBeLessThan(300);
  });

  it.each([
    ['name', MAX_SERVER_NAME_LENGTH],
    ['mapName', MAX_MAP_NAME_LENGTH],
    ['gameType', MAX_GAME_TYPE_LENGTH],
  ])('a server %s of %d characters is kept, one more refuses the server', (field, limit) => {
    const kept = elAlamein();
    kept[field] = 'm'.repeat(limit);
    expect(normaliseServerEntry('bf1942', kept).snapshot).toBeDefined();

    const refused = elAlamein();
    refused[field] = 'm'.repeat(limit + 1);
    const result = normaliseServerEntry('bf1942', refused);
    expect(result.snapshot).toBeUndefined();
    expect(result.problem).toMatch(new RegExp(`^server 192\\.0\\.2\\.10:14567: ${field}: `));
    expect(result.problem!.length).toBeLessThan(300);
  });
});

describe('a NUL character, which PostgreSQL keeps in no text, refuses its entry on either store', () => {
  it('a player named with one is skipped and counted, the others kept', () => {
    const entry = elAlamein();
    playersOf(entry)[0]!.name = 'Ali\u0000ce';
    const result = normaliseServerEntry('bf1942', entry);
    expect(result.skippedPlayers).toBe(1);
    expect(result.playerProblem).toMatch(/^player 0 .*: name: contains a NUL character/);
    expect(snapshotOf(result).players).toHaveLength(3);
  });

  it.each(['name', 'mapName'])('a server whose %s holds one is refused', (field) => {
    const entry = elAlamein();
    entry[field] = 'El Alamein\u0000';
    const result = normaliseServerEntry('bf1942', entry);
    expect(result.snapshot).toBeUndefined();
    expect(result.problem).toMatch(new RegExp(`^server 192\\.0\\.2\\.10:14567: ${field}: contains a NUL character`));
  });
});

describe('players per server', () => {
  const withPlayers = (count: number): Entry => {
    const entry = elAlamein();
    const model = playersOf(entry)[0]!;
    entry.players = Array.from({ length: count }, (_, index) => ({ ...model, name: `p${index}` }));
    entry.numPlayers = count;
    return entry;
  };

  it(`${MAX_PLAYERS_PER_SERVER} players are kept`, () => {
    expect(snapshotOf(normaliseServerEntry('bf1942', withPlayers(MAX_PLAYERS_PER_SERVER))).players).toHaveLength(
      MAX_PLAYERS_PER_SERVER,
    );
  });

  it('one more refuses the server (an FH2 one too)', () => {
    expect(normaliseServerEntry('bf1942', withPlayers(MAX_PLAYERS_PER_SERVER + 1))).toMatchObject({
      skippedPlayers: 0,
      problem: expect.stringMatching(/^server 192\.0\.2\.10:14567: players: /) as unknown,
    });
    const fh2 = goodwood();
    fh2.players = Array.from({ length: MAX_PLAYERS_PER_SERVER + 1 }, (_, index) => ({ name: `p${index}` }));
    expect(normaliseServerEntry('fh2', fh2).snapshot).toBeUndefined();
  });
});
