import type { GameId, LiveServer, LiveServerDetail, LiveServersResponse } from '@frontline/contract';
import type { ServerProfile } from '../../db/server-profiles.ts';
import { countPlayers, isBot } from '../../domain/bots.ts';
import { serverGuidFor } from '../../domain/identity.ts';
import type { ServerGuid } from '../../domain/ids.ts';
import type { ServerSnapshot, SnapshotPlayer, SnapshotTeam } from '../../domain/snapshot.ts';
import type { Clock } from '../../lib/clock.ts';
import { joinLinkFor } from '../../domain/join-link.ts';
import type { LiveServersRepository } from './live-servers.repository.ts';

/**
 * The live server list (spec §2 "Server browser", domain-facts §1 "Live list endpoint"): what the collector's
 * latest successful poll of a game listed, never a feed request per visitor, with what Frontline knows about
 * each server besides (country, time zone, links, when its round began).
 */

/** A game's latest successful poll: the servers it listed, and when. */
export interface LiveList {
  at: Date;
  servers: readonly ServerSnapshot[];
  /**
   * Set when the collector knows the list is not the game as it is now, though it is the best it has: a list cut
   * off by the page cap, or the last good list kept because the newest one collapsed (ingest/list-collapse.ts).
   */
  staleReason?: string;
}

/** Where live lists come from (the collector, given by app.ts): each game's latest successful poll. */
export interface LiveListSource {
  lastGoodList(game: GameId): LiveList | undefined;
}

export interface LiveServersServiceDeps {
  liveServersRepository: LiveServersRepository;
  /** Undefined when the collector is off: then there is never a list, which is not an error. */
  liveLists: LiveListSource | undefined;
  pollIntervalMs: number;
  clock: Clock;
}

export interface LiveServerView {
  server: LiveServerDetail;
  /** The list it comes from is stale (see `isListStale`). */
  stale: boolean;
}

/**
 * Two intervals, not one: a poll that lands a little late is normal; missing a whole poll means the feed (or the
 * collector) is failing and visitors should know the list may be out of date.
 */
const STALE_AFTER_INTERVALS = 2;

const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function createLiveServersService({
  liveServersRepository: repository,
  liveLists,
  pollIntervalMs,
  clock,
}: LiveServersServiceDeps) {
  // Stale when the collector says so, or by age: a list it did not replace for two intervals.
  const isListStale = (list: LiveList): boolean =>
    list.staleReason !== undefined || clock() - list.at.getTime() > STALE_AFTER_INTERVALS * pollIntervalMs;

  // A list changes once per poll while every visitor asks for it: each game's answer is built once per list (so
  // its database facts are read once per poll), and the same two answer objects serve the list's whole life, so
  // they are also encoded once (http/send-json.ts). A list the collector marks stale is a list object of its own
  // (it makes a new one when the reason changes), so the cache by identity never serves a stale list as fresh.
  const built = new Map<GameId, { list: LiveList; fresh: LiveServersResponse; stale: LiveServersResponse }>();

  async function buildAnswer(game: GameId, list: LiveList) {
    let answer = built.get(game);
    if (answer?.list !== list) {
      const listed = list.servers.map((snapshot) => ({
        snapshot,
        guid: serverGuidFor(snapshot.game, snapshot.ip, snapshot.port),
      }));
      const guids = listed.map(({ guid }) => guid);
      const [profiles, roundStarts] = await Promise.all([
        repository.findServerProfiles(guids),
        repository.findOpenRoundStarts(guids),
      ]);
      const servers = listed
        .map(({ snapshot, guid }) => toLiveServer(snapshot, guid, { profiles, roundStarts }))
        .sort(compareLiveServers);
      const lastUpdated = list.at.toISOString();
      answer = { list, fresh: { servers, lastUpdated, stale: false }, stale: { servers, lastUpdated, stale: true } };
      built.set(game, answer);
    }
    return answer;
  }

  return {
    async listLiveServers(game: GameId): Promise<LiveServersResponse> {
      const list = liveLists?.lastGoodList(game);
      if (list === undefined) return { servers: [], lastUpdated: null, stale: true };
      const answer = await buildAnswer(game, list);
      return isListStale(list) ? answer.stale : answer.fresh;
    },

    /** Undefined when the game's latest list does not hold that address. */
    async findLiveServer(game: GameId, ip: string, port: number): Promise<LiveServerView | undefined> {
      const list = liveLists?.lastGoodList(game);
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

export type LiveServersService = ReturnType<typeof createLiveServersService>;

/** What the database knows about listed servers besides the feed, by server guid. */
interface KnownFacts {
  profiles: ReadonlyMap<ServerGuid, ServerProfile>;
  roundStarts: ReadonlyMap<ServerGuid, string>;
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
function labelTeamOf(player: Pick<SnapshotPlayer, 'team' | 'teamLabel'>, teams: readonly SnapshotTeam[]): string {
  if (player.teamLabel) return player.teamLabel;
  const teamLabel = teams.find((team) => team.index === player.team)?.label;
  return teamLabel ? teamLabel : `Team ${player.team}`;
}

/** Most people first (the browser's default order), then by name as people read it; the address keeps it total. */
function compareLiveServers(a: LiveServer, b: LiveServer): number {
  return (
    b.numPlayers - a.numPlayers ||
    nameCollator.compare(a.name, b.name) ||
    (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : 0) ||
    a.port - b.port
  );
}
