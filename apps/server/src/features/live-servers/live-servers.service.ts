import type { GameId, LiveServer, LiveServerDetail, LiveServersResponse } from '@frontline/contract';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';
import { countPlayers, isBot } from '../../domain/bots.ts';
import type { LastGoodList } from '../../ingest/collector.ts';
import { serverGuidFor } from '../../domain/identity.ts';
import type { ServerGuid } from '../../domain/ids.ts';
import type { ServerSnapshot, SnapshotPlayer, SnapshotTeam } from '../../domain/snapshot.ts';
import { joinLinkFor } from './join-link.ts';
import { findOpenRoundStarts } from './open-rounds.repository.ts';
import { findServerProfiles, type ServerProfile } from './server-profiles.repository.ts';

/**
 * The live server list (spec §2 "Server browser", domain-facts §1 "Live list endpoint"): what the collector's
 * latest successful poll of a game listed, never a feed request per visitor, with what Frontline knows about
 * each server besides (country, time zone, links, when its round began).
 */

/** The collector as this service sees it: only its last good lists. */
export interface LiveListSource {
  lastGoodList(game: GameId): LastGoodList | undefined;
}

export interface LiveServersServiceOptions {
  db: Kysely<DatabaseSchema>;
  /** Undefined when the collector is off: then there is never a list, which is not an error. */
  collector: LiveListSource | undefined;
  pollIntervalMs: number;
  /** Unix ms; tests move it to see a list go stale. */
  now?: () => number;
}

export interface LiveServerView {
  server: LiveServerDetail;
  /** The list it comes from is stale (see `isListStale`). */
  stale: boolean;
}

export interface LiveServersService {
  listLiveServers(game: GameId): Promise<LiveServersResponse>;
  /** Undefined when the game's latest list does not hold that address. */
  findLiveServer(game: GameId, ip: string, port: number): Promise<LiveServerView | undefined>;
}

/**
 * Two intervals, not one: a poll that lands a little late is normal; missing a whole poll means the feed (or the
 * collector) is failing and visitors should know the list may be out of date.
 */
const STALE_AFTER_INTERVALS = 2;

const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function createLiveServersService(options: LiveServersServiceOptions): LiveServersService {
  // Read through a closure, not a reference taken now: a test that fakes Date replaces Date.now later.
  const { db, collector, pollIntervalMs, now = () => Date.now() } = options;

  const isListStale = (list: LastGoodList): boolean =>
    now() - list.at.getTime() > STALE_AFTER_INTERVALS * pollIntervalMs;

  // A list changes once per poll while every visitor asks for it: build each game's answer once per list.
  const built = new Map<GameId, { list: LastGoodList; fresh: LiveServersResponse; stale: LiveServersResponse }>();

  /** The game's list as answered, built once per list (so its database facts are read once per poll). */
  async function buildAnswer(game: GameId, list: LastGoodList) {
    let answer = built.get(game);
    if (answer?.list !== list) {
      const guids = list.servers.map((snapshot) => serverGuidFor(snapshot.game, snapshot.ip, snapshot.port));
      const known = await findKnownFacts(db, guids);
      const servers = list.servers
        .map((snapshot) => toLiveServer(snapshot, serverGuidFor(snapshot.game, snapshot.ip, snapshot.port), known))
        .sort(compareLiveServers);
      const lastUpdated = list.at.toISOString();
      // The same two answer objects for the life of a list, so they are encoded once (http/send-json.ts).
      answer = { list, fresh: { servers, lastUpdated, stale: false }, stale: { servers, lastUpdated, stale: true } };
      built.set(game, answer);
    }
    return answer;
  }

  return {
    async listLiveServers(game) {
      const list = collector?.lastGoodList(game);
      if (list === undefined) return { servers: [], lastUpdated: null, stale: true };
      const answer = await buildAnswer(game, list);
      return isListStale(list) ? answer.stale : answer.fresh;
    },

    async findLiveServer(game, ip, port) {
      const list = collector?.lastGoodList(game);
      const snapshot = list?.servers.find((candidate) => candidate.ip === ip && candidate.port === port);
      if (list === undefined || snapshot === undefined) return undefined;
      // The server's line of the list (no query per request: the list's facts are read once per poll).
      const guid = serverGuidFor(snapshot.game, snapshot.ip, snapshot.port);
      const listed = (await buildAnswer(game, list)).fresh.servers.find((server) => server.guid === guid);
      if (listed === undefined) return undefined;
      return {
        server: {
          ...listed,
          players: snapshot.players.map((player) => toLivePlayer(player, snapshot.teams)),
          teams: snapshot.teams.map((team) => ({ index: team.index, label: team.label, tickets: team.tickets })),
        },
        stale: isListStale(list),
      };
    },
  };
}

