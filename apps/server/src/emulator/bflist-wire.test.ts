import type { GameId } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { bflistPageSchema } from '../ingest/bflist/bflist-schema.ts';
import { normaliseServerEntry } from '../ingest/bflist/normalise.ts';
import type { ServerSnapshot, SnapshotPlayer, SnapshotTeam } from '../domain/snapshot.ts';
import { buildFeedGuid, buildJoinLink, toBflistEntry } from './bflist-wire.ts';
import type { WorldServerProfile } from './world-types.ts';

// The emulator is only useful if the collector's real parser reads back exactly what the world produced. What
// cannot survive the trip is listed at the top of bflist-wire.ts; every snapshot below is built the way a world
// must build it (feed guid and join link by the feed's rules, BF1942/BFV bots by default name only, FH2 without
// tickets or time remaining), and must come back equal, field for field.

function roundTrip(snapshot: ServerSnapshot, profile?: WorldServerProfile): ServerSnapshot {
  // Through JSON text, as over HTTP: what JSON cannot hold must not be relied on.
  const wire: unknown = JSON.parse(JSON.stringify(toBflistEntry(snapshot, profile)));
  const result = normaliseServerEntry(snapshot.game, wire);
  expect(result.problem).toBeUndefined();
  expect(result.skippedPlayers).toBe(0);
  if (result.snapshot === undefined) throw new Error('no snapshot');
  return result.snapshot;
}

function player(name: string, team: number, teamLabel: string | null, numbers: Partial<SnapshotPlayer> = {}) {
  return { name, score: 10, kills: 3, deaths: 2, ping: 60, team, teamLabel, isBot: false, ...numbers };
}

function teamsOf(labels: [string, string], tickets: [number | null, number | null]): SnapshotTeam[] {
  return [
    { index: 1, label: labels[0], tickets: tickets[0] },
    { index: 2, label: labels[1], tickets: tickets[1] },
  ];
}

/** A snapshot the way the world builds one: guid and join link by the feed's rules. */
function makeSnapshot(game: GameId, ip: string, port: number, rest: Partial<ServerSnapshot>): ServerSnapshot {
  const hasPassword = rest.hasPassword ?? false;
  const tickets1 = rest.tickets1 ?? null;
  const tickets2 = rest.tickets2 ?? null;
  const players = rest.players ?? [];
  return {
    game,
    ip,
    port,
    feedGuid: buildFeedGuid(ip, port),
    name: `Server ${ip}:${port}`,
    mapName: 'wake',
    gameType: 'conquest',
    numPlayers: players.length,
    maxPlayers: 32,
    hasPassword,
    roundTimeRemain: null,
    // The feed always states the round length (the wire's default when a snapshot does not say).
    roundTimeLimit: game === 'fh2' ? 3600 : 1800,
    tickets1,
    tickets2,
    teams: teamsOf(['Axis', 'Allies'], [tickets1, tickets2]),
    players,
    joinLink: buildJoinLink(game, ip, port, hasPassword),
    ...rest,
  };
}

