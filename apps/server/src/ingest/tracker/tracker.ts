import type { GameId } from '@frontline/contract';
import { roundIdFor, serverGuidFor } from '../../domain/identity.ts';
import type { ServerGuid } from '../../domain/ids.ts';
import { joinLinkFor } from '../../domain/join-link.ts';
import { countersWithinLimits, plausibleMove, ZERO_COUNTERS } from '../../domain/player-counters.ts';
import type { GamePoll, ServerSnapshot, SnapshotPlayer } from '../../domain/snapshot.ts';
import { DEFAULT_TEAM_LABELS, teamLabelFor } from '../../domain/team-labels.ts';
import { encodePoll, type TimelinePlayerSample } from '../../domain/timeline-codec.ts';
import { matchEntries, type EntryState } from './name-entries.ts';
import {
  believedPollOf,
  mostCountersFell,
  unconfirmedChange,
  type BelievedPoll,
  type RoundEnd,
} from './poll-judgement.ts';
import { readRoster, ticketsOf, type Roster } from './server-poll.ts';
import type { TrackerEvent } from './tracker-events.ts';
import {
  emptyBatch,
  type GameStateRow,
  type HeldPoll,
  type RoundCloseReason,
  type RoundRow,
  type ServerRow,
  type SessionRow,
  type WriteBatch,
} from './write-batch.ts';

/**
 * The tracker: pure, deterministic logic over polls. It keeps each server's open round and each
 * player's session in memory, decides round boundaries and session continuity (DESIGN.md, "Where
 * Frontline is stricter"), and returns what to write and what happened. The same polls always give the
 * same rounds and sessions, and a tracker rebuilt from what the store wrote continues exactly where the
 * first one stopped.
 */

export interface TrackerOptions {
  /** A session closes when its player is unseen this long, counted in successful polls. */
  sessionTimeoutMs: number;
  /** A server's round closes when it is unlisted (or lists no map) this long, counted in successful polls. */
  serverTimeoutMs: number;
  /**
   * Intervals between successful polls longer than this are gaps (the collector was down): they count neither as
   * play time nor as absence. An interval across failed polls never counts as absence; up to this long, it counts
   * as play time for a player seen at both its ends (decision 0003, "Gaps").
   */
  maxObservedIntervalMs: number;
}

const DEFAULT_TRACKER_OPTIONS: TrackerOptions = {
  sessionTimeoutMs: 5 * 60_000,
  serverTimeoutMs: 5 * 60_000,
  maxObservedIntervalMs: 5 * 60_000,
};

interface RoundState {
  row: RoundRow;
  /** Every session of the round, active or not, in the order players first appeared (timeline index). */
  sessions: Map<string, SessionRow>;
}

interface ServerState {
  row: ServerRow;
  round: RoundState | undefined;
  /** A poll of the server waiting for the next one to confirm or contradict it (decision 0003, "Glitches"). */
  held: HeldPoll | undefined;
}

/** What the store holds of the tracker's state: enough to continue open rounds and sessions. */
export interface TrackerSnapshotState {
  games: GameStateRow[];
  servers: ServerRow[];
  openRounds: { row: RoundRow; sessions: SessionRow[] }[];
  /** Server polls waiting for the next poll's word, by server. */
  heldPolls: { serverGuid: ServerGuid; held: HeldPoll }[];
  /** The next keys to hand out (one more than the largest stored). */
  nextRoundKey: number;
  nextSessionId: number;
}

/** A listed server whose poll could not be processed: its rows and events of the poll were left out. */
export interface FailedServer {
  serverGuid: ServerGuid;
  name: string;
  error: string;
}

export interface IngestResult {
  batch: WriteBatch;
  events: TrackerEvent[];
  /** Set when the poll was not applied (it was older than one already applied). */
  ignored?: string;
  /**
   * Servers whose processing threw: the batch and the events leave out everything of theirs from this poll, and
   * the rest of the poll is applied. The tracker's memory of such a server may be half-changed, so after writing
   * the batch the caller must rebuild the tracker from the store (`new Tracker(options, store.loadTrackerState())`).
   */
  failedServers: FailedServer[];
  /**
   * Server polls of this poll held for the next one's word, and held polls the next one contradicted (glitches:
   * nothing of them was written). A held poll that is confirmed is applied, and counts in neither.
   */
  held: number;
  glitches: number;
}