/** What the database knows about listed servers besides the feed, by server guid. */
interface KnownFacts {
  profiles: Map<ServerGuid, ServerProfile>;
  roundStarts: Map<ServerGuid, string>;
}

async function findKnownFacts(db: Kysely<DatabaseSchema>, guids: readonly ServerGuid[]): Promise<KnownFacts> {
  const [profiles, roundStarts] = await Promise.all([findServerProfiles(db, guids), findOpenRoundStarts(db, guids)]);
  return { profiles, roundStarts };
}

function toLiveServer(snapshot: ServerSnapshot, guid: ServerGuid, known: KnownFacts): LiveServer {
  const profile = known.profiles.get(guid);
  // Counted from the roster the way the tracker counts it (PLAYER COUNTS), not the feed's numPlayers, which
  // includes bots: so the list, the profile and the forecasts all say the same number of people.
  const { humans, bots } = countPlayers(snapshot.players);
  return {
    guid,
    name: snapshot.name,
    ip: snapshot.ip,
    port: snapshot.port,
    game: snapshot.game,
    numPlayers: humans,
    botCount: bots,
    maxPlayers: snapshot.maxPlayers,
    mapName: snapshot.mapName,
    gameType: snapshot.gameType,
    roundTimeRemain: snapshot.roundTimeRemain ?? -1,
    roundStartedAt: known.roundStarts.get(guid) ?? null,
    // 0 is how servers spell "no limit".
    roundTimeLimit: snapshot.roundTimeLimit || null,
    hasPassword: snapshot.hasPassword,
    timezone: profile?.timezone ?? null,
    country: profile?.country ?? null,
    joinLink: joinLinkFor(snapshot),
    discordUrl: profile?.discordUrl ?? null,
    forumUrl: profile?.forumUrl ?? null,
  };
}

function toLivePlayer(player: SnapshotPlayer, teams: readonly SnapshotTeam[]): LiveServerDetail['players'][number] {
  return {
    name: player.name,
    score: player.score,
    kills: player.kills,
    deaths: player.deaths,
    ping: player.ping,
    team: player.team,
    teamLabel: labelTeamOf(player, teams),
    // Listed, since they fill slots, but flagged: the same rule that keeps them out of the statistics.
    aiBot: isBot(player),
  };
}

/** The player's own label, else their team's, else a neutral name: the live table groups players by it. */
export function labelTeamOf(
  player: Pick<SnapshotPlayer, 'team' | 'teamLabel'>,
  teams: readonly SnapshotTeam[],
): string {
  if (player.teamLabel) return player.teamLabel;
  const teamLabel = teams.find((team) => team.index === player.team)?.label;
  return teamLabel ? teamLabel : `Team ${player.team}`;
}

/** Most people first (the browser's default order), then by name as people read it; the address keeps it total. */
export function compareLiveServers(a: LiveServer, b: LiveServer): number {
  return (
    b.numPlayers - a.numPlayers ||
    nameCollator.compare(a.name, b.name) ||
    (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : 0) ||
    a.port - b.port
  );
}