const handBuilt: ServerSnapshot[] = [
  makeSnapshot('bf1942', '192.0.2.10', 14567, {
    name: '=DoG= El Alamein 24/7 | www.dog-clan.example',
    mapName: 'el_alamein',
    maxPlayers: 64,
    roundTimeRemain: 1042,
    tickets1: 187,
    tickets2: 142,
    teams: teamsOf(['Axis', 'Allies'], [187, 142]),
    players: [
      player('[DoG]Rommel', 1, 'Axis', { score: 42, kills: 12, deaths: 5, ping: 48 }),
      player('Jäger', 1, 'Axis'),
      player('sniper_ace ', 2, 'Allies'),
      // Default-name bots: the BF1942 feed does not flag them, the tracker recognises the names.
      player('BFPlayer', 2, 'Allies', { score: 0, kills: 0, deaths: 7, ping: 0 }),
      player('BFPlayer_12', 1, 'Axis', { score: -2, kills: 0, deaths: 9, ping: 0 }),
      player('Player_3', 2, 'Allies'),
    ],
    numPlayers: 6,
  }),
  // Passworded, between rounds: no map, no clock, no tickets, no teams, no join link, a re-minted guid.
  makeSnapshot('bf1942', '203.0.113.5', 14690, {
    feedGuid: 'a04c11-3d7e902-5b61f0-9e2d4a8',
    name: 'Clan practice [pw]',
    mapName: '',
    hasPassword: true,
    teams: [],
    joinLink: null,
  }),
  // CTF: tickets are 0 for both sides; the feed's numPlayers disagrees with its roster, and is kept as sent.
  makeSnapshot('bf1942', '198.51.100.7', 14567, {
    mapName: 'gazala',
    gameType: 'ctf',
    roundTimeRemain: 0,
    tickets1: 0,
    tickets2: 0,
    teams: teamsOf(['Axis', 'Allies'], [0, 0]),
    numPlayers: 3,
    players: [player('"Quote" <tag> & \\slash', 2, 'Allies'), player('名前', 1, 'Axis', { ping: 999 })],
  }),
  // A player on a team the server does not list keeps a null label; a team 3 carries no tickets in BF1942.
  makeSnapshot('bf1942', '10.0.0.1', 1, {
    tickets1: 5,
    tickets2: 6,
    teams: [...teamsOf(['Axis', 'Allies'], [5, 6]), { index: 3, label: 'Spectators', tickets: null }],
    players: [player('Ghost', 0, null), player('Watcher', 3, 'Spectators')],
  }),
  makeSnapshot('bfvietnam', '198.51.100.80', 15567, {
    name: 'Vietnam Veterans | Hue 24/7',
    mapName: 'hue',
    maxPlayers: 64,
    roundTimeRemain: 700,
    tickets1: 174,
    tickets2: 131,
    teams: teamsOf(['NVA', 'US'], [174, 131]),
    players: [player('Charlie', 1, 'NVA'), player('Grunt', 2, 'US'), player('BFSoldier_1', 2, 'US')],
  }),
  // BFV without a clock, passworded.
  makeSnapshot('bfvietnam', '198.51.100.81', 15567, {
    mapName: 'ia_drang',
    hasPassword: true,
    joinLink: null,
    tickets1: 300,
    tickets2: 288,
    teams: teamsOf(['NVA', 'US'], [300, 288]),
    players: [player('Hal Moore', 2, 'US')],
  }),
  // BFV in a mode without tickets, with an extra team that has its own count (BFV carries tickets per team).
  makeSnapshot('bfvietnam', '198.51.100.82', 15568, {
    gameType: 'ctf',
    teams: [...teamsOf(['NVA', 'US'], [null, null]), { index: 3, label: 'Extra', tickets: 9 }],
  }),
  makeSnapshot('fh2', '192.0.2.200', 16567, {
    name: 'FH2 Official | Normandy',
    mapName: 'operation_goodwood',
    gameType: 'gpm_cq',
    maxPlayers: 64,
    teams: teamsOf(['Ger', 'Gb'], [null, null]),
    players: [
      player('Wittmann', 1, 'Ger', { score: 31, kills: 9, deaths: 4, ping: 45 }),
      player('Tommy', 2, 'Gb'),
      // FH2 flags its co-op bots, whatever they are called.
      player('Pvt. Schulz', 1, 'Ger', { ping: 0, isBot: true }),
      player('BFPlayer', 2, 'Gb', { ping: 0, isBot: true }),
    ],
  }),
  makeSnapshot('fh2', '192.0.2.201', 16568, {
    mapName: '',
    gameType: 'gpm_cq',
    hasPassword: true,
    teams: teamsOf(['Ita', 'Gb'], [null, null]),
    numPlayers: 0,
  }),
];

