import { describe, expect, it } from 'vitest';
import type { ServerSnapshot } from '../../domain/snapshot.ts';
import bf1942Page from './fixtures/bf1942-page-1.json' with { type: 'json' };
import bf1942Page2 from './fixtures/bf1942-page-2.json' with { type: 'json' };
import bfvietnamPage from './fixtures/bfvietnam-page.json' with { type: 'json' };
import fh2Page from './fixtures/fh2-page.json' with { type: 'json' };
import { normaliseServerEntry, readServerAddress } from './normalise.ts';

type Entry = Record<string, unknown>;

function entryAt(page: { servers: object[] }, index: number): Entry {
  const entry = page.servers[index];
  if (entry === undefined) throw new Error(`fixture has no server ${index}`);
  // A deep copy, so that a test's changes never leak into the next one.
  return structuredClone(entry) as Entry;
}

function without(entry: Entry, ...keys: string[]): Entry {
  const copy = { ...entry };
  for (const key of keys) delete copy[key];
  return copy;
}

function snapshotOf(result: ReturnType<typeof normaliseServerEntry>): ServerSnapshot {
  if (result.snapshot === undefined) throw new Error(`expected a snapshot, got problem: ${result.problem}`);
  return result.snapshot;
}

function playersOf(entry: Entry): Entry[] {
  return entry.players as Entry[];
}

const elAlamein = (): Entry => entryAt(bf1942Page, 0);
const berlin = (): Entry => entryAt(bf1942Page, 2);
const omahaBeach = (): Entry => entryAt(bf1942Page2, 0);
const hue = (): Entry => entryAt(bfvietnamPage, 0);
const iaDrang = (): Entry => entryAt(bfvietnamPage, 1);
const goodwood = (): Entry => entryAt(fh2Page, 0);
const marethLine = (): Entry => entryAt(fh2Page, 1);

describe('BF1942 feed shape', () => {
  it('maps every field the snapshot needs and ignores the rest', () => {
    const result = normaliseServerEntry('bf1942', elAlamein());

    expect(result).toEqual({
      skippedPlayers: 0,
      snapshot: {
        game: 'bf1942',
        ip: '192.0.2.10',
        port: 14567,
        feedGuid: '7b3a63-12e36b3-6dac2c-8c0a76c',
        name: '=DoG= El Alamein 24/7 | www.dog-clan.example',
        mapName: 'el_alamein',
        gameType: 'conquest',
        numPlayers: 4,
        maxPlayers: 64,
        hasPassword: false,
        roundTimeRemain: 1042,
        roundTimeLimit: 1800,
        tickets1: 187,
        tickets2: 142,
        teams: [
          { index: 1, label: 'Axis', tickets: 187 },
          { index: 2, label: 'Allies', tickets: 142 },
        ],
        players: [
          { name: '[DoG]Rommel', score: 42, kills: 12, deaths: 5, ping: 48, team: 1, teamLabel: 'Axis', isBot: false },
          { name: 'Monty', score: 37, kills: 10, deaths: 7, ping: 62, team: 2, teamLabel: 'Allies', isBot: false },
          { name: 'Jäger', score: 15, kills: 4, deaths: 9, ping: 95, team: 1, teamLabel: 'Axis', isBot: false },
          { name: 'sniper_ace ', score: 8, kills: 2, deaths: 2, ping: 130, team: 2, teamLabel: 'Allies', isBot: false },
        ],
        joinLink: 'bf1942://192.0.2.10:14567',
      },
    });
  });

  it('keeps the game it was asked for (the same shape serves bf1942 and bfvietnam)', () => {
    expect(snapshotOf(normaliseServerEntry('bfvietnam', elAlamein())).game).toBe('bfvietnam');
  });

  it('trims nothing: server and player names are identities, stored raw', () => {
    const entry = elAlamein();
    entry.name = '  [NL] spaced server  ';
    playersOf(entry)[0] = { ...playersOf(entry)[0], name: ' \tLeading and trailing ' };

    const snapshot = snapshotOf(normaliseServerEntry('bf1942', entry));

    expect(snapshot.name).toBe('  [NL] spaced server  ');
    expect(snapshot.players.map((player) => player.name)).toEqual([
      ' \tLeading and trailing ',
      'Monty',
      'Jäger',
      'sniper_ace ',
    ]);
  });

  it('a passworded server without a join link: password true → hasPassword, joinLink null → null', () => {
    const snapshot = snapshotOf(normaliseServerEntry('bf1942', berlin()));

    expect(snapshot.hasPassword).toBe(true);
    expect(snapshot.joinLink).toBeNull();
    expect(snapshot.players).toEqual([]);
    expect(snapshot.numPlayers).toBe(0);
  });

  it('ignores fields it does not use, whatever their type', () => {
    const entry = { ...elAlamein(), averageFps: 'n/a', queryPort: null, status: { odd: true }, unpureMods: 7 };

    expect(normaliseServerEntry('bf1942', entry).snapshot).toBeDefined();
  });

  it('flags no BF1942 player as a bot: default bot names (BFPlayer) are for the tracker to recognise', () => {
    const snapshot = snapshotOf(normaliseServerEntry('bf1942', omahaBeach()));

    expect(snapshot.players.find((player) => player.name === 'BFPlayer')?.isBot).toBe(false);
  });

  it('fills each team’s tickets from tickets1/tickets2 when the teams carry none', () => {
    const snapshot = snapshotOf(normaliseServerEntry('bf1942', omahaBeach()));

    expect(snapshot.teams).toEqual([
      { index: 1, label: 'Axis', tickets: 58 },
      { index: 2, label: 'Allies', tickets: 203 },
    ]);
  });
});

