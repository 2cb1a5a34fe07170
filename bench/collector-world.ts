import type { GamePoll, ServerSnapshot, SnapshotPlayer } from '../apps/server/src/domain/snapshot.ts';
import { seededRandom } from '../apps/server/src/emulator/random.ts';

/**
 * A synthetic but plausible BF1942 world for the collector benchmark: many servers, each with its own
 * community of regulars coming and going, rounds that bleed tickets and run the clock down, and maps that
 * rotate. It is deterministic (one seeded PRNG, no Math.random, no wall clock), so two runs feed the tracker
 * the same polls and their figures differ only by machine noise.
 *
 * The shape of the data matters as much as its volume: the timeline codec stores changes, so counters that
 * never moved would flatter the bytes figure, and the store writes one session per player per round, so the
 * rate at which players join and leave drives the number of rows. The knobs below default to what the
 * benchmark brief asked for (32 players per server, 1–2 leaving and joining per server per poll, maps every
 * ~40 polls).
 */

export interface WorldOptions {
  seed: number;
  servers: number;
  playersPerServer: number;
  /** Players leaving (and as many joining) per server per poll: a whole number drawn in [min, max]. */
  churnMin: number;
  churnMax: number;
  /** Regulars of a server not on it at the moment; a leaver comes back after roughly this many joins. */
  absentRegulars: number;
  /** Share of joins that are a newcomer (a new name replacing a regular who never returns). */
  newcomerShare: number;
  /** Polls per round (one map), drawn per round in [min, max]. */
  roundPollsMin: number;
  roundPollsMax: number;
  pollIntervalMs: number;
  startAt: Date;
}

export const DEFAULT_WORLD: WorldOptions = {
  seed: 1942,
  servers: 100,
  playersPerServer: 32,
  churnMin: 1,
  churnMax: 2,
  absentRegulars: 64,
  newcomerShare: 0.1,
  roundPollsMin: 36,
  roundPollsMax: 44,
  pollIntervalMs: 30_000,
  startAt: new Date('2024-03-01T12:00:00Z'),
};

const BF1942_MAPS = [
  'el_alamein',
  'wake',
  'stalingrad',
  'berlin',
  'omaha_beach',
  'tobruk',
  'midway',
  'iwo_jima',
  'guadalcanal',
  'battle_of_britain',
  'kharkov',
  'kursk',
  'market_garden',
  'battleaxe',
  'bocage',
  'gazala',
  'coral_sea',
  'battle_of_the_bulge',
  'operation_aberdeen',
  'liberation_of_caen',
] as const;

// Name parts chosen to look like the feed: clan tags, plain handles, digits, a few accented letters.
const CLAN_TAGS = ['[DoG]', '=DoG=', '{KGB}', '[SS]', '-=WAR=-', '|TFK|', '[OLD]', '~FH~', '(RAF)', '[GER]'];
const HANDLES = [
  'Rommel',
  'Monty',
  'Jäger',
  'sniper_ace',
  'Patton',
  'Zhukov',
  'TankBuster',
  'Kübelwagen',
  'Medic',
  'Flak88',
  'Spitfire',
  'Stuka',
  'Corsair',
  'Panzer',
  'Yamato',
  'Shermanator',
  'Grenadier',
  'Ace',
  'Bazooka',
  'Wolf',
  'Eagle',
  'Ghost',
  'Viper',
  'Hunter',
  'Kamikaze',
  'Shadow',
  'Bullet',
  'Major',
  'Sarge',
  'Private',
  'Desert_Fox',
  'Ivan',
  'Tommy',
  'Fritz',
  'Yankee',
  'Søren',
  'Ñandú',
  'Bärchen',
];

interface PlayerState {
  name: string;
  /** Stable base ping of the player's connection; each poll jitters around it. */
  basePing: number;
  ping: number;
  team: 1 | 2;
  score: number;
  kills: number;
  deaths: number;
  /** A per-player skill factor, so scoreboards spread out as they do on real servers. */
  skill: number;
}

