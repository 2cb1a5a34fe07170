import type { SyncConnection } from '../../db/sync-connection.ts';
import { isDefaultBotName } from '../../domain/bots.ts';
import { PlayerBatch } from './player-batch.ts';
import { weekOfMs } from '../../domain/similarity/online-intervals.ts';
import { presenceHoursOf } from '../../domain/similarity/presence-hours.ts';
import { storeSummary } from '../../domain/similarity/stored-summary.ts';
import {
  addClosedSession,
  emptyFeatureState,
  FEATURE_WEEKS,
  serverPlayedMsOf,
  summariseFeatures,
  type FeatureState,
} from '../../domain/similarity/player-features.ts';

/**
 * Similar players' features, advanced by one closed round (issue 19; migration 0015;
 * docs/decisions/0018-similar-players-and-aliases.md). Called by the round-closed queue's `achievements` work, which
 * runs once per closed round in the order rounds closed, in the queue's transaction: a round is added exactly once.
 *
 * Per session of the round: the player's state gets the session (domain/similarity/player-features.ts); once per
 * batch of rounds (`flush`), each such player's state, summary and narrow row are written, the narrow rows with the
 * batch's revision (migration 0019: what instances read to keep their candidates up to date). Per round: the map's
 * weekly totals, for the maps' average rates.
 */

interface RoundRow {
  server_guid: string;
  map_name: string;
}

interface SessionRow {
  player_name: string;
  start_time: string;
  last_seen: string;
  kills: number;
  deaths: number;
  score: number;
  played_ms: number;
  ping_sum: number;
  ping_count: number;
}

function prepareStatements(sqlite: SyncConnection) {
  const prepare = (text: string) => sqlite.prepare(text);
  return {
    selectRound: prepare('select server_guid, map_name from rounds where round_key = ?'),
    selectSessions: prepare(`select player_name, start_time, last_seen, kills, deaths, score, played_ms, ping_sum,
        ping_count from sessions where round_key = ? order by player_index`),
    selectState: prepare('select state from player_similarity_states where player_name = ?'),
    upsertState: prepare(`insert into player_similarity_states (player_name, state) values (?, ?)
      on conflict (player_name) do update set state = excluded.state`),
    upsertSummary: prepare(`insert into player_similarity_packed_summaries (player_name, features, intervals)
      values (?, ?, ?)
      on conflict (player_name) do update set features = excluded.features, intervals = excluded.intervals`),
    upsertFeatures: prepare(`insert into player_similarity_features (player_name, last_week, kills, deaths, played_ms,
        favourite_server, presence, servers, revision) values (?, ?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (player_name) do update set last_week = excluded.last_week, kills = excluded.kills,
        deaths = excluded.deaths, played_ms = excluded.played_ms, favourite_server = excluded.favourite_server,
        presence = excluded.presence, servers = excluded.servers, revision = excluded.revision`),
    // A batch's rows share one revision, greater than every one written before (one collector writes at a time).
    selectNextRevision: prepare('select coalesce(max(revision), 0) + 1 as revision from player_similarity_features'),
    addMapWeek: prepare(`insert into similarity_map_weeks (map_name, week, kills, score, played_ms)
      values (?, ?, ?, ?, ?)
      on conflict (map_name, week) do update set kills = similarity_map_weeks.kills + excluded.kills,
        score = similarity_map_weeks.score + excluded.score,
        played_ms = similarity_map_weeks.played_ms + excluded.played_ms`),
    deleteOldMapWeeks: prepare('delete from similarity_map_weeks where map_name = ? and week <= ?'),
  };
}

/** Players whose stored state stays parsed between batches: a backlog's working set (tens of MB at most). */
const STORED_PLAYERS_KEPT = 2_000;

export interface PlayerSimilarityFeatures {
  /**
   * Adds a closed round's sessions to its players' features, inside the caller's transaction. The players' rows are
   * written by `flush`, once per player however many of the batch's rounds they played.
   */
  addRound: (roundKey: number) => void;
  /** Writes what the rounds added since the last flush changed (before the transaction commits). */
  flush: () => void;
  /** Forgets what was added since the last flush, and every state kept parsed (the transaction was rolled back). */
  discard: () => void;
}