/** Every list of a batch, to cut a failed server's rows back out (see #observeListedServerApart). */
const BATCH_LISTS = Object.keys(emptyBatch()) as (keyof WriteBatch)[];

/** Shared empty lists for the common case (one entry per name), so that a poll of thousands allocates none. */
const NO_ENTRIES: EntryState[] = [];
const NO_MATCHES: number[] = [];

/** The stays a session had open at its last poll: the one it reports as its own, then any namesakes'. */
function openEntries(session: SessionRow): EntryState[] {
  const own = {
    score: session.segmentScore,
    kills: session.segmentKills,
    deaths: session.segmentDeaths,
    team: session.team,
  };
  return [own, ...session.extraEntries];
}

/** What a held poll showed, to judge the poll after it against (the round it shows began then if it ends one). */
function believedPollOfHeld(held: HeldPoll, round: RoundState): BelievedPoll {
  const endsRound = held.change === 'map_change' || held.change === 'restart';
  return believedPollOf(
    held.snapshot,
    readRoster(held.snapshot.players),
    held.at,
    endsRound ? held.at : round.row.startTime,
  );
}

/** What a server's open round showed at its last poll, as the tracker believed it. */
function believedPollOfRound(round: RoundState): BelievedPoll {
  const row = round.row;
  return {
    at: row.lastPollAt,
    mapName: row.mapName,
    tickets1: row.tickets1,
    tickets2: row.tickets2,
    roundTimeRemain: row.roundTimeRemain,
    roundStart: row.startTime,
    staysOf: (name) => {
      const session = round.sessions.get(name);
      return session && session.lastSeen === row.lastPollAt ? openEntries(session) : undefined;
    },
  };
}

function teamLabels(snapshot: ServerSnapshot): [string, string] {
  const label = (index: 1 | 2, fallback: string) =>
    snapshot.teams.find((team) => team.index === index)?.label || fallback;
  return [label(1, DEFAULT_TEAM_LABELS[0]), label(2, DEFAULT_TEAM_LABELS[1])];
}

function playerTeamLabel(player: SnapshotPlayer, labels: [string, string]): string {
  return player.teamLabel || teamLabelFor(player.team, labels);
}

export class Tracker {
  readonly #options: TrackerOptions;
  readonly #games = new Map<GameId, GameStateRow>();
  readonly #servers = new Map<ServerGuid, ServerState>();
  /** Active sessions per player name, across every server: "online" means at least one. */
  readonly #activeSessions = new Map<string, number>();
  #nextRoundKey = 1;
  #nextSessionId = 1;

  constructor(options: Partial<TrackerOptions> = {}, state?: TrackerSnapshotState) {
    this.#options = { ...DEFAULT_TRACKER_OPTIONS, ...options };
    if (state) this.#restore(state);
  }

