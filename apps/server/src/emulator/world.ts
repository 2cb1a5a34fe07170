import { GAMES, type GameId } from '@frontline/contract';
import type { ServerSnapshot, SnapshotPlayer } from '../domain/snapshot.ts';
import { buildFeedGuid, buildJoinLink } from './bflist-wire.ts';
import { Random } from './random.ts';
import { PING_BY_REGION, REGIONS } from './world-data/regions.ts';
import { GroundTruth } from './ground-truth.ts';
import {
  ALIAS_FADES,
  chooseAliasPersons,
  chooseLookAlikes,
  newNameChance,
  type PlantedAliasPair,
  type PlantedIdentities,
} from './planted-identities.ts';
import { generatePlayerName } from './world-generation/player-names.ts';
import { generateServerProfiles } from './world-generation/server-profiles.ts';
import { WORLD_STEP_MS, type EmulatedWorld, type MapDefinition, type WorldServerProfile } from './world-types.ts';

/**
 * The simulated world: servers running map rotations with bleeding tickets and round clocks, and a
 * persistent population whose members come online at the hours people of their region play, pick a
 * server (favourites, populated ones, near ones), fight with a skill of their own, leave, sometimes
 * drop and rejoin, and sometimes move to another server. Everything is drawn from one seeded random
 * stream per concern, so a seed and a start time give the same world, step after step.
 */

const STEP_SECONDS = WORLD_STEP_MS / 1000;
const PLAYER_COUNT = 3000;
/** Chance per step that an offline player of weight 1 considers playing, at the busiest hour. */
const ARRIVAL_RATE_PER_STEP = 0.0042;
const MAX_ACTIVITY = 3;
const RESTART_SAME_MAP_CHANCE = 0.08;
const REJOIN_CHANCE = 0.07;
const SWITCH_SERVER_CHANCE_PER_STEP = 0.0015;
/** A server goes down for maintenance about once every two weeks. */
const SERVER_OUTAGE_CHANCE_PER_STEP = 1 / (14 * 24 * 120);
/**
 * Players who play the objective (capture flags, build, heal) more than they fight: their points come mostly
 * from objectives, with few kills and deaths. A rejoin after objective-only points is theirs to show.
 */
const OBJECTIVE_PLAYER_SHARE = 0.12;
/**
 * Names are not unique in the real feed: a plain name like "Hans" or "Sniper" is worn by several people. These
 * players wear the name of another player of their own community (same game, region and favourite servers), so
 * that now and then two people with one name play on one server at once.
 */
const NAMESAKE_SHARE = 0.03;
/**
 * A person's connection against his region's typical one (#assignConnections): a region spans a dozen countries
 * (Lisbon and Berlin are both Western Europe, 45 and 10 ms from a Frankfurt server), so a quarter either way for most.
 */
const PING_FACTOR_SPREAD = 0.25;
const PING_FACTOR_RANGE = [0.5, 1.8] as const;
/** How much a person's ping drifts from one session to the next (a standard deviation, as a share). */
const PING_SESSION_SPREAD = 0.03;

/** How much people play at each local hour (0–23), relative to the evening peak. */
const HOUR_WEIGHT = [
  0.42, 0.28, 0.16, 0.08, 0.05, 0.04, 0.05, 0.07, 0.1, 0.14, 0.18, 0.22, 0.27, 0.31, 0.35, 0.4, 0.47, 0.56, 0.68, 0.82,
  0.95, 1, 0.9, 0.66,
];
/** Weekend days (by local day of week, 0 = Sunday) are busier, Friday night too. */
const DAY_WEIGHT = [1.3, 0.95, 0.95, 0.95, 1, 1.15, 1.35];

interface WorldPlayer {
  name: string;
  region: string;
  game: GameId;
  skill: number;
  activity: number;
  favourites: number[];
  /** The server the player is on, or -1. */
  server: number;
  leaveAt: number;
  /** Set while the player has dropped and is about to rejoin the same server. */
  rejoin: { server: number; at: number; leaveAt: number } | undefined;
  /** A hot streak: more kills, fewer deaths, until this time. */
  onFireUntil: number;
  /** Plays the objective rather than the enemy (OBJECTIVE_PLAYER_SHARE). */
  objectiveMinded: boolean;
  /** The person's own connection: his pings are his region's times this, whatever name he wears. */
  pingFactor: number;
  /** A planted alias (planted-identities.ts): the person's two names and when the second replaces the first. */
  aliasPair: PlantedAliasPair | undefined;
}