describe('toBflistEntry → normaliseServerEntry', () => {
  it.each(handBuilt.map((snapshot) => [`${snapshot.game} ${snapshot.ip}:${snapshot.port}`, snapshot] as const))(
    'gives back %s unchanged',
    (_label, snapshot) => {
      expect(roundTrip(snapshot)).toStrictEqual(snapshot);
    },
  );

  it('gives back hundreds of generated snapshots of every game unchanged', () => {
    const generated = generateSnapshots(300);
    expect(new Set(generated.map((snapshot) => snapshot.game))).toEqual(new Set(['bf1942', 'fh2', 'bfvietnam']));
    for (const snapshot of generated) expect(roundTrip(snapshot)).toStrictEqual(snapshot);
  });

  it('round-trips with a profile too (the profile adds wire fields, never snapshot fields)', () => {
    for (const snapshot of handBuilt) {
      expect(roundTrip(snapshot, profileFor(snapshot))).toStrictEqual(snapshot);
    }
  });

  it('changes only the documented fields of a snapshot the feed could not have produced', () => {
    const bf1942 = makeSnapshot('bf1942', '192.0.2.30', 14567, {
      feedGuid: null,
      joinLink: 'something else',
      tickets1: 100,
      tickets2: 90,
      teams: [
        { index: 1, label: 'Axis', tickets: 1 },
        { index: 2, label: 'Allies', tickets: 2 },
        { index: 3, label: 'Other', tickets: 3 },
      ],
      players: [player('Flagged', 1, '', { isBot: true })],
    });
    expect(roundTrip(bf1942)).toStrictEqual({
      ...bf1942,
      feedGuid: buildFeedGuid('192.0.2.30', 14567),
      joinLink: 'bf1942://192.0.2.30:14567',
      teams: [
        { index: 1, label: 'Axis', tickets: 100 },
        { index: 2, label: 'Allies', tickets: 90 },
        { index: 3, label: 'Other', tickets: null },
      ],
      players: [{ ...player('Flagged', 1, 'Axis'), isBot: false }],
    });

    const fh2 = makeSnapshot('fh2', '192.0.2.31', 16567, {
      roundTimeRemain: 600,
      tickets1: 10,
      tickets2: 20,
      teams: teamsOf(['Ger', 'Gb'], [10, 20]),
      joinLink: 'https://joinme.click/g/fh2/192.0.2.31:16567',
    });
    expect(roundTrip(fh2)).toStrictEqual({
      ...fh2,
      roundTimeRemain: null,
      tickets1: null,
      tickets2: null,
      teams: teamsOf(['Ger', 'Gb'], [null, null]),
      joinLink: null,
    });

    // BFV tickets live in teams 1 and 2 only: without those teams listed, they are lost.
    const bfv = makeSnapshot('bfvietnam', '192.0.2.32', 15567, { tickets1: 50, tickets2: 60, teams: [] });
    expect(roundTrip(bfv)).toStrictEqual({ ...bfv, tickets1: null, tickets2: null });
  });
});