interface ServerState {
  ip: string;
  port: number;
  feedGuid: string;
  name: string;
  rotation: string[];
  mapIndex: number;
  /** Polls this round lasts and how many of them have passed. */
  roundPolls: number;
  pollInRound: number;
  roundTime: number;
  /** Seconds of the round that had passed at its first poll (polls do not line up with round starts). */
  roundOffset: number;
  tickets: [number, number];
  /** Mean tickets lost per poll per team, set per round so the losing side runs out near the end. */
  bleed: [number, number];
  /** The scoreboard in slot order: a leaver's slot is taken by the next joiner, as the game numbers players. */
  slots: PlayerState[];
  /** Regulars not playing now, in the order they will come back. */
  absent: PlayerState[];
}

export class World {
  readonly options: WorldOptions;
  readonly #random: () => number;
  readonly #servers: ServerState[] = [];
  readonly #usedNames = new Set<string>();
  #at: number;

  constructor(options: Partial<WorldOptions> = {}) {
    this.options = { ...DEFAULT_WORLD, ...options };
    this.#random = seededRandom(this.options.seed);
    this.#at = this.options.startAt.getTime();
    for (let index = 0; index < this.options.servers; index += 1) this.#servers.push(this.#createServer(index));
  }

  /** Advances the world by one poll interval and returns what a feed poll would list. */
  nextPoll(): GamePoll {
    this.#at += this.options.pollIntervalMs;
    const servers = this.#servers.map((server) => {
      this.#advance(server);
      return this.#snapshot(server);
    });
    return { game: 'bf1942', at: new Date(this.#at), ok: true, servers, skippedEntries: 0 };
  }

  #int(min: number, max: number): number {
    return min + Math.floor(this.#random() * (max - min + 1));
  }

  #pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.#random() * items.length)]!;
  }

  /** Fisher–Yates, so every server gets its own rotation of distinct maps. */
  #shuffled<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = this.#int(0, i);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }

  #newName(): string {
    for (;;) {
      const tag = this.#random() < 0.35 ? this.#pick(CLAN_TAGS) : '';
      const digits = this.#random() < 0.6 ? String(this.#int(1, 999)) : '';
      const name = `${tag}${this.#pick(HANDLES)}${digits}`;
      if (!this.#usedNames.has(name)) {
        this.#usedNames.add(name);
        return name;
      }
    }
  }

  #newPlayer(team: 1 | 2): PlayerState {
    const basePing = this.#int(25, 220);
    return {
      name: this.#newName(),
      basePing,
      ping: basePing,
      team,
      score: 0,
      kills: 0,
      deaths: 0,
      skill: 0.5 + this.#random() * 1.5,
    };
  }

  #createServer(index: number): ServerState {
    const rotation = this.#shuffled(BF1942_MAPS).slice(0, this.#int(4, 8));
    const server: ServerState = {
      // Distinct addresses: a few servers per host, as with hosting companies.
      ip: `10.19.${Math.floor(index / 4)}.${10 + (index % 4)}`,
      port: 14567 + (index % 4),
      feedGuid: `bench-${index.toString(16).padStart(4, '0')}`,
      name: `${this.#pick(CLAN_TAGS)} Bench Server ${index + 1} | ${rotation[0]}`,
      rotation,
      mapIndex: 0,
      roundPolls: 0,
      pollInRound: 0,
      roundTime: 1800,
      roundOffset: 0,
      tickets: [0, 0],
      bleed: [0, 0],
      slots: [],
      absent: [],
    };
    for (let slot = 0; slot < this.options.playersPerServer; slot += 1)
      server.slots.push(this.#newPlayer(slot % 2 === 0 ? 1 : 2));
    for (let regular = 0; regular < this.options.absentRegulars; regular += 1) server.absent.push(this.#newPlayer(1));
    this.#startRound(server);
    // Stagger the servers: each starts somewhere inside its first round, with scores to match, so map
    // changes (and the round closes they cause) spread evenly over the polls instead of coming in waves.
    const alreadyPlayed = this.#int(0, server.roundPolls - 2);
    for (let poll = 0; poll < alreadyPlayed; poll += 1) this.#playOnePoll(server);
    server.pollInRound = alreadyPlayed;
    return server;
  }

  #startRound(server: ServerState): void {
    server.roundPolls = this.#int(this.options.roundPollsMin, this.options.roundPollsMax);
    server.pollInRound = 0;
    server.roundOffset = this.#int(0, 29);
    const start = this.#pick([150, 200, 250, 300]);
    server.tickets = [start, start];
    // The losing side loses all its tickets over the round, the winner a part of them.
    const loser = this.#random() < 0.5 ? 0 : 1;
    server.bleed[loser] = start / server.roundPolls;
    server.bleed[1 - loser] = (start / server.roundPolls) * (0.3 + this.#random() * 0.5);
    for (const player of server.slots) {
      player.score = 0;
      player.kills = 0;
      player.deaths = 0;
    }
  }

  /** One poll interval of play: counters grow, tickets bleed, pings jitter. */
  #playOnePoll(server: ServerState): void {
    for (const player of server.slots) {
      // About one kill and one death a minute for an average player.
      const kills = this.#random() < 0.45 * player.skill ? (this.#random() < 0.2 ? 2 : 1) : 0;
      const deaths = this.#random() < 0.45 / player.skill ? 1 : 0;
      const objective = this.#random() < 0.05 ? this.#pick([2, 3, 5]) : 0;
      // A team kill now and then costs score without touching kills.
      const penalty = this.#random() < 0.01 ? 2 : 0;
      player.kills += kills;
      player.deaths += deaths;
      player.score += kills * 2 + objective - penalty;
      // Ping mostly wobbles by a few ms, sometimes stays, rarely spikes.
      const spike = this.#random() < 0.02 ? this.#int(50, 200) : 0;
      player.ping = Math.max(5, player.basePing + this.#int(-6, 6) + spike);
    }
    for (const team of [0, 1] as const) {
      const lost = Math.round(server.bleed[team] * (0.5 + this.#random()));
      server.tickets[team] = Math.max(0, server.tickets[team] - lost);
    }
  }

  #churn(server: ServerState): void {
    const leaving = this.#int(this.options.churnMin, this.options.churnMax);
    for (let n = 0; n < leaving; n += 1) {
      const slot = this.#int(0, server.slots.length - 1);
      const leaver = server.slots[slot]!;
      server.absent.push(leaver);
      let joiner = server.absent.shift()!;
      if (this.#random() < this.options.newcomerShare) joiner = this.#newPlayer(1);
      // Joiners take the smaller team, and start from zero (also when they come back within the round).
      const onTeam1 = server.slots.filter((player) => player.team === 1).length - (leaver.team === 1 ? 1 : 0);
      joiner.team = onTeam1 * 2 < server.slots.length - 1 ? 1 : 2;
      joiner.score = 0;
      joiner.kills = 0;
      joiner.deaths = 0;
      server.slots[slot] = joiner;
    }
  }

  #advance(server: ServerState): void {
    server.pollInRound += 1;
    if (server.pollInRound >= server.roundPolls) {
      server.mapIndex = (server.mapIndex + 1) % server.rotation.length;
      this.#startRound(server);
      this.#churn(server);
      return;
    }
    this.#playOnePoll(server);
    this.#churn(server);
  }

  #snapshot(server: ServerState): ServerSnapshot {
    const players: SnapshotPlayer[] = server.slots.map((player) => ({
      name: player.name,
      score: player.score,
      kills: player.kills,
      deaths: player.deaths,
      ping: player.ping,
      team: player.team,
      teamLabel: player.team === 1 ? 'Axis' : 'Allies',
      isBot: false,
    }));
    const [tickets1, tickets2] = server.tickets;
    return {
      game: 'bf1942',
      ip: server.ip,
      port: server.port,
      feedGuid: server.feedGuid,
      name: server.name,
      mapName: server.rotation[server.mapIndex]!,
      gameType: 'conquest',
      numPlayers: players.length,
      maxPlayers: 64,
      hasPassword: false,
      roundTimeRemain: Math.max(
        1,
        Math.round(server.roundTime - server.roundOffset - (server.pollInRound * this.options.pollIntervalMs) / 1000),
      ),
      roundTimeLimit: server.roundTime,
      tickets1,
      tickets2,
      teams: [
        { index: 1, label: 'Axis', tickets: tickets1 },
        { index: 2, label: 'Allies', tickets: tickets2 },
      ],
      players,
      joinLink: `bf1942://${server.ip}:${server.port}`,
    };
  }
}