describe('team label of a player: teamLabel, else the label of the team whose index equals the player’s team', () => {
  it('uses teamLabel when the player has one', () => {
    const entry = elAlamein();
    playersOf(entry)[0] = { ...playersOf(entry)[0], teamLabel: 'Afrika Korps' };

    expect(snapshotOf(normaliseServerEntry('bf1942', entry)).players[0]?.teamLabel).toBe('Afrika Korps');
  });

  it.each([
    ['null', null],
    ['empty', ''],
    ['absent', undefined],
  ])('falls back to the matching team’s label when teamLabel is %s', (_case, teamLabel) => {
    const entry = elAlamein();
    playersOf(entry)[1] = { ...playersOf(entry)[1], teamLabel };

    expect(snapshotOf(normaliseServerEntry('bf1942', entry)).players[1]).toMatchObject({
      name: 'Monty',
      team: 2,
      teamLabel: 'Allies',
    });
  });

  it('matches the team by index, not by position in teams[]', () => {
    const entry = elAlamein();
    entry.teams = [
      { index: 2, label: 'Allies' },
      { index: 1, label: 'Axis' },
    ];
    playersOf(entry)[0] = { ...playersOf(entry)[0], teamLabel: null };

    expect(snapshotOf(normaliseServerEntry('bf1942', entry)).players[0]?.teamLabel).toBe('Axis');
  });

  it('is null when neither the player nor a team with that index has a label', () => {
    const entry = elAlamein();
    entry.teams = [{ index: 1, label: '' }];
    playersOf(entry)[0] = { ...playersOf(entry)[0], teamLabel: null };
    playersOf(entry)[1] = { ...playersOf(entry)[1], teamLabel: null };

    const players = snapshotOf(normaliseServerEntry('bf1942', entry)).players;

    expect(players[0]?.teamLabel).toBeNull();
    expect(players[1]?.teamLabel).toBeNull();
  });
});