describe('the wire shape', () => {
  const [elAlamein, practice] = handBuilt;
  const hue = handBuilt.find((snapshot) => snapshot.game === 'bfvietnam');
  const goodwood = handBuilt.find((snapshot) => snapshot.game === 'fh2');
  if (elAlamein === undefined || practice === undefined || hue === undefined || goodwood === undefined) {
    throw new Error('fixtures missing');
  }

  it('spells a BF1942 server as the feed does', () => {
    const entry = toBflistEntry(elAlamein);
    expect(Object.keys(entry).sort()).toEqual(
      [
        'guid',
        'ip',
        'port',
        'queryPort',
        'name',
        'numPlayers',
        'maxPlayers',
        'mapName',
        'password',
        'gameType',
        'gameVersion',
        'gameMode',
        'averageFps',
        'contentCheck',
        'dedicated',
        'gameId',
        'mapId',
        'reservedSlots',
        'roundTime',
        'roundTimeRemain',
        'status',
        'anticheat',
        'tickets1',
        'tickets2',
        'unpureMods',
        'joinLink',
        'joinLinkWeb',
        'teams',
        'players',
      ].sort(),
    );
    expect(entry).toMatchObject({
      ip: '192.0.2.10',
      port: 14567,
      queryPort: 23000,
      gameVersion: 'v1.61',
      gameMode: 'openplaying',
      gameId: 'bf1942',
      password: false,
      tickets1: 187,
      tickets2: 142,
      roundTimeRemain: 1042,
      joinLink: 'bf1942://192.0.2.10:14567',
      joinLinkWeb: 'https://joinme.click/g/bf1942/192.0.2.10:14567',
      teams: [
        { index: 1, label: 'Axis' },
        { index: 2, label: 'Allies' },
      ],
    });
    expect((entry.players as unknown[])[0]).toStrictEqual({
      name: '[DoG]Rommel',
      score: 42,
      kills: 12,
      deaths: 5,
      ping: 48,
      team: 1,
      teamLabel: 'Axis',
    });
  });

  it('gives passworded servers no join links and leaves out an unknown time remaining', () => {
    const entry = toBflistEntry(practice);
    expect(entry).toMatchObject({ password: true, joinLink: null, joinLinkWeb: null });
    expect(entry).not.toHaveProperty('roundTimeRemain');
  });

  it('puts BFV tickets only inside teams', () => {
    const entry = toBflistEntry(hue);
    expect(entry).not.toHaveProperty('tickets1');
    expect(entry).not.toHaveProperty('tickets2');
    expect(entry).toMatchObject({
      gameId: 'bfvietnam',
      gameVersion: 'v1.21',
      joinLink: 'bfvietnam://198.51.100.80:15567',
      joinLinkWeb: 'https://joinme.click/g/bfvietnam/198.51.100.80:15567',
      teams: [
        { index: 1, label: 'NVA', tickets: 174 },
        { index: 2, label: 'US', tickets: 131 },
      ],
    });
  });

  it('spells an FH2 server in the BF2 shape: pid, tag and aibot per player; no tickets, clock or join link', () => {
    const entry = toBflistEntry(goodwood);
    expect(entry).toMatchObject({ gameVariant: 'fh2', queryPort: 29900, mapSize: 64, timelimit: 3600, bots: true });
    for (const key of ['tickets1', 'tickets2', 'roundTimeRemain', 'joinLink', 'joinLinkWeb']) {
      expect(entry).not.toHaveProperty(key);
    }
    const players = entry.players as Record<string, unknown>[];
    expect(players.map((wire) => wire.aibot)).toEqual([false, false, true, true]);
    expect(Object.keys(players[0] ?? {}).sort()).toEqual(
      ['pid', 'name', 'tag', 'score', 'kills', 'deaths', 'ping', 'team', 'teamLabel', 'aibot'].sort(),
    );
    expect(players[2]?.pid).toBe(0);
    // A person's pid is the same whichever server they are on.
    const elsewhere = toBflistEntry({ ...goodwood, port: 16570 }).players as Record<string, unknown>[];
    expect(elsewhere[0]?.pid).toBe(players[0]?.pid);
    expect(players[0]?.pid).not.toBe(players[1]?.pid);
    expect((entry.teams as unknown[])[0]).toStrictEqual({ index: 1, label: 'Ger' });
  });

  it('takes the query port, map size and co-op bots from the profile, and the round length where the snapshot has none', () => {
    const profile: WorldServerProfile = {
      ...profileFor(elAlamein),
      queryPort: 23010,
      rotation: [
        { name: 'el_alamein', gameType: 'conquest', teams: ['Axis', 'Allies'], tickets: 300, timeLimitSeconds: 2400 },
      ],
    };
    expect(toBflistEntry({ ...elAlamein, roundTimeLimit: null }, profile)).toMatchObject({
      queryPort: 23010,
      roundTime: 2400,
    });
    // The snapshot's own round length wins: it is what the server says of the round being played.
    expect(toBflistEntry({ ...elAlamein, roundTimeLimit: 1500 }, profile)).toMatchObject({ roundTime: 1500 });

    const emptyCoop = { ...goodwood, players: [], numPlayers: 0, roundTimeLimit: null };
    const fh2 = toBflistEntry(emptyCoop, {
      ...profileFor(goodwood),
      bots: 12,
      rotation: [
        {
          name: 'operation_goodwood',
          gameType: 'gpm_cq',
          teams: ['Ger', 'Gb'],
          tickets: 0,
          timeLimitSeconds: 5400,
          size: 32,
        },
      ],
    });
    expect(fh2).toMatchObject({ mapSize: 32, timelimit: 5400, bots: true, coopBotCount: 0 });
  });

  it('mints a stable guid in the feed style, distinct per address', () => {
    expect(buildFeedGuid('37.230.210.130', 16567)).toMatch(/^[0-9a-f]+(?:-[0-9a-f]+){3}$/);
    expect(buildFeedGuid('192.0.2.10', 14567)).toBe(buildFeedGuid('192.0.2.10', 14567));
    expect(buildFeedGuid('192.0.2.10', 14567)).not.toBe(buildFeedGuid('192.0.2.10', 14568));
    expect(buildFeedGuid('192.0.2.10', 14567)).not.toBe(buildFeedGuid('192.0.2.11', 14567));
  });

  it('is accepted by the page schema inside an envelope', () => {
    const page = { servers: handBuilt.map((snapshot) => toBflistEntry(snapshot)), cursor: 'c', hasMore: false };
    expect(bflistPageSchema.safeParse(JSON.parse(JSON.stringify(page))).success).toBe(true);
  });
});

