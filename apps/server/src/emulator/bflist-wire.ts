import type { GameId } from '@frontline/contract';
import type { ServerSnapshot, SnapshotPlayer, SnapshotTeam } from '../domain/snapshot.ts';
import type { MapDefinition, WorldServerProfile } from './world-types.ts';

/**
 * Turns the emulator's snapshots into the JSON entries the BFList v2 feed sends (data-sources §1.1,
 * domain-facts §1), so that the collector ingests the emulator through its real parser.
 *
 * `normaliseServerEntry(game, toBflistEntry(snapshot))` gives the snapshot back unchanged, except for what the
 * feed cannot carry or decides itself. A world that wants its snapshots to survive the trip must produce:
 * - `feedGuid`: the feed always names a server, so a null guid comes back as `buildFeedGuid(ip, port)`
 *   (any other guid is sent as is, so the world may still simulate the feed re-minting one);
 * - `joinLink`: the feed's own rule decides it, whatever the snapshot says: `buildJoinLink(game, ip, port,
 *   hasPassword)` (passwordless BF1942/BFV servers only; the FH2 feed has no join link);
 * - `isBot`: BF1942/BFV players carry no bot flag on the wire, so it comes back false (their bots are
 *   recognised by their default names); FH2's `aibot` carries it;
 * - FH2: `roundTimeRemain`, `tickets1`, `tickets2` and every team's `tickets` come back null (not in the feed);
 * - BF1942/BFV: teams 1 and 2 carry `tickets1`/`tickets2` (one number per side on the wire), so a team's own
 *   `tickets` must equal them; BF1942 sends no tickets for any other team (null), and on BFV, where tickets
 *   travel only inside `teams`, `tickets1`/`tickets2` survive only when teams 1 and 2 are listed;
 * - a player's `teamLabel` of null or '' comes back as their team's label when `teams` has a labelled entry
 *   for that index (the parser's fallback), else as null.
 * Player numbers must be finite: JSON has no NaN or Infinity (they would arrive as null, read as 0).
 */

/** The wire names these keys; BFV sends no top-level tickets and may leave out `roundTimeRemain`. */
type Bf1942WireEntry = {
  guid: string;
  ip: string;
  port: number;
  queryPort: number;
  name: string;
  numPlayers: number;
  maxPlayers: number;
  mapName: string;
  password: boolean;
  gameType: string;
  gameVersion: string;
  gameMode: string;
  averageFps: number;
  contentCheck: boolean;
  dedicated: number;
  gameId: string;
  mapId: string;
  reservedSlots: number;
  roundTime: number;
  roundTimeRemain?: number;
  status: number;
  anticheat: boolean;
  tickets1?: number | null;
  tickets2?: number | null;
  unpureMods: string;
  joinLink: string | null;
  joinLinkWeb: string | null;
  teams: { index: number; label: string; tickets?: number | null }[];
  players: {
    name: string;
    score: number;
    kills: number;
    deaths: number;
    ping: number;
    team: number;
    teamLabel: string | null;
  }[];
};

type Fh2WirePlayer = {
  pid: number;
  name: string;
  tag: string;
  score: number;
  kills: number;
  deaths: number;
  ping: number;
  team: number;
  teamLabel: string | null;
  aibot: boolean;
};

/** Only the keys the code reads back are spelled out; the rest are the feed's constant server settings. */
type Fh2WireEntry = Record<string, unknown> & {
  teams: { index: number; label: string }[];
  players: Fh2WirePlayer[];
};

const GAME_VERSIONS = { bf1942: 'v1.61', bfvietnam: 'v1.21' } as const;
/** BF2 1.50, the engine build FH2 runs on. */
const FH2_GAME_VERSION = '1.5.3153-802.0';
const DEFAULT_QUERY_PORTS: Record<GameId, number> = { bf1942: 23000, bfvietnam: 23000, fh2: 29900 };
/** Used when no profile says how long the current map's rounds are. */
const DEFAULT_ROUND_SECONDS: Record<GameId, number> = { bf1942: 1800, bfvietnam: 1800, fh2: 3600 };
/** GameSpy's `status` of a server in a round; the feed's fixtures show nothing else for live servers. */
const STATUS_PLAYING = 3;
const utf8 = new TextEncoder();