interface InGamePlayer {
  player: WorldPlayer | undefined;
  /** Bots have a name of their own and no population entry. */
  name: string;
  isBot: boolean;
  skill: number;
  team: 1 | 2;
  score: number;
  kills: number;
  deaths: number;
  ping: number;
  basePing: number;
  pingJitter: number;
  objectiveMinded: boolean;
}

interface WorldServer {
  index: number;
  profile: WorldServerProfile;
  /** What the feed derives from the address, worked out once. */
  feedGuid: string;
  joinLink: string | null;
  online: boolean;
  backOnlineAt: number;
  rotationIndex: number;
  map: MapDefinition;
  timeRemain: number;
  tickets: [number, number];
  /** Which side is winning this round: tickets bleed faster for the other. */
  advantage: number;
  players: InGamePlayer[];
  /** Counts the rounds the server has started: what the emulator's ground truth calls one round. */
  roundSerial: number;
  /** Whether the current round restarted the map of the round before it. */
  restartedSameMap: boolean;
}

function localTime(timeMs: number, utcOffsetHours: number): { hour: number; day: number } {
  const local = new Date(timeMs + utcOffsetHours * 3_600_000);
  return { hour: local.getUTCHours(), day: local.getUTCDay() };
}

class SimulatedWorld implements EmulatedWorld {
  readonly seed: number;
  #time: number;
  readonly #random: Random;
  readonly #servers: WorldServer[];
  readonly #players: WorldPlayer[];
  readonly #offlineByRegion = new Map<string, WorldPlayer[]>();
  /** Players on a server or about to rejoin one: the only ones that move each step. */
  readonly #active = new Set<WorldPlayer>();
  #truth: GroundTruth | undefined;
  readonly #planted: PlantedIdentities;
  /** Which of an alias person's names is worn: a stream of its own, so the simulation's draws stay as they were. */
  readonly #aliasRandom: Random;