  #restore(state: TrackerSnapshotState): void {
    this.#nextRoundKey = state.nextRoundKey;
    this.#nextSessionId = state.nextSessionId;
    for (const game of state.games) this.#games.set(game.game, { ...game });
    for (const server of state.servers) {
      this.#servers.set(server.serverGuid, { row: { ...server }, round: undefined, held: undefined });
    }
    for (const { row, sessions } of state.openRounds) {
      const server = this.#servers.get(row.serverGuid);
      if (!server) throw new Error(`open round ${row.roundId} belongs to unknown server ${row.serverGuid}`);
      const ordered = [...sessions].sort((a, b) => a.playerIndex - b.playerIndex);
      server.round = {
        row: { ...row },
        sessions: new Map(ordered.map((session) => [session.playerName, { ...session }])),
      };
      for (const session of ordered) if (session.isActive) this.#countActive(session.playerName, +1);
    }
    for (const { serverGuid, held } of state.heldPolls) {
      const server = this.#servers.get(serverGuid);
      if (server?.round) server.held = held;
    }
  }

  /** Whether a player has an open session anywhere. */
  isOnline(playerName: string): boolean {
    return (this.#activeSessions.get(playerName) ?? 0) > 0;
  }

  /** The game's servers that count as online: listed lately, or unlisted for less than the server timeout. */
  onlineServerCount(game: GameId): number {
    let count = 0;
    for (const server of this.#servers.values()) if (server.row.game === game && server.row.isOnline) count += 1;
    return count;
  }

  ingest(poll: GamePoll): IngestResult {
    const at = poll.at.getTime();
    const game = this.#games.get(poll.game) ?? { game: poll.game, lastSuccessAt: null, gap: false, clockMs: 0 };
    const batch = emptyBatch();
    const events: TrackerEvent[] = [];
    if (game.lastSuccessAt !== null && at <= game.lastSuccessAt) {
      return {
        batch,
        events,
        ignored: `poll at ${poll.at.toISOString()} is not after the last one applied`,
        failedServers: [],
        held: 0,
        glitches: 0,
      };
    }
    this.#games.set(poll.game, game);

    if (!poll.ok) {
      // A failed poll is a gap, not an empty server list: nothing closes because of it.
      game.gap = true;
      batch.games.push({ ...game });
      return { batch, events, failedServers: [], held: 0, glitches: 0 };
    }

    const interval = game.lastSuccessAt === null ? 0 : at - game.lastSuccessAt;
    game.clockMs += game.gap || interval > this.#options.maxObservedIntervalMs ? 0 : interval;
    const context: PollContext = {
      at,
      clockMs: game.clockMs,
      batch,
      events,
      opened: new Set(),
      carriedOver: new Set(),
      judged: { held: 0, glitches: 0 },
    };

    const listed = new Set<string>();
    const failedServers: FailedServer[] = [];
    for (const snapshot of poll.servers) {
      const serverGuid = serverGuidFor(snapshot.game, snapshot.ip, snapshot.port);
      if (listed.has(serverGuid)) continue; // the source already de-duplicates; never apply one twice
      listed.add(serverGuid);
      const failure = this.#observeListedServerApart(serverGuid, snapshot, context);
      if (failure) failedServers.push(failure);
    }
    for (const server of this.#servers.values()) {
      if (server.row.game === poll.game && !listed.has(server.row.serverGuid))
        this.#observeUnlistedServer(server, context);
    }

    game.lastSuccessAt = at;
    game.gap = false;
    batch.games.push({ ...game });
    return { batch, events, failedServers, ...context.judged };
  }

  /**
   * Observes one listed server so that its failure is its own: whatever it added to the batch and the events
   * before throwing is cut off again, and the rest of the poll goes on (one odd server used to fail every game's
   * cycle). Still listed, the server is not taken for unlisted either: for the store, it simply missed this poll.
   */
  #observeListedServerApart(
    serverGuid: ServerGuid,
    snapshot: ServerSnapshot,
    context: PollContext,
  ): FailedServer | undefined {
    const { batch, events } = context;
    const lengths = BATCH_LISTS.map((key) => batch[key].length);
    const eventCount = events.length;
    const hadHeld = this.#servers.get(serverGuid)?.held !== undefined;
    try {
      this.#observeListedServer(serverGuid, snapshot, context);
      return undefined;
    } catch (error) {
      BATCH_LISTS.forEach((key, index) => {
        batch[key].length = lengths[index] as number;
      });
      events.length = eventCount;
      // A held poll that cannot be applied is forgotten, or every later poll would try it again and fail with it.
      if (hadHeld) batch.heldPolls.push({ serverGuid, held: null });
      return { serverGuid, name: snapshot.name, error: error instanceof Error ? error.message : String(error) };
    }
  }

  #observeListedServer(serverGuid: ServerGuid, snapshot: ServerSnapshot, context: PollContext): void {
    const roster = readRoster(snapshot.players);
    const server = this.#servers.get(serverGuid) ?? this.#createServer(serverGuid, snapshot, context);
    const verdict = this.#judge(server, snapshot, roster, context);
    if (verdict !== 'held') this.#applyListedServer(server, snapshot, roster, verdict, context);
  }

  /**
   * A glitch is not a fact (decision 0003, "Glitches"): a poll that would end the round, start a present player's
   * stay again or move counters further than play can is held until the next poll of the server. If that one
   * follows from the held poll and not from the round as it was, the held poll is applied at its own time, then
   * this one; if it follows from the round as it was, the held poll was a glitch and is dropped, unless it follows
   * from both and most of its players' counters fell since the round's last poll (a restart whose new counters
   * are already under way); if it follows from neither, it is held in the held one's place.
   * Says whether this poll is held (nothing of it is applied now), or else whether it ends the round: the poll
   * applied after a confirmed one follows from it, so only a poll applied on its own word can end a round.
   */
  #judge(
    server: ServerState,
    snapshot: ServerSnapshot,
    roster: Roster,
    context: PollContext,
  ): 'held' | 'continues' | RoundEnd {
    const round = server.round;
    // Only a poll that shows a round can confirm or contradict one; without an open round nothing can end.
    if (!round || !snapshot.mapName) return 'continues';
    const believed = believedPollOfRound(round);
    const change = unconfirmedChange(believed, snapshot, roster, context.at);
    const held = server.held;
    if (held) {
      const followsHeld =
        unconfirmedChange(believedPollOfHeld(held, round), snapshot, roster, context.at) === undefined;
      const countersRestarted = held.change !== 'map_change' && mostCountersFell(believed, roster);
      if (followsHeld && (change !== undefined || countersRestarted)) {
        this.#applyHeld(server, context);
        return 'continues';
      }
      this.#release(server, context);
      context.judged.glitches += 1;
    }
    if (change === undefined) return 'continues';
    server.held = { at: context.at, clockMs: context.clockMs, change, snapshot };
    context.batch.heldPolls.push({ serverGuid: server.row.serverGuid, held: server.held });
    context.judged.held += 1;
    return 'held';
  }

  /** Applies the server's held poll at its own time and with its own clock, and forgets it. */
  #applyHeld(server: ServerState, context: PollContext): void {
    const held = server.held;
    if (!held) return;
    this.#release(server, context);
    const verdict = held.change === 'map_change' || held.change === 'restart' ? held.change : 'continues';
    // Its own poll: a round it opens is written as opened once, then updated by the polls after it.
    const heldContext = { ...context, at: held.at, clockMs: held.clockMs, opened: new Set<string>() };
    this.#applyListedServer(server, held.snapshot, readRoster(held.snapshot.players), verdict, heldContext);
  }

  /** Forgets the server's held poll (applied, or dropped as a glitch). */
  #release(server: ServerState, context: PollContext): void {
    if (!server.held) return;
    server.held = undefined;
    context.batch.heldPolls.push({ serverGuid: server.row.serverGuid, held: null });
  }

  #applyListedServer(
    server: ServerState,
    snapshot: ServerSnapshot,
    roster: Roster,
    verdict: 'continues' | RoundEnd,
    context: PollContext,
  ): void {
    const { at } = context;
    const serverGuid = server.row.serverGuid;
    const row = server.row;
    Object.assign(row, {
      feedGuid: snapshot.feedGuid,
      name: snapshot.name,
      mapName: snapshot.mapName,
      gameType: snapshot.gameType,
      numPlayers: roster.humans,
      botCount: roster.bots,
      maxPlayers: snapshot.maxPlayers,
      hasPassword: snapshot.hasPassword,
      joinLink: snapshot.joinLink,
      tickets1: ticketsOf(snapshot, 1),
      tickets2: ticketsOf(snapshot, 2),
      roundTimeRemain: snapshot.roundTimeRemain,
      isOnline: true,
      lastSeen: at,
    } satisfies Partial<ServerRow>);

    if (!snapshot.mapName) {
      // Listed but between rounds: no round can be observed, so this counts towards the round's timeout.
      this.#closeRoundIfServerAway(server, context);
    } else {
      row.evidenceClockMs = context.clockMs;
      if (verdict !== 'continues') this.#endRound(server, verdict, snapshot, context);
      const round = server.round ?? this.#openRound(server, snapshot, at, context);
      this.#observeRound(server, round, snapshot, roster, context);
    }
    row.openRoundId = server.round?.row.roundId ?? null;
    context.batch.servers.push(row);
    context.batch.population.push({ serverGuid, at, players: roster.humans });
  }

  /** An unlisted server changes nothing until it has been away long enough to close its round and go offline. */
  #observeUnlistedServer(server: ServerState, context: PollContext): void {
    if (!server.row.isOnline && !server.round) return;
    if (!this.#closeRoundIfServerAway(server, context)) return;
    server.row.isOnline = false;
    server.row.openRoundId = null;
    context.batch.servers.push(server.row);
  }

  /** Closes the server's round when it has shown none for the server timeout; says whether that time is up. */
  #closeRoundIfServerAway(server: ServerState, context: PollContext): boolean {
    const away = context.clockMs - server.row.evidenceClockMs >= this.#options.serverTimeoutMs;
    if (away && server.held) {
      // No poll of the server came to contradict it before the server went away: its word stands (a round the
      // server played for one poll before it went offline). The server has shown a round since, so is not away yet.
      this.#applyHeld(server, context);
      return false;
    }
    if (away && server.round) this.#closeRound(server, 'server_offline', context);
    return away;
  }

  #createServer(serverGuid: ServerGuid, snapshot: ServerSnapshot, context: PollContext): ServerState {
    const { at } = context;
    const server: ServerState = {
      row: {
        serverGuid,
        game: snapshot.game,
        ip: snapshot.ip,
        port: snapshot.port,
        feedGuid: snapshot.feedGuid,
        name: snapshot.name,
        mapName: snapshot.mapName,
        gameType: snapshot.gameType,
        numPlayers: 0,
        botCount: 0,
        maxPlayers: snapshot.maxPlayers,
        hasPassword: snapshot.hasPassword,
        joinLink: snapshot.joinLink,
        tickets1: null,
        tickets2: null,
        roundTimeRemain: null,
        isOnline: true,
        firstSeen: at,
        lastSeen: at,
        evidenceClockMs: context.clockMs,
        openRoundId: null,
      },
      round: undefined,
      held: undefined,
    };
    this.#servers.set(serverGuid, server);
    return server;
  }

  /** Closes the server's round as this poll shows it ended (judged by #judge), and announces a map change. */
  #endRound(server: ServerState, end: RoundEnd, snapshot: ServerSnapshot, context: PollContext): void {
    const previousMap = server.round?.row.mapName ?? '';
    this.#closeRound(server, end, context);
    if (end !== 'map_change') return;
    context.events.push({
      type: 'serverMapChange',
      serverGuid: server.row.serverGuid,
      serverName: snapshot.name,
      oldMap: previousMap,
      newMap: snapshot.mapName,
      joinLink: joinLinkFor(snapshot),
      at: context.at,
    });
  }

  #openRound(server: ServerState, snapshot: ServerSnapshot, at: number, context: PollContext): RoundState {
    const [team1Label, team2Label] = teamLabels(snapshot);
    const round: RoundState = {
      row: {
        roundKey: this.#nextRoundKey++,
        roundId: roundIdFor(server.row.serverGuid, snapshot.mapName, new Date(at)),
        serverGuid: server.row.serverGuid,
        mapName: snapshot.mapName,
        gameType: snapshot.gameType,
        startTime: at,
        lastPollAt: at,
        tickets1: null,
        tickets2: null,
        team1Label,
        team2Label,
        roundTimeRemain: null,
        participantCount: 0,
        pollCount: 0,
        isActive: true,
      },
      sessions: new Map(),
    };
    server.round = round;
    context.opened.add(round.row.roundId);
    return round;
  }

  #observeRound(
    server: ServerState,
    round: RoundState,
    snapshot: ServerSnapshot,
    roster: Roster,
    context: PollContext,
  ): void {
    const { at, batch } = context;
    const row = round.row;
    const labels = teamLabels(snapshot);
    const samples: TimelinePlayerSample[] = [];
    const present = new Set<string>();

    for (const [name, entries] of roster.byName) {
      present.add(name);
      const session = this.#sessionFor(server, round, name, entries, context);
      const own = this.#recordSample(session, entries, row.lastPollAt, context);
      session.teamLabel = playerTeamLabel(own, labels);
      // The name's line on the scoreboard: what its stays show together (one stay unless the name is shared), which
      // is what its entries show unless their counters were beyond the limits (then what they last showed).
      samples.push({
        player: session.playerIndex,
        score: session.segmentScore + sumOf(session.extraEntries, 'score'),
        kills: session.segmentKills + sumOf(session.extraEntries, 'kills'),
        deaths: session.segmentDeaths + sumOf(session.extraEntries, 'deaths'),
        ping: own.ping,
        team: own.team,
      });
      batch.sessions.push(session);
    }
    // Absent players' rows are written only when their session closes: their absence is measured on the clock.
    for (const session of round.sessions.values()) {
      if (!session.isActive || present.has(session.playerName)) continue;
      if (context.clockMs - session.seenClockMs < this.#options.sessionTimeoutMs) continue;
      this.#closeSession(session, batch);
      batch.sessions.push(session);
    }

    Object.assign(row, {
      lastPollAt: at,
      pollCount: row.pollCount + 1,
      gameType: snapshot.gameType,
      tickets1: ticketsOf(snapshot, 1),
      tickets2: ticketsOf(snapshot, 2),
      team1Label: labels[0],
      team2Label: labels[1],
      roundTimeRemain: snapshot.roundTimeRemain,
      participantCount: round.sessions.size,
    } satisfies Partial<RoundRow>);
    (context.opened.has(row.roundId) ? batch.roundsOpened : batch.roundsUpdated).push(row);
    if (samples.length > 0) batch.roundPolls.push({ roundKey: row.roundKey, at, data: encodePoll({ at, samples }) });
  }

  /** The name's session in this round: continued (also after leaving and rejoining) or started. */
  #sessionFor(
    server: ServerState,
    round: RoundState,
    name: string,
    entries: readonly SnapshotPlayer[],
    context: PollContext,
  ): SessionRow {
    let session = round.sessions.get(name);
    if (!session) {
      session = {
        sessionId: this.#nextSessionId++,
        roundKey: round.row.roundKey,
        playerName: name,
        playerIndex: round.sessions.size,
        startTime: context.at,
        lastSeen: context.at,
        isActive: false,
        score: 0,
        kills: 0,
        deaths: 0,
        segmentScore: 0,
        segmentKills: 0,
        segmentDeaths: 0,
        extraEntries: [],
        segments: 0,
        playedMs: 0,
        seenClockMs: context.clockMs,
        observations: 0,
        pingSum: 0,
        pingCount: 0,
        team: entries[0]?.team ?? 0,
        teamLabel: '',
      };
      round.sessions.set(name, session);
    }
    if (!session.isActive) {
      // Players whose round just ended in this very poll (map change, restart) never went offline.
      if (!this.isOnline(name) && !context.carriedOver.has(name)) {
        context.events.push({
          type: 'playerOnline',
          playerName: name,
          serverGuid: server.row.serverGuid,
          serverName: server.row.name,
          mapName: round.row.mapName,
          joinLink: joinLinkFor(server.row),
          at: context.at,
        });
      }
      session.isActive = true;
      this.#countActive(name, +1);
      context.batch.sessionsActivityChanged.push(session);
      context.batch.playersSeen.push({ playerName: name, at: context.at });
    }
    return session;
  }

  /**
   * Adds one poll of a name's entries to its session: each entry continues the stay it matches (its gains are
   * added) or starts a new one (all its counters are added), so the session holds what its entries made
   * (name-entries.ts). Returns the entry the session reports as its own (team, ping): the one continuing the
   * session's own stay, else the first listed.
   *
   * Only what play can make is credited (decision 0003, "Glitches"): counters beyond the limits are unknown (the
   * name is present, its stays stand as they were), and a move beyond what play allows between the two sightings,
   * applied because a later poll confirmed it, moves the stay without adding to the session.
   */
  #recordSample(
    session: SessionRow,
    entries: readonly SnapshotPlayer[],
    roundPreviousPollAt: number,
    context: PollContext,
  ): SnapshotPlayer {
    const { at } = context;
    const firstSight = session.observations === 0;
    const seenAtPreviousPoll = !firstSight && session.lastSeen === roundPreviousPollAt;
    // Time observed: only the interval since the round's previous poll, and only if the player was in it. Failed
    // polls in between do not break it: one outage of the feed must not cost every player the interval.
    const sincePrevious = at - session.lastSeen;
    if (seenAtPreviousPoll && sincePrevious <= this.#options.maxObservedIntervalMs) session.playedMs += sincePrevious;

    const own = entries.every(countersWithinLimits)
      ? this.#creditEntries(session, entries, firstSight, seenAtPreviousPoll, sincePrevious)
      : (entries[0] as SnapshotPlayer);
    // Unknown counters on a first sight: a stay has begun, at zero until its counters are known.
    if (firstSight && session.segments === 0) session.segments = 1;
    session.team = own.team;
    session.lastSeen = at;
    session.seenClockMs = context.clockMs;
    session.observations += 1;
    if (own.ping > 0) {
      session.pingSum += own.ping;
      session.pingCount += 1;
    }
    return own;
  }

  /** The counters part of #recordSample: credits the entries' plays and makes them the session's stays. */
  #creditEntries(
    session: SessionRow,
    entries: readonly SnapshotPlayer[],
    firstSight: boolean,
    seenAtPreviousPoll: boolean,
    sincePrevious: number,
  ): SnapshotPlayer {
    const open = firstSight ? NO_ENTRIES : openEntries(session);
    const matches = firstSight ? NO_MATCHES : matchEntries(open, entries, !seenAtPreviousPoll);
    entries.forEach((entry, index) => {
      const from = open[matches[index] ?? -1];
      if (from) {
        if (!plausibleMove(from, entry, sincePrevious)) return;
        session.score += entry.score - from.score;
        session.kills += entry.kills - from.kills;
        session.deaths += entry.deaths - from.deaths;
      } else {
        // A new stay (a first sight, a rejoin, a second person with the name): everything it shows is new, unless it
        // began since the poll before and shows more than that time allows.
        session.segments += 1;
        if (seenAtPreviousPoll && !plausibleMove(ZERO_COUNTERS, entry, sincePrevious)) return;
        session.score += entry.score;
        session.kills += entry.kills;
        session.deaths += entry.deaths;
      }
    });
    const ownIndex = Math.max(0, matches.indexOf(0));
    const own = entries[ownIndex] as SnapshotPlayer;
    session.segmentScore = own.score;
    session.segmentKills = own.kills;
    session.segmentDeaths = own.deaths;
    session.extraEntries =
      entries.length === 1
        ? NO_ENTRIES
        : entries
            .filter((_, index) => index !== ownIndex)
            .map((entry) => ({ score: entry.score, kills: entry.kills, deaths: entry.deaths, team: entry.team }));
    return own;
  }

  #closeSession(session: SessionRow, batch: WriteBatch): void {
    session.isActive = false;
    this.#countActive(session.playerName, -1);
    batch.sessionsActivityChanged.push(session);
  }

  #closeRound(server: ServerState, reason: RoundCloseReason, context: PollContext): void {
    const round = server.round;
    if (!round) return;
    for (const session of round.sessions.values()) {
      if (!session.isActive) continue;
      this.#closeSession(session, context.batch);
      if (reason !== 'server_offline') context.carriedOver.add(session.playerName);
      context.batch.sessions.push(session);
    }
    round.row.isActive = false;
    // A round opened and closed in one poll is impossible: a round is always observed before it closes.
    context.batch.roundsClosed.push({
      roundKey: round.row.roundKey,
      roundId: round.row.roundId,
      serverGuid: round.row.serverGuid,
      startTime: round.row.startTime,
      endTime: round.row.lastPollAt,
      closedAt: context.at,
      reason,
    });
    context.events.push({
      type: 'roundClosed',
      roundId: round.row.roundId,
      serverGuid: server.row.serverGuid,
      mapName: round.row.mapName,
      reason,
      startTime: round.row.startTime,
      endTime: round.row.lastPollAt,
    });
    server.round = undefined;
    server.row.openRoundId = null;
  }

  #countActive(playerName: string, change: 1 | -1): void {
    const count = (this.#activeSessions.get(playerName) ?? 0) + change;
    if (count > 0) this.#activeSessions.set(playerName, count);
    else this.#activeSessions.delete(playerName);
  }
}

function sumOf(entries: readonly EntryState[], key: 'score' | 'kills' | 'deaths'): number {
  let total = 0;
  for (const entry of entries) total += entry[key];
  return total;
}

interface PollContext {
  at: number;
  /** The game's clock after this poll (see GameStateRow.clockMs). */
  clockMs: number;
  batch: WriteBatch;
  events: TrackerEvent[];
  /** Rounds opened during this poll (written as inserts). */
  opened: Set<string>;
  /** Players whose session closed with its round in this poll, so their next session is no comeback. */
  carriedOver: Set<string>;
  /** Counts of the poll's judgement (IngestResult.held, .glitches); shared with a held poll's own context. */
  judged: { held: number; glitches: number };
}