/**
 * The feed's id of a server: four hex groups derived from the address, one per octet, in the style of the ids
 * the feed shows (`7b3a63-12e36b3-6dac2c-8c0a76c`; thought to be computed this way, see data-sources §1.1).
 * Stable for an address, so the collector sees one server per ip:port.
 */
export function buildFeedGuid(ip: string, port: number): string {
  return ip
    .split('.')
    .map((octet) => Math.floor(((Number(octet) + 2) ** 2 * port) / 8).toString(16))
    .join('-');
}

/**
 * The feed's `joinLink`: the joinme.click launcher's protocol link (the launcher registers `bf1942://` and
 * `bfvietnam://`), given only to passwordless servers; the FH2 feed has none.
 */
export function buildJoinLink(game: GameId, ip: string, port: number, hasPassword: boolean): string | null {
  if (game === 'fh2' || hasPassword) return null;
  return `${game}://${ip}:${port}`;
}

/** The feed's `joinLinkWeb`: the joinme.click page that opens the launcher link in a browser. */
function buildJoinLinkWeb(game: GameId, ip: string, port: number, hasPassword: boolean): string | null {
  if (game === 'fh2' || hasPassword) return null;
  return `https://joinme.click/g/${game}/${ip}:${port}`;
}

/**
 * The JSON entry the BFList v2 feed would list for this server. The profile, when given, supplies what the
 * snapshot does not hold (query port, configured round length, map size, co-op bots).
 */
export function toBflistEntry(snapshot: ServerSnapshot, profile?: WorldServerProfile): Record<string, unknown> {
  const map = profile?.rotation.find((candidate) => candidate.name === snapshot.mapName);
  return snapshot.game === 'fh2' ? buildFh2Entry(snapshot, profile, map) : buildBf1942Entry(snapshot, profile, map);
}

function buildBf1942Entry(
  snapshot: ServerSnapshot,
  profile: WorldServerProfile | undefined,
  map: MapDefinition | undefined,
): Bf1942WireEntry {
  const game = snapshot.game === 'bfvietnam' ? 'bfvietnam' : 'bf1942';
  const { ip, port, hasPassword } = snapshot;
  // Keys in the feed's order, so that a listing reads like the real one.
  return {
    guid: snapshot.feedGuid ?? buildFeedGuid(ip, port),
    ip,
    port,
    queryPort: profile?.queryPort ?? DEFAULT_QUERY_PORTS[game],
    name: snapshot.name,
    numPlayers: snapshot.numPlayers,
    maxPlayers: snapshot.maxPlayers,
    mapName: snapshot.mapName,
    password: hasPassword,
    gameType: snapshot.gameType,
    gameVersion: GAME_VERSIONS[game],
    gameMode: 'openplaying',
    averageFps: 38,
    contentCheck: false,
    dedicated: 1,
    gameId: game,
    // What the GameSpy `mapId` key holds on these servers: the mod the map comes from.
    mapId: game,
    reservedSlots: 0,
    roundTime: snapshot.roundTimeLimit ?? map?.timeLimitSeconds ?? DEFAULT_ROUND_SECONDS[game],
    // Some servers do not report the time left; the feed then leaves the key out rather than sending 0.
    ...(snapshot.roundTimeRemain === null ? {} : { roundTimeRemain: snapshot.roundTimeRemain }),
    status: STATUS_PLAYING,
    anticheat: false,
    // The BFV feed reports tickets only per team.
    ...(game === 'bfvietnam' ? {} : { tickets1: snapshot.tickets1, tickets2: snapshot.tickets2 }),
    unpureMods: '',
    joinLink: buildJoinLink(game, ip, port, hasPassword),
    joinLinkWeb: buildJoinLinkWeb(game, ip, port, hasPassword),
    teams: snapshot.teams.map((team) =>
      game === 'bfvietnam'
        ? { index: team.index, label: team.label, tickets: readSideTickets(snapshot, team) }
        : { index: team.index, label: team.label },
    ),
    players: snapshot.players.map((player) => ({
      name: player.name,
      score: player.score,
      kills: player.kills,
      deaths: player.deaths,
      ping: player.ping,
      team: player.team,
      teamLabel: player.teamLabel,
    })),
  };
}