  constructor(seed: number, startMs: number) {
    this.seed = seed;
    this.#time = Math.floor(startMs / WORLD_STEP_MS) * WORLD_STEP_MS;
    const root = new Random(seed);
    this.#random = root.fork('simulation');
    const profiles = generateServerProfiles(root.fork('servers'));
    const serverRandom = root.fork('server-state');
    this.#servers = profiles.map((profile, index) => this.#createServer(profile, index, serverRandom));
    this.#players = this.#createPopulation(root.fork('population'));
    this.#assignHabits(root.fork('habits'));
    this.#assignConnections(root.fork('connections'));
    this.#planted = this.#plantIdentities(root.fork('planted-identities'), this.#time);
    this.#aliasRandom = root.fork('alias-names');
    for (const region of REGIONS) this.#offlineByRegion.set(region.id, []);
    for (const player of this.#players) this.#offlineByRegion.get(player.region)?.push(player);
  }

  now(): number {
    return this.#time;
  }

  profiles(): readonly WorldServerProfile[] {
    return this.#servers.map((server) => server.profile);
  }

  advanceTo(timeMs: number): void {
    while (this.#time + WORLD_STEP_MS <= timeMs) {
      this.#time += WORLD_STEP_MS;
      this.#step();
      this.#recordTruth();
    }
  }

  plantedIdentities(): PlantedIdentities {
    return this.#planted;
  }

  recordTruth(): GroundTruth {
    this.#truth ??= new GroundTruth(WORLD_STEP_MS);
    return this.#truth;
  }

  /** What a poll of every server at this step could see, for the ground truth (no random draws: it only looks). */
  #recordTruth(): void {
    const truth = this.#truth;
    if (!truth) return;
    truth.beginStep(this.#time);
    for (const server of this.#servers) {
      if (!server.online) continue;
      truth.observeServer(server.index, {
        game: server.profile.game,
        ip: server.profile.ip,
        port: server.profile.port,
        map: server.map.name,
        roundSerial: server.roundSerial,
        restartedSameMap: server.restartedSameMap,
        players: server.players,
      });
    }
    truth.endStep();
  }

  snapshots(game: GameId): ServerSnapshot[] {
    return this.#servers
      .filter((server) => server.online && server.profile.game === game)
      .map((server) => this.#snapshotOf(server));
  }

  #createServer(profile: WorldServerProfile, index: number, random: Random): WorldServer {
    const rotationIndex = random.int(0, profile.rotation.length - 1);
    const map = profile.rotation[rotationIndex] ?? profile.rotation[0];
    if (!map) throw new Error(`server ${profile.name} has an empty map rotation`);
    const server: WorldServer = {
      index,
      profile,
      feedGuid: buildFeedGuid(profile.ip, profile.port),
      joinLink: buildJoinLink(profile.game, profile.ip, profile.port, profile.hasPassword),
      online: true,
      backOnlineAt: 0,
      rotationIndex,
      map,
      timeRemain: 0,
      tickets: [0, 0],
      advantage: 0,
      players: [],
      roundSerial: 0,
      restartedSameMap: false,
    };
    this.#startRound(server, random);
    // Start somewhere inside the round, as a server found already running would be.
    server.timeRemain = random.int(60, map.timeLimitSeconds);
    for (let index = 0; index < profile.bots; index += 1) server.players.push(this.#createBot(server, index, random));
    return server;
  }

  #createBot(server: WorldServer, index: number, random: Random): InGamePlayer {
    // BF1942 co-op bots carry the engine's default names; FH2's are flagged by the feed instead.
    const flagged = server.profile.game === 'fh2';
    return {
      player: undefined,
      name: flagged
        ? `Bot ${['Schulz', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Koch'][index % 6]} ${index + 1}`
        : `BFPlayer_${index + 1}`,
      isBot: flagged,
      skill: random.normal(0.7, 0.1),
      team: index % 2 === 0 ? 2 : 1,
      score: 0,
      kills: 0,
      deaths: 0,
      ping: 0,
      basePing: 0,
      pingJitter: 0,
      objectiveMinded: false,
    };
  }

  #createPopulation(random: Random): WorldPlayer[] {
    const taken = new Set<string>();
    const players: WorldPlayer[] = [];
    for (let index = 0; index < PLAYER_COUNT; index += 1) {
      const region = random.weightedPick(REGIONS, (candidate) => candidate.playerShare);
      // Most of the community plays BF1942; FH2 and Vietnam have smaller, loyal crowds.
      const game = random.weightedPick(GAMES, (candidate) => (candidate.id === 'bf1942' ? 0.66 : 0.17)).id;
      const ownServers = this.#servers.filter((server) => server.profile.game === game);
      const near = ownServers.filter((server) => server.profile.region === region.id);
      const favourites = random
        .shuffle([...(near.length ? near : ownServers)])
        .slice(0, random.int(1, 3))
        .map((server) => server.index);
      players.push({
        name: generatePlayerName(random, region, taken),
        region: region.id,
        game,
        skill: Math.min(3, Math.max(0.3, random.logNormal(1, 0.38))),
        activity: Math.min(MAX_ACTIVITY, random.logNormal(0.8, 0.7)),
        favourites,
        server: -1,
        leaveAt: 0,
        rejoin: undefined,
        onFireUntil: 0,
        objectiveMinded: false,
        pingFactor: 1,
        aliasPair: undefined,
      });
    }
    return players;
  }

