import type { SyncConnection } from '../../db/sync-connection.ts';
import { isDefaultBotName } from '../../domain/bots.ts';
import { weekOfMs } from '../../domain/similarity/online-intervals.ts';
import { presenceHoursOf } from '../../domain/similarity/presence-hours.ts';
import {
  addClosedSession,
  emptyFeatureState,
  FEATURE_WEEKS,
  summariseFeatures,
  type FeatureState,
} from '../../domain/similarity/player-features.ts';

/**
 * Similar players' features, advanced by one closed round (issue 19; migration 0015;
 * docs/decisions/0018-similar-players-and-aliases.md). Called by the round-closed queue's `achievements` work, which
 * runs once per closed round in the order rounds closed, in the queue's transaction: a round is added exactly once.
 *
 * Per session of the round: the player's state gets the session (domain/similarity/player-features.ts), its summary
 * is rewritten, and so are the player's per-server rows (servers that left the window are deleted). Per round: the
 * map's weekly totals, for the maps' average rates.
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
    upsertSummary: prepare(`insert into player_similarity_summaries (player_name, features) values (?, ?)
      on conflict (player_name) do update set features = excluded.features`),
    upsertFeatures: prepare(`insert into player_similarity_features (player_name, last_week, kills, deaths, played_ms,
        favourite_server, presence) values (?, ?, ?, ?, ?, ?, ?)
      on conflict (player_name) do update set last_week = excluded.last_week, kills = excluded.kills,
        deaths = excluded.deaths, played_ms = excluded.played_ms, favourite_server = excluded.favourite_server,
        presence = excluded.presence`),
    upsertServer: prepare(`insert into player_similarity_servers (server_guid, player_name, played_ms, last_week)
      values (?, ?, ?, ?)
      on conflict (server_guid, player_name) do update set played_ms = excluded.played_ms,
        last_week = excluded.last_week`),
    deleteServer: prepare('delete from player_similarity_servers where server_guid = ? and player_name = ?'),
    addMapWeek: prepare(`insert into similarity_map_weeks (map_name, week, kills, score, played_ms)
      values (?, ?, ?, ?, ?)
      on conflict (map_name, week) do update set kills = similarity_map_weeks.kills + excluded.kills,
        score = similarity_map_weeks.score + excluded.score,
        played_ms = similarity_map_weeks.played_ms + excluded.played_ms`),
    deleteOldMapWeeks: prepare('delete from similarity_map_weeks where map_name = ? and week <= ?'),
  };
}

/** The servers a state holds minutes of (those the player's index rows name). */
function serversOf(state: FeatureState): string[] {
  const servers = new Set<string>();
  for (const week of Object.values(state.weeks))
    for (const serverGuid of Object.keys(week.servers)) servers.add(serverGuid);
  return [...servers];
}

export interface PlayerSimilarityFeatures {
  /** Adds a closed round's sessions to its players' features (inside the caller's transaction). */
  addRound: (roundKey: number) => void;
}

export function createPlayerSimilarityFeatures(sqlite: SyncConnection): PlayerSimilarityFeatures {
  const statements = prepareStatements(sqlite);

  function addSession(round: RoundRow, session: SessionRow): void {
    const stored = statements.selectState.get(session.player_name) as { state: string } | undefined;
    const state: FeatureState = stored ? (JSON.parse(stored.state) as FeatureState) : emptyFeatureState();
    const previousServers = serversOf(state);
    const next = addClosedSession(state, {
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
    const features = summariseFeatures(session.player_name, next);
    statements.upsertFeatures.run(
      session.player_name,
      features.lastWeek,
      features.kills,
      features.deaths,
      Math.round(features.playedMinutes * 60_000),
      features.favouriteServer,
      presenceHoursOf(features.intervals, features.lastWeek),
    );
    statements.upsertState.run(session.player_name, JSON.stringify(next));
    statements.upsertSummary.run(session.player_name, JSON.stringify(features));
    // A session changes its own server's minutes only, unless it moved the window: then every row is rewritten (a
    // player has about a dozen servers in six months, and rewriting them all for every session cost most of the step).
    const windowMoved = Object.keys(state.weeks).some((week) => !(week in next.weeks));
    const rewritten = windowMoved ? Object.keys(features.serverMinutes) : [round.server_guid];
    for (const serverGuid of rewritten) {
      const minutes = features.serverMinutes[serverGuid] ?? 0;
      statements.upsertServer.run(serverGuid, session.player_name, Math.round(minutes * 60_000), features.lastWeek);
    }
    if (windowMoved) {
      for (const serverGuid of previousServers) {
        if (!(serverGuid in features.serverMinutes)) statements.deleteServer.run(serverGuid, session.player_name);
      }
    }
  }

  return {
    addRound(roundKey) {
      const round = statements.selectRound.get(roundKey) as RoundRow | undefined;
      if (!round) throw new Error(`round ${roundKey} does not exist`);
      const sessions = (statements.selectSessions.all(roundKey) as unknown as SessionRow[]).filter(
        (session) => !isDefaultBotName(session.player_name) && session.played_ms > 0,
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
  };
}