/** Teams 1 and 2 are the two sides whose tickets the snapshot holds at its top level. */
function readSideTickets(snapshot: ServerSnapshot, team: SnapshotTeam): number | null {
  if (team.index === 1) return snapshot.tickets1;
  if (team.index === 2) return snapshot.tickets2;
  return team.tickets;
}

function buildFh2Entry(
  snapshot: ServerSnapshot,
  profile: WorldServerProfile | undefined,
  map: MapDefinition | undefined,
): Fh2WireEntry {
  const { ip, port } = snapshot;
  const botCount = snapshot.players.filter((player) => player.isBot).length;
  const labelOf = (index: number) => snapshot.teams.find((team) => team.index === index)?.label ?? '';
  return {
    guid: snapshot.feedGuid ?? buildFeedGuid(ip, port),
    ip,
    port,
    queryPort: profile?.queryPort ?? DEFAULT_QUERY_PORTS.fh2,
    name: snapshot.name,
    numPlayers: snapshot.numPlayers,
    maxPlayers: snapshot.maxPlayers,
    mapName: snapshot.mapName,
    mapSize: map?.size ?? 64,
    password: snapshot.hasPassword,
    gameType: snapshot.gameType,
    gameVersion: FH2_GAME_VERSION,
    gameVariant: 'fh2',
    // The configured round length: FH2 reports no time remaining.
    timelimit: snapshot.roundTimeLimit ?? map?.timeLimitSeconds ?? DEFAULT_ROUND_SECONDS.fh2,
    roundsPerMap: 1,
    ranked: false,
    anticheat: true,
    battlerecorder: false,
    demoIndex: '',
    demoDownload: '',
    voip: true,
    autobalance: true,
    friendlyfire: true,
    tkmode: 'Punish',
    startdelay: 15,
    spawntime: 15,
    sponsorText: '',
    sponsorLogoUrl: '',
    communityLogoUrl: '',
    scorelimit: 0,
    ticketratio: 100,
    teamratio: 100,
    team1: labelOf(1),
    team2: labelOf(2),
    pure: true,
    globalUnlocks: true,
    reservedSlots: 0,
    dedicated: true,
    os: 'linux-64',
    bots: (profile?.bots ?? 0) > 0 || botCount > 0,
    fps: 33,
    plasma: false,
    coopBotRatio: botCount > 0 ? 100 : 0,
    coopBotCount: botCount,
    coopBotDiff: botCount > 0 ? 50 : 0,
    noVehicles: false,
    teams: snapshot.teams.map((team) => ({ index: team.index, label: team.label })),
    players: snapshot.players.map(toFh2Player),
  };
}

function toFh2Player(player: SnapshotPlayer): Fh2WirePlayer {
  return {
    // Bots have no GameSpy account.
    pid: player.isBot ? 0 : derivePlayerId(player.name),
    name: player.name,
    // Clan tags are not part of a tracked name (bflist-schema.ts), and the snapshot keeps none.
    tag: '',
    score: player.score,
    kills: player.kills,
    deaths: player.deaths,
    ping: player.ping,
    team: player.team,
    teamLabel: player.teamLabel,
    aibot: player.isBot,
  };
}

/**
 * A stand-in for the GameSpy profile id: stable per name (FNV-1a), in the range real BF2 ids occupy, so that a
 * consumer keying on `pid` sees one player per name.
 */
function derivePlayerId(name: string): number {
  let hash = 0x811c9dc5;
  for (const byte of utf8.encode(name)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return 40_000_000 + (hash % 60_000_000);
}