describe('lenient about absent optional fields and nulls (real feeds omit things)', () => {
  it.each<[string, Partial<ServerSnapshot>]>([
    ['guid', { feedGuid: null }],
    ['mapName', { mapName: '' }],
    ['gameType', { gameType: '' }],
    ['numPlayers', { numPlayers: 4 }],
    ['maxPlayers', { maxPlayers: 0 }],
    ['password', { hasPassword: false }],
    ['roundTimeRemain', { roundTimeRemain: null }],
    ['joinLink', { joinLink: null }],
    ['players', { players: [], numPlayers: 4 }],
  ])('server field %s absent or null → neutral value', (field, expected) => {
    for (const entry of [without(elAlamein(), field), { ...elAlamein(), [field]: null }]) {
      const result = normaliseServerEntry('bf1942', entry);

      expect(result.problem).toBeUndefined();
      expect(result.snapshot).toMatchObject(expected);
    }
  });

  it('numPlayers absent → the number of valid players listed', () => {
    const entry = without(elAlamein(), 'numPlayers');
    playersOf(entry).pop();

    expect(snapshotOf(normaliseServerEntry('bf1942', entry)).numPlayers).toBe(3);
  });

  it('tickets1/tickets2 absent or null and no team tickets → null, not 0', () => {
    for (const entry of [
      without(elAlamein(), 'tickets1', 'tickets2'),
      { ...elAlamein(), tickets1: null, tickets2: null },
    ]) {
      const snapshot = snapshotOf(normaliseServerEntry('bf1942', entry));

      expect([snapshot.tickets1, snapshot.tickets2]).toEqual([null, null]);
      expect(snapshot.teams.map((team) => team.tickets)).toEqual([null, null]);
    }
  });

  it('teams absent or null → no teams, and players keep their own labels', () => {
    for (const entry of [without(elAlamein(), 'teams'), { ...elAlamein(), teams: null }]) {
      const snapshot = snapshotOf(normaliseServerEntry('bf1942', entry));

      expect(snapshot.teams).toEqual([]);
      expect(snapshot.players[0]?.teamLabel).toBe('Axis');
    }
  });

  it('a team without a label (absent or null) gets an empty label', () => {
    const entry = { ...elAlamein(), teams: [{ index: 1 }, { index: 2, label: null }] };

    expect(snapshotOf(normaliseServerEntry('bf1942', entry)).teams).toEqual([
      { index: 1, label: '', tickets: 187 },
      { index: 2, label: '', tickets: 142 },
    ]);
  });

  it.each([['score'], ['kills'], ['deaths'], ['ping'], ['team']])(
    'player field %s absent or null → 0, player kept',
    (field) => {
      const entry = elAlamein();
      const original = playersOf(entry)[0] as Entry;
      entry.players = [without(original, field), { ...original, [field]: null }];

      const result = normaliseServerEntry('bf1942', entry);

      expect(result.skippedPlayers).toBe(0);
      expect(snapshotOf(result).players.map((player) => player[field as 'score'])).toEqual([0, 0]);
    },
  );

  it('player aibot/aiBot absent or null → not a bot', () => {
    const entry = elAlamein();
    entry.players = [{ name: 'a', aibot: null }, { name: 'b', aiBot: null }, { name: 'c' }];

    expect(snapshotOf(normaliseServerEntry('bf1942', entry)).players.map((player) => player.isBot)).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe('strict about what we cannot do without: a malformed server entry gives a problem and no snapshot', () => {
  it.each<[string, unknown]>([
    ['ip', undefined],
    ['ip', null],
    ['ip', ''],
    ['ip', 3221225994],
    ['port', undefined],
    ['port', null],
    ['port', '14567'],
    ['port', 0],
    ['port', 65536],
    ['port', 14567.5],
    ['name', undefined],
    ['name', null],
    ['name', 42],
  ])('%s = %j → problem naming the field', (field, value) => {
    const entry = value === undefined ? without(elAlamein(), field) : { ...elAlamein(), [field]: value };

    const result = normaliseServerEntry('bf1942', entry);

    expect(result.snapshot).toBeUndefined();
    expect(result.skippedPlayers).toBe(0);
    expect(result.problem).toContain(`${field}:`);
  });

  it.each<[string, unknown]>([
    ['numPlayers', '4'],
    ['maxPlayers', '64'],
    ['password', 'false'],
    ['password', 0],
    ['mapName', 17],
    ['tickets1', '150'],
    ['roundTimeRemain', '600'],
    ['guid', 123],
    ['joinLink', false],
    ['teams', 'Axis,Allies'],
    ['players', { 0: { name: 'x' } }],
  ])('an optional field that is present must have its type: %s = %j → problem', (field, value) => {
    const result = normaliseServerEntry('bf1942', { ...elAlamein(), [field]: value });

    expect(result.snapshot).toBeUndefined();
    expect(result.problem).toContain(`${field}:`);
  });

  it.each<[string, number]>([
    ['numPlayers', Number.POSITIVE_INFINITY],
    ['maxPlayers', Number.NaN],
    ['tickets1', Number.NEGATIVE_INFINITY],
    ['tickets2', Number.NaN],
    ['roundTimeRemain', Number.POSITIVE_INFINITY],
    ['port', Number.POSITIVE_INFINITY],
  ])('numbers must be finite: %s = %s → problem', (field, value) => {
    const result = normaliseServerEntry('bf1942', { ...elAlamein(), [field]: value });

    expect(result.snapshot).toBeUndefined();
    expect(result.problem).toContain(`${field}:`);
  });

  it('numbers must be finite: an out-of-range JSON literal (1e400 parses to Infinity) → problem', () => {
    const raw: unknown = JSON.parse('{"ip":"192.0.2.1","port":14567,"name":"x","tickets1":1e400}');

    expect(normaliseServerEntry('bf1942', raw).problem).toContain('tickets1:');
  });

  it('a malformed team entry makes the server entry malformed', () => {
    const result = normaliseServerEntry('bf1942', { ...elAlamein(), teams: [{ label: 'Axis' }] });

    expect(result.snapshot).toBeUndefined();
    expect(result.problem).toContain('teams.0.index:');
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', '192.0.2.10:14567'],
    ['an array', [{ ip: '192.0.2.10', port: 14567, name: 'x' }]],
    ['a number', 42],
  ])('an entry that is %s → problem', (_case, raw) => {
    const result = normaliseServerEntry('bf1942', raw);

    expect(result).toMatchObject({ skippedPlayers: 0 });
    expect(result.snapshot).toBeUndefined();
    expect(result.problem).toMatch(/^server entry: /);
  });

  it('the problem names the server by ip:port when those are readable', () => {
    const result = normaliseServerEntry('bf1942', { ...elAlamein(), name: null });

    expect(result.problem).toBe('server 192.0.2.10:14567: name: Invalid input: expected string, received null');
  });

  it('the problem lists at most three issues and counts the rest', () => {
    const result = normaliseServerEntry('bf1942', { port: 'x', numPlayers: 'x', maxPlayers: 'x', tickets1: 'x' });

    expect(result.problem).toMatch(/^server entry: ip: .*; port: .*; name: .* \(\+3 more\)$/);
  });
});

describe('a malformed player entry is skipped and counted, the server is kept', () => {
  it.each<[string, unknown]>([
    ['name absent', { score: 1, kills: 0, deaths: 0, ping: 50, team: 1 }],
    ['name null', { name: null, score: 1 }],
    ['name a number', { name: 1942, score: 1 }],
    ['score a string', { name: 'x', score: '12' }],
    ['kills Infinity', { name: 'x', kills: Number.POSITIVE_INFINITY }],
    ['deaths NaN', { name: 'x', deaths: Number.NaN }],
    ['team a string', { name: 'x', team: 'Axis' }],
    ['teamLabel a number', { name: 'x', teamLabel: 1 }],
    ['aibot a string', { name: 'x', aibot: 'yes' }],
    ['null', null],
    ['a string', 'Rommel'],
  ])('player entry with %s → skipped', (_case, badPlayer) => {
    const entry = elAlamein();
    playersOf(entry).splice(1, 0, badPlayer as Entry);

    const result = normaliseServerEntry('bf1942', entry);

    expect(result.skippedPlayers).toBe(1);
    expect(result.problem).toBeUndefined();
    expect(result.playerProblem).toMatch(/^player 1\b/);
    expect(snapshotOf(result).players.map((player) => player.name)).toEqual([
      '[DoG]Rommel',
      'Monty',
      'Jäger',
      'sniper_ace ',
    ]);
  });

  it('counts every skipped player, reports the first, and keeps the feed’s numPlayers', () => {
    const entry = elAlamein();
    entry.players = [{ name: 'ok' }, { name: 7 }, { name: 'fine', score: 3 }, { name: 'bad', ping: 'high' }];

    const result = normaliseServerEntry('bf1942', entry);

    expect(result.skippedPlayers).toBe(2);
    expect(result.playerProblem).toBe('player 1: name: Invalid input: expected string, received number');
    expect(snapshotOf(result).players.map((player) => player.name)).toEqual(['ok', 'fine']);
    expect(snapshotOf(result).numPlayers).toBe(4);
  });

  it('names the player in the problem when the name is readable', () => {
    const entry = elAlamein();
    entry.players = [{ name: 'Monty', score: '37' }];

    expect(normaliseServerEntry('bf1942', entry).playerProblem).toBe(
      'player 0 "Monty": score: Invalid input: expected number, received string',
    );
  });

  it('has no playerProblem when every player is valid', () => {
    expect(normaliseServerEntry('bf1942', elAlamein())).not.toHaveProperty('playerProblem');
  });
});

describe('BF Vietnam feed: same shape as BF1942', () => {
  it('tickets may only be in teams[index].tickets: tickets1/tickets2 are read from teams 1 and 2', () => {
    const snapshot = snapshotOf(normaliseServerEntry('bfvietnam', hue()));

    expect(snapshot).toMatchObject({
      game: 'bfvietnam',
      mapName: 'hue',
      tickets1: 174,
      tickets2: 131,
      teams: [
        { index: 1, label: 'NVA', tickets: 174 },
        { index: 2, label: 'US', tickets: 131 },
      ],
    });
  });

  it('team tickets are matched by index, not by position', () => {
    const entry = {
      ...hue(),
      teams: [
        { index: 2, label: 'US', tickets: 131 },
        { index: 1, label: 'NVA', tickets: 174 },
      ],
    };

    expect(snapshotOf(normaliseServerEntry('bfvietnam', entry))).toMatchObject({ tickets1: 174, tickets2: 131 });
  });

  it('top-level tickets1/tickets2 win when the feed sends both', () => {
    const entry = { ...hue(), tickets1: 10, tickets2: 20 };

    const snapshot = snapshotOf(normaliseServerEntry('bfvietnam', entry));

    expect([snapshot.tickets1, snapshot.tickets2]).toEqual([10, 20]);
    // Each team keeps what it reported itself.
    expect(snapshot.teams.map((team) => team.tickets)).toEqual([174, 131]);
  });

  it('roundTimeRemain absent → null (unknown), not 0', () => {
    const snapshot = snapshotOf(normaliseServerEntry('bfvietnam', iaDrang()));

    expect(snapshot.roundTimeRemain).toBeNull();
    expect([snapshot.tickets1, snapshot.tickets2]).toEqual([300, 288]);
  });

  it('roundTimeRemain is kept when a BFV server does report it', () => {
    expect(snapshotOf(normaliseServerEntry('bfvietnam', hue())).roundTimeRemain).toBe(700);
  });

  it('player with teamLabel null gets the label of the team with its index', () => {
    expect(snapshotOf(normaliseServerEntry('bfvietnam', iaDrang())).players).toEqual([
      { name: 'Hal Moore', score: 3, kills: 1, deaths: 0, ping: 52, team: 2, teamLabel: 'US', isBot: false },
    ]);
  });
});

describe('FH2 feed shape', () => {
  it('maps every field the snapshot needs: no tickets, no time remaining', () => {
    expect(normaliseServerEntry('fh2', goodwood())).toEqual({
      skippedPlayers: 0,
      snapshot: {
        game: 'fh2',
        ip: '192.0.2.200',
        port: 16567,
        feedGuid: '0c1d2e-3f4a5b6-7c8d9e0-1f2a3b4',
        name: 'FH2 Official | Normandy',
        mapName: 'operation_goodwood',
        gameType: 'gpm_cq',
        numPlayers: 3,
        maxPlayers: 64,
        hasPassword: false,
        roundTimeRemain: null,
        // FH2's `timelimit`: how long a round may last, never a time remaining.
        roundTimeLimit: 3600,
        tickets1: null,
        tickets2: null,
        teams: [
          { index: 1, label: 'Ger', tickets: null },
          { index: 2, label: 'Gb', tickets: null },
        ],
        players: [
          { name: 'Wittmann', score: 31, kills: 9, deaths: 4, ping: 45, team: 1, teamLabel: 'Ger', isBot: false },
          { name: 'Tommy', score: 22, kills: 6, deaths: 5, ping: 58, team: 2, teamLabel: 'Gb', isBot: false },
          { name: 'Pvt. Schulz', score: 4, kills: 1, deaths: 3, ping: 0, team: 1, teamLabel: 'Ger', isBot: true },
        ],
        joinLink: null,
      },
    });
  });

  it('roundTimeRemain = null: it is not invented from timelimit', () => {
    const entry = { ...goodwood(), timelimit: 3600, roundTimeRemain: 1200 };

    expect(snapshotOf(normaliseServerEntry('fh2', entry)).roundTimeRemain).toBeNull();
  });

  it('tickets null, even if a team or the entry carries a tickets field', () => {
    const entry = {
      ...goodwood(),
      tickets1: 200,
      tickets2: 180,
      teams: [
        { index: 1, label: 'Ger', tickets: 200 },
        { index: 2, label: 'Gb', tickets: 180 },
      ],
    };

    const snapshot = snapshotOf(normaliseServerEntry('fh2', entry));

    expect([snapshot.tickets1, snapshot.tickets2]).toEqual([null, null]);
    expect(snapshot.teams.map((team) => team.tickets)).toEqual([null, null]);
  });

  it('aibot → isBot', () => {
    const players = snapshotOf(normaliseServerEntry('fh2', marethLine())).players;

    expect(players.map((player) => [player.name, player.isBot])).toEqual([
      ['DesertFox', false],
      ['Rifleman Atkins', true],
    ]);
  });

  it('the clan tag is not part of the name: identity is `name` exactly as sent, without the tag', () => {
    const players = snapshotOf(normaliseServerEntry('fh2', goodwood())).players;

    expect(players[0]?.name).toBe('Wittmann');
    expect(players.some((player) => player.name.includes('=JG1='))).toBe(false);
  });

  it('team tickets are not read, so not checked: an odd team tickets value never costs the server', () => {
    const entry = { ...goodwood(), teams: [{ index: 1, label: 'Ger', tickets: 'n/a' }] };

    expect(snapshotOf(normaliseServerEntry('fh2', entry)).teams).toEqual([{ index: 1, label: 'Ger', tickets: null }]);
  });

  it('tag and pid are not checked: an odd tag or pid never costs a player', () => {
    const entry = goodwood();
    playersOf(entry)[0] = { ...playersOf(entry)[0], tag: 12, pid: 'not-a-number' };

    const result = normaliseServerEntry('fh2', entry);

    expect(result.skippedPlayers).toBe(0);
    expect(snapshotOf(result).players).toHaveLength(3);
  });

  it('a join link is kept if the FH2 feed ever sends one', () => {
    const entry = { ...goodwood(), joinLink: 'https://joinme.click/g/fh2/192.0.2.200:16567' };

    expect(snapshotOf(normaliseServerEntry('fh2', entry)).joinLink).toBe(
      'https://joinme.click/g/fh2/192.0.2.200:16567',
    );
  });

  it('player team label falls back to the team with the player’s index (teamLabel null)', () => {
    const players = snapshotOf(normaliseServerEntry('fh2', marethLine())).players;

    expect(players[1]).toMatchObject({ name: 'Rifleman Atkins', team: 1, teamLabel: 'Ita' });
  });

  it('the same strictness applies: port missing → problem', () => {
    const result = normaliseServerEntry('fh2', without(goodwood(), 'port'));

    expect(result.snapshot).toBeUndefined();
    expect(result.problem).toContain('port:');
  });

  it('a malformed FH2 player is skipped and counted', () => {
    const entry = goodwood();
    playersOf(entry)[2] = { ...playersOf(entry)[2], aibot: 1 };

    const result = normaliseServerEntry('fh2', entry);

    expect(result.skippedPlayers).toBe(1);
    expect(snapshotOf(result).players.map((player) => player.name)).toEqual(['Wittmann', 'Tommy']);
  });
});

describe('readServerAddress (what the client continues paging after)', () => {
  it('reads ip and port even from an entry that is otherwise malformed', () => {
    expect(readServerAddress({ ip: '192.0.2.10', port: 14567, name: null })).toEqual({ ip: '192.0.2.10', port: 14567 });
  });

  it.each<[string, unknown]>([
    ['no port', { ip: '192.0.2.10' }],
    ['a string port', { ip: '192.0.2.10', port: '14567' }],
    ['an empty ip', { ip: '', port: 14567 }],
    ['null', null],
  ])('is undefined for %s', (_case, raw) => {
    expect(readServerAddress(raw)).toBeUndefined();
  });
});