  /**
   * Habits drawn from a stream of their own, after the population, so that adding one never reshuffles the
   * players themselves: who plays the objective, and who wears another player's name.
   */
  #assignHabits(random: Random): void {
    for (const player of this.#players) player.objectiveMinded = random.chance(OBJECTIVE_PLAYER_SHARE);
    const namesakes = Math.round(this.#players.length * NAMESAKE_SHARE);
    for (let index = 0; index < namesakes; index += 1) {
      const wearer = random.pick(this.#players);
      const original = random.pick(this.#players);
      if (wearer === original || wearer.game !== original.game) continue;
      wearer.name = original.name;
      wearer.region = original.region;
      wearer.favourites = [...original.favourites];
    }
  }

  /**
   * Each person's connection, from a stream of its own (nothing else moves): two people of one region differ by
   * their line and provider, so one's pings to a server are steadily some percent above the other's. Within a
   * session, and from one session to the next, a person's ping varies only a little (PING_SESSION_SPREAD) around his
   * own. Pings are what tells two names of one person from two neighbours (alias detection's ping term).
   */
  #assignConnections(random: Random): void {
    for (const player of this.#players) {
      player.pingFactor = Math.min(
        PING_FACTOR_RANGE[1],
        Math.max(PING_FACTOR_RANGE[0], random.normal(1, PING_FACTOR_SPREAD)),
      );
    }
  }

  /**
   * Alias pairs and look-alike strangers (planted-identities.ts), after the habits so that namesakes are known and
   * left out. The alias person keeps everything but the name; the second name is a fresh one of the person's region.
   */
  #plantIdentities(random: Random, startMs: number): PlantedIdentities {
    const aliasPersons = chooseAliasPersons(this.#players, random);
    const taken = new Set(this.#players.map((player) => player.name));
    const aliasPairs = aliasPersons.map((person, index) => {
      const fade = ALIAS_FADES[index] ?? { startDays: 0, days: 1 };
      const region = REGIONS.find((candidate) => candidate.id === person.region) ?? REGIONS[0];
      if (!region) throw new Error('the world has no regions');
      const pair: PlantedAliasPair = {
        names: [person.name, generatePlayerName(random, region, taken)],
        game: person.game,
        fadeStartMs: startMs + fade.startDays * 86_400_000,
        fadeDays: fade.days,
      };
      person.aliasPair = pair;
      return pair;
    });
    const lookAlikePairs = chooseLookAlikes(this.#players, new Set(aliasPersons)).map(([first, second]) => ({
      names: [first.name, second.name] as const,
      game: first.game,
    }));
    return { aliasPairs, lookAlikePairs };
  }

  #startRound(server: WorldServer, random: Random): void {
    server.roundSerial += 1;
    server.timeRemain = server.map.timeLimitSeconds;
    server.tickets = [server.map.tickets, server.map.tickets];
    server.advantage = Math.max(-0.6, Math.min(0.6, random.normal(0, 0.3)));
    for (const inGame of server.players) {
      inGame.score = 0;
      inGame.kills = 0;
      inGame.deaths = 0;
    }
  }