export function createPlayerSimilarityFeatures(sqlite: SyncConnection): PlayerSimilarityFeatures {
  const statements = prepareStatements(sqlite);
  // A backlog's batch adds several rounds of most of its players: each state is summed and written once per batch
  // instead of once per session (JSON of up to 26 weeks: most of the backlog's time went there), and stays parsed
  // for the next batch.
  const players = new PlayerBatch<FeatureState, { state: FeatureState }>({
    keep: STORED_PLAYERS_KEPT,
    read(playerName) {
      const row = statements.selectState.get(playerName) as { state: string } | undefined;
      return row ? (JSON.parse(row.state) as FeatureState) : emptyFeatureState();
    },
    start: (state) => ({ state }),
    write: (playerName, { state }) => writePlayer(playerName, state),
  });
  // The revision of the batch being flushed: read at its first player.
  let revision: number | undefined;

  function addSession(round: RoundRow, session: SessionRow): void {
    const player = players.get(session.player_name);
    player.state = addClosedSession(player.state, {
      startMs: Date.parse(session.start_time),
      lastSeenMs: Date.parse(session.last_seen),
      serverGuid: round.server_guid,
      mapName: round.map_name,
      kills: session.kills,
      deaths: session.deaths,
      score: session.score,
      playedMs: session.played_ms,
      pingSum: session.ping_sum,
      pingCount: session.ping_count,
    });
  }

  /**
   * The player's rows as of their state: the narrow row (with the batch's revision), the summary and the state.
   * Every row but the revision is a function of the state alone, so how the queue's rounds were batched never shows
   * in them.
   */
  function writePlayer(playerName: string, state: FeatureState): FeatureState {
    const features = summariseFeatures(playerName, state);
    revision ??= Number((statements.selectNextRevision.get() as { revision: number }).revision);
    statements.upsertFeatures.run(
      playerName,
      features.lastWeek,
      features.kills,
      features.deaths,
      Math.round(features.playedMinutes * 60_000),
      features.favouriteServer,
      presenceHoursOf(features.intervals, features.lastWeek),
      JSON.stringify(serverPlayedMsOf(features)),
      revision,
    );
    statements.upsertState.run(playerName, JSON.stringify(state));
    const summary = storeSummary(features);
    statements.upsertSummary.run(playerName, summary.features, summary.intervals);
    return state;
  }

  return {
    addRound(roundKey) {
      const round = statements.selectRound.get(roundKey) as RoundRow | undefined;
      if (!round) throw new Error(`round ${roundKey} does not exist`);
      // Every session of a person, with play time or not: one seen by a single poll brings its ping sample and its
      // counters, as it does to the profile's figures (docs/formulas.md, "Similar players and alias detection").
      const sessions = (statements.selectSessions.all(roundKey) as unknown as SessionRow[]).filter(
        (session) => !isDefaultBotName(session.player_name),
      );
      const mapWeeks = new Map<number, { kills: number; score: number; playedMs: number }>();
      for (const session of sessions) {
        addSession(round, session);
        const week = weekOfMs(Date.parse(session.start_time));
        const totals = mapWeeks.get(week) ?? { kills: 0, score: 0, playedMs: 0 };
        totals.kills += session.kills;
        totals.score += session.score;
        totals.playedMs += session.played_ms;
        mapWeeks.set(week, totals);
      }
      for (const [week, totals] of mapWeeks) {
        statements.addMapWeek.run(round.map_name, week, totals.kills, totals.score, totals.playedMs);
      }
      const latest = Math.max(0, ...mapWeeks.keys());
      if (latest > 0) statements.deleteOldMapWeeks.run(round.map_name, latest - FEATURE_WEEKS * 2);
    },

    flush() {
      revision = undefined;
      players.flush();
    },
    discard: () => players.discard(),
  };
}