function profileFor(snapshot: ServerSnapshot): WorldServerProfile {
  return {
    game: snapshot.game,
    ip: snapshot.ip,
    port: snapshot.port,
    queryPort: snapshot.game === 'fh2' ? 29900 : 23000,
    name: snapshot.name,
    region: 'eu',
    country: 'DE',
    timeZone: 'Europe/Berlin',
    maxPlayers: 64,
    hasPassword: snapshot.hasPassword,
    bots: 0,
    rotation: [],
    popularity: 1,
    discordUrl: null,
    forumUrl: null,
  };
}

/** Varied snapshots from a fixed seed (mulberry32), built under the rules a world must follow. */
function generateSnapshots(count: number): ServerSnapshot[] {
  let state = 0x5eed;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const games: GameId[] = ['bf1942', 'fh2', 'bfvietnam'];
  const labels: Record<GameId, [string, string]> = {
    bf1942: ['Axis', 'Allies'],
    bfvietnam: ['NVA', 'US'],
    fh2: ['Ger', 'Usa'],
  };
  const names = ['Rommel', 'Jäger', 'sniper_ace ', 'BFPlayer', 'Player_7', 'Ödön', '[CLAN]Tank', 'x', 'Żołnierz'];

  return Array.from({ length: count }, (_, index) => {
    const game = pick(games);
    const ip = `${int(1, 223)}.${int(0, 255)}.${int(0, 255)}.${int(0, 255)}`;
    const port = int(1024, 65535);
    const hasTickets = game !== 'fh2' && next() < 0.7;
    const tickets1 = hasTickets ? int(0, 400) : null;
    const tickets2 = hasTickets ? int(0, 400) : null;
    const players = Array.from({ length: int(0, 12) }, (_unused, position) => {
      const team = int(1, 2);
      return {
        name: `${pick(names)}${position}`,
        score: int(-5, 120),
        kills: int(0, 40),
        deaths: int(0, 40),
        ping: int(0, 400),
        team,
        teamLabel: labels[game][team - 1] ?? null,
        // Only the FH2 feed can say a player is a bot.
        isBot: game === 'fh2' && next() < 0.3,
      };
    });
    return makeSnapshot(game, ip, port, {
      name: `Generated ${index}`,
      mapName: next() < 0.1 ? '' : pick(['wake', 'hue', 'el_alamein', 'kursk']),
      gameType: game === 'fh2' ? 'gpm_cq' : pick(['conquest', 'ctf', 'tdm', 'coop']),
      numPlayers: players.length,
      maxPlayers: pick([32, 64]),
      hasPassword: next() < 0.2,
      roundTimeRemain: game !== 'fh2' && next() < 0.8 ? int(0, 3600) : null,
      tickets1,
      tickets2,
      teams: teamsOf(labels[game], [tickets1, tickets2]),
      players,
    });
  });
}