  #nextRound(server: WorldServer): void {
    const random = this.#random;
    const previousMap = server.map;
    if (!random.chance(RESTART_SAME_MAP_CHANCE)) {
      server.rotationIndex = (server.rotationIndex + 1) % server.profile.rotation.length;
      server.map = server.profile.rotation[server.rotationIndex] ?? server.map;
    }
    server.restartedSameMap = server.map.name === previousMap.name;
    this.#startRound(server, random);
  }

  #step(): void {
    for (const server of this.#servers) this.#stepServer(server);
    // Admissions come before departures, so that a player who leaves is not picked again in the same step.
    this.#admitPlayers();
    this.#movePlayers();
  }

  #stepServer(server: WorldServer): void {
    const random = this.#random;
    if (!server.online) {
      if (this.#time >= server.backOnlineAt) {
        server.online = true;
        this.#nextRound(server);
      }
      return;
    }
    if (random.chance(SERVER_OUTAGE_CHANCE_PER_STEP)) {
      server.online = false;
      server.backOnlineAt = this.#time + random.int(10, 90) * 60_000;
      for (const inGame of [...server.players]) if (inGame.player) this.#leave(inGame.player, server);
      return;
    }

    const humans = server.players.filter((inGame) => !inGame.isBot && inGame.player).length;
    server.timeRemain -= STEP_SECONDS;
    if (server.map.tickets > 0 && server.players.length > 0) {
      // Tickets bleed with the fighting: more players, more losses; the side at a disadvantage bleeds faster.
      const intensity = 0.25 + server.players.length * 0.045;
      server.tickets[0] -= random.poisson(intensity * (1 + server.advantage));
      server.tickets[1] -= random.poisson(intensity * (1 - server.advantage));
    }
    // Modes without tickets (CTF) end on time only.
    const ticketsOut = server.map.tickets > 0 && (server.tickets[0] <= 0 || server.tickets[1] <= 0);
    if (server.timeRemain <= 0 || ticketsOut) {
      this.#nextRound(server);
      return;
    }
    for (const inGame of server.players) this.#fight(inGame, humans);
  }

  #fight(inGame: InGamePlayer, humans: number): void {
    const random = this.#random;
    const onFire = inGame.player !== undefined && inGame.player.onFireUntil > this.#time;
    if (inGame.player && !onFire && random.chance(0.002 * inGame.skill)) {
      inGame.player.onFireUntil = this.#time + random.int(3, 12) * 60_000;
    }
    // An empty server has nobody to fight: bots alone only idle.
    const busy = Math.min(1, (humans + 1) / 8);
    // Objective players fight a third as much, and die less, for four times the objective points.
    const fighting = inGame.objectiveMinded ? 0.3 : 1;
    const kills = random.poisson(0.17 * inGame.skill * busy * fighting * (onFire ? 3 : 1));
    const deaths = random.poisson((0.16 / Math.sqrt(inGame.skill)) * busy * fighting * (onFire ? 0.25 : 1));
    const objectives = random.poisson(0.03 * busy * (inGame.objectiveMinded ? 4 : 1));
    const teamKill = random.chance(0.003 * busy) ? 1 : 0;
    inGame.kills += kills;
    inGame.deaths += deaths;
    inGame.score += kills * 2 + objectives * 3 - teamKill * 2;
    if (inGame.player && inGame.basePing > 0) {
      inGame.ping = Math.max(5, Math.round(inGame.basePing + random.normal(0, inGame.pingJitter)));
    }
  }

  #movePlayers(): void {
    const random = this.#random;
    for (const player of [...this.#active]) {
      if (player.rejoin && this.#time >= player.rejoin.at) {
        const server = this.#servers[player.rejoin.server];
        const leaveAt = player.rejoin.leaveAt;
        player.rejoin = undefined;
        if (server && server.online && this.#hasSlot(server)) this.#join(player, server, leaveAt);
        else this.#goOffline(player);
        continue;
      }
      if (player.server < 0) continue;
      const server = this.#servers[player.server];
      if (!server) continue;
      if (this.#time >= player.leaveAt) {
        this.#leave(player, server);
        continue;
      }
      if (random.chance(REJOIN_CHANCE / 120)) {
        // A dropped connection: back on the same server a minute or two later, with a fresh score.
        const leaveAt = player.leaveAt;
        this.#removeFromServer(player, server);
        player.rejoin = { server: server.index, at: this.#time + random.int(1, 4) * WORLD_STEP_MS, leaveAt };
      } else if (random.chance(SWITCH_SERVER_CHANCE_PER_STEP)) {
        const target = this.#chooseServer(player, server.index);
        if (target) {
          const leaveAt = player.leaveAt;
          this.#removeFromServer(player, server);
          this.#join(player, target, leaveAt);
        }
      }
    }
  }

  #admitPlayers(): void {
    const random = this.#random;
    for (const region of REGIONS) {
      const offline = this.#offlineByRegion.get(region.id) ?? [];
      if (offline.length === 0) continue;
      const { hour, day } = localTime(this.#time, region.utcOffsetHours);
      const rate = ARRIVAL_RATE_PER_STEP * (HOUR_WEIGHT[hour] ?? 0) * (DAY_WEIGHT[day] ?? 1);
      const candidates = random.poisson(offline.length * rate);
      for (let attempt = 0; attempt < candidates && offline.length > 0; attempt += 1) {
        const position = random.int(0, offline.length - 1);
        const player = offline[position];
        if (!player || !random.chance(player.activity / MAX_ACTIVITY)) continue;
        const server = this.#chooseServer(player, -1);
        if (!server) continue;
        // Swap-remove keeps picking O(1).
        offline[position] = offline[offline.length - 1] as WorldPlayer;
        offline.pop();
        if (player.aliasPair) {
          const pair = player.aliasPair;
          player.name = this.#aliasRandom.chance(newNameChance(pair, this.#time)) ? pair.names[1] : pair.names[0];
        }
        const minutes = Math.min(300, Math.max(10, random.logNormal(55, 0.6)));
        this.#join(player, server, this.#time + Math.round(minutes) * 60_000);
      }
    }
  }

  #hasSlot(server: WorldServer): boolean {
    return server.players.length < server.profile.maxPlayers;
  }

  /** Favourites first, then populated and near servers: people go where the others are. */
  #chooseServer(player: WorldPlayer, excluding: number): WorldServer | undefined {
    const candidates = this.#servers.filter(
      (server) =>
        server.index !== excluding &&
        server.online &&
        server.profile.game === player.game &&
        this.#hasSlot(server) &&
        (!server.profile.hasPassword || player.favourites.includes(server.index)),
    );
    if (candidates.length === 0) return undefined;
    return this.#random.weightedPick(candidates, (server) => {
      const favourite = player.favourites.includes(server.index) ? 5 : 1;
      const near = server.profile.region === player.region ? 3 : 0.6;
      const humans = server.players.filter((inGame) => !inGame.isBot).length;
      const crowd = Math.pow(humans + 1, 0.9);
      return favourite * near * server.profile.popularity * crowd;
    });
  }

  #join(player: WorldPlayer, server: WorldServer, leaveAt: number): void {
    const random = this.#random;
    const teams = [1, 2].map((team) => server.players.filter((inGame) => inGame.team === team).length);
    const ping = PING_BY_REGION(player.region, server.profile.region);
    server.players.push({
      player,
      name: player.name,
      isBot: false,
      skill: player.skill,
      team: (teams[0] ?? 0) <= (teams[1] ?? 0) ? 1 : 2,
      score: 0,
      kills: 0,
      deaths: 0,
      ping: Math.round(ping.base),
      basePing: ping.base * player.pingFactor * random.normal(1, PING_SESSION_SPREAD),
      pingJitter: ping.jitter,
      objectiveMinded: player.objectiveMinded,
    });
    player.server = server.index;
    player.leaveAt = leaveAt;
    this.#active.add(player);
  }

  #removeFromServer(player: WorldPlayer, server: WorldServer): void {
    const position = server.players.findIndex((inGame) => inGame.player === player);
    if (position >= 0) server.players.splice(position, 1);
    player.server = -1;
  }

  #leave(player: WorldPlayer, server: WorldServer): void {
    this.#removeFromServer(player, server);
    this.#goOffline(player);
  }

  #goOffline(player: WorldPlayer): void {
    player.server = -1;
    player.rejoin = undefined;
    this.#active.delete(player);
    this.#offlineByRegion.get(player.region)?.push(player);
  }

  #snapshotOf(server: WorldServer): ServerSnapshot {
    const { profile, map } = server;
    const game = profile.game;
    const hasTickets = game !== 'fh2' && map.tickets > 0;
    const tickets: [number | null, number | null] = hasTickets
      ? [Math.max(0, server.tickets[0]), Math.max(0, server.tickets[1])]
      : [null, null];
    const players: SnapshotPlayer[] = server.players.map((inGame) => ({
      name: inGame.name,
      score: inGame.score,
      kills: inGame.kills,
      deaths: inGame.deaths,
      ping: inGame.ping,
      team: inGame.team,
      teamLabel: map.teams[inGame.team - 1] ?? null,
      isBot: inGame.isBot,
    }));
    return {
      game,
      ip: profile.ip,
      port: profile.port,
      feedGuid: server.feedGuid,
      name: profile.name,
      mapName: map.name,
      gameType: map.gameType,
      numPlayers: players.length,
      maxPlayers: profile.maxPlayers,
      hasPassword: profile.hasPassword,
      // FH2's feed has no round clock.
      roundTimeRemain: game === 'fh2' ? null : Math.max(0, server.timeRemain),
      roundTimeLimit: map.timeLimitSeconds,
      tickets1: tickets[0],
      tickets2: tickets[1],
      teams: [
        { index: 1, label: map.teams[0], tickets: tickets[0] },
        { index: 2, label: map.teams[1], tickets: tickets[1] },
      ],
      players,
      joinLink: server.joinLink,
    };
  }
}

export function createWorld(options: { seed: number; startMs: number }): EmulatedWorld {
  return new SimulatedWorld(options.seed, options.startMs);
}
