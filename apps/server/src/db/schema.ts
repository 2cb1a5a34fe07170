import type { GameId } from '@frontline/contract';
import type { Generated } from 'kysely';
import type { RoundId, ServerGuid } from '../domain/ids.ts';

/**
 * The database's tables as Kysely sees them (for reads; the collector's hot writes use prepared
 * statements). Each migration that adds a table adds its interface here. Booleans are 0/1 integers and
 * times ISO-8601 UTC text, as SQLite stores them. Ids are branded (domain/ids.ts) and games are the contract's
 * GameId, so a row read here needs no cast and a query cannot compare a server guid with a round id.
 */

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface CollectorGamesTable {
  game: GameId;
  last_success_at: string | null;
  gap: number;
  clock_ms: number;
}

export interface ServersTable {
  server_guid: ServerGuid;
  game: GameId;
  ip: string;
  port: number;
  feed_guid: string | null;
  name: string;
  map_name: string;
  game_type: string;
  num_players: number;
  bot_count: number;
  max_players: number;
  has_password: number;
  join_link: string | null;
  tickets1: number | null;
  tickets2: number | null;
  round_time_remain: number | null;
  is_online: number;
  first_seen: string;
  last_seen: string;
  evidence_clock_ms: number;
  open_round_id: RoundId | null;
}

export interface PlayersTable {
  player_name: string;
  first_seen: string;
  /** Sum over the player's sessions in closed rounds. */
  played_ms: Generated<number>;
  /** Latest sighting in a closed round (null before their first round closes). */
  last_seen: string | null;
}

export interface RoundsTable {
  round_key: number;
  round_id: RoundId;
  server_guid: ServerGuid;
  map_name: string;
  game_type: string;
  start_time: string;
  end_time: string | null;
  last_poll_at: string;
  is_active: number;
  close_reason: string | null;
  /** When the collector found the round closed (migration 0014; null for rounds closed before it). */
  closed_at: string | null;
  tickets1: number | null;
  tickets2: number | null;
  team1_label: string;
  team2_label: string;
  round_time_remain: number | null;
  participant_count: number;
  poll_count: number;
  /** Always null since migration 0010: a closed round's timeline is in `round_timelines`. */
  timeline: Uint8Array | null;
}

export interface SessionsTable {
  session_id: Generated<number>;
  round_key: number;
  player_name: string;
  player_index: number;
  start_time: string;
  last_seen: string;
  is_active: number;
  score: number;
  kills: number;
  deaths: number;
  segment_score: number;
  segment_kills: number;
  segment_deaths: number;
  segments: number;
  played_ms: number;
  seen_clock_ms: number;
  observations: number;
  ping_sum: number;
  ping_count: number;
  team: number;
  team_label: string;
  /** Other entries of the name open at the last poll, JSON (migration 0007); null when there are none. */
  extra_entries: string | null;
}

/** A closed round's polls, one encoded blob (domain/timeline-codec.ts), kept apart so reading rounds never reads it. */
export interface RoundTimelinesTable {
  round_key: number;
  timeline: Uint8Array;
}

/** Closed rounds owed their round-closed work, in the order they closed (migrations 0012, 0014). */
export interface RoundClosedQueueTable {
  seq: Generated<number>;
  round_key: number;
  work: 'closed' | 'aggregates' | 'map_days' | 'achievements';
}

/** One award (migration 0014): name, type, map and server come from the catalogue and the round. */
export interface PlayerAchievementsTable {
  player_name: string;
  achievement_id: string;
  round_key: number;
  achieved_at: string;
  tier: string;
  value: number;
  /** The rule's own figures, a JSON object. */
  metadata: string;
}

/** What the once-only awards know of a player as of the last round processed (migration 0014). */
export interface PlayerAchievementProgressTable {
  player_name: string;
  kills: number;
  score: number;
  played_ms: number;
  /** JSON array of the once-only ids owned (milestones, badges). */
  owned: string;
  /** JSON: the badge rules' state (domain/achievements/badge-progress.ts). */
  badges: string;
}

/** Similar players' features (migration 0015; domain/similarity/player-features.ts). */
export interface PlayerSimilarityFeaturesTable {
  player_name: string;
  /** weekOfMs of the player's latest week of play: the features' windows end there. */
  last_week: number;
  kills: number;
  deaths: number;
  played_ms: number;
  favourite_server: string | null;
  /** Presence hours (domain/similarity/presence-hours.ts); null only before the migration that added it filled it. */
  presence: Uint8Array | null;
  /** JSON: played milliseconds per server in the window (migration 0019). */
  servers: string;
  /** The write batch that last wrote the row; greater with every batch (migration 0019). */
  revision: number;
}

/**
 * A player's features summed over their windows (migration 0021; domain/similarity/stored-summary.ts). The tables
 * they replaced, `player_similarity_summaries` (the intervals inside the JSON) and `player_similarity_servers` (by
 * server), are no longer written nor read, and are left out here.
 */
export interface PlayerSimilarityPackedSummariesTable {
  player_name: string;
  /** JSON: PlayerFeatures without its intervals. */
  features: string;
  /** The online intervals as bytes. */
  intervals: Uint8Array;
}

export interface PlayerSimilarityStatesTable {
  player_name: string;
  /** JSON: FeatureState, what the next closed round adds to. */
  state: string;
}

export interface SimilarityMapWeeksTable {
  map_name: string;
  week: number;
  kills: number;
  score: number;
  played_ms: number;
}

export interface MapPlayerTotalsTable {
  map_name: string;
  player_name: string;
  rounds: number;
  score: number;
}

export interface RoundPollsTable {
  round_key: number;
  at: number;
  data: Uint8Array;
}

export interface ServerPopulationTable {
  bucket_start: string;
  server_guid: ServerGuid;
  bucket_minutes: number;
  player_sum: number;
  peak_players: number;
  samples: number;
}

export interface ServerPingHourlyTable {
  server_guid: ServerGuid;
  hour_start: string;
  ping_bin: number;
  samples: number;
}

/** The same histograms summed per UTC day (migration 0005); day_start is the day's 00:00 ISO text. */
export interface ServerPingDailyTable {
  server_guid: ServerGuid;
  day_start: string;
  ping_bin: number;
  samples: number;
}

/** Facts about a server the feed does not carry (country, time zone, links); see migration 0003. */
export interface ServerProfilesTable {
  server_guid: ServerGuid;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  /** IANA time zone. */
  timezone: string | null;
  region: string | null;
  discord_url: string | null;
  forum_url: string | null;
}

/** Round aggregates (migration 0004), added to when a round closes. `day`: UTC days since 1970-01-01. */
export interface ServerPlayerTotalsTable {
  server_guid: ServerGuid;
  player_name: string;
  rounds: number;
  score: number;
  kills: number;
  deaths: number;
  played_ms: number;
  ping_sum: number;
  ping_count: number;
  best_score: number;
  best_round_key: number;
  last_seen: string;
}

export interface ServerPlayerDaysTable {
  server_guid: ServerGuid;
  day: number;
  player_name: string;
  rounds: number;
  score: number;
  kills: number;
  deaths: number;
  played_ms: number;
}

export interface ServerPlacementTotalsTable {
  server_guid: ServerGuid;
  participant_band: number;
  player_name: string;
  first_places: number;
  second_places: number;
  third_places: number;
}

export interface ServerPlacementDaysTable extends ServerPlacementTotalsTable {
  day: number;
}

export interface RoundTopScoresTable {
  server_guid: ServerGuid;
  score: number;
  round_key: number;
  player_name: string;
  kills: number;
  deaths: number;
  ended_at: string;
}

export interface ServerMapDaysTable {
  server_guid: ServerGuid;
  day: number;
  map_name: string;
  rounds: number;
  played_ms: number;
  polls: number;
  player_poll_sum: number;
  peak_players: number;
}

export interface PlayerMapMonthsTable {
  player_name: string;
  server_guid: ServerGuid;
  /** yyyymm, UTC. */
  month: number;
  map_name: string;
  rounds: number;
  score: number;
  kills: number;
  deaths: number;
  played_ms: number;
}

export interface PlayerBestScoresTable {
  player_name: string;
  score: number;
  session_id: number;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  created_at: string;
  last_logged_in: string;
}

export interface AuthSessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  last_refreshed_at: string | null;
  expires_at: string;
  revoked_at: string | null;
  ip_address: string | null;
  user_agent: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  replaced_by_hash: string | null;
}

export interface AuthSigningKeysTable {
  kid: string;
  algorithm: string;
  public_jwk: string;
  private_jwk: string | null;
  created_at: string;
  retired_at: string | null;
}

export interface UserPlayerNamesTable {
  id: Generated<number>;
  user_id: number;
  player_name: string;
  created_at: string;
}

export interface UserFavoriteServersTable {
  id: Generated<number>;
  user_id: number;
  server_guid: ServerGuid;
  created_at: string;
}

export interface UserBuddiesTable {
  id: Generated<number>;
  user_id: number;
  buddy_player_name: string;
  created_at: string;
}

/** Migration 0018: each game's live list, shared by the instances of a PostgreSQL deployment. */
export interface LiveListsTable {
  game: GameId;
  /** Unix ms of the poll the list came from. */
  polled_at: number;
  stale_reason: string | null;
  /** The list's servers (ServerSnapshot[]) as JSON. */
  servers: string;
}

/** Migration 0022: a server's poll held for the next poll's word (decision 0003, "Glitches"), one per server. */
export interface HeldPollsTable {
  server_guid: ServerGuid;
  /** Unix ms of the held poll. */
  held_at: number;
  /** The game's clock at that poll. */
  clock_ms: number;
  /** What it would change (ingest/tracker/poll-judgement.ts UnconfirmedChange). */
  change: string;
  /** The server's snapshot (ServerSnapshot) as JSON. */
  snapshot: string;
}

export interface DatabaseSchema {
  app_meta: AppMetaTable;
  collector_games: CollectorGamesTable;
  servers: ServersTable;
  players: PlayersTable;
  rounds: RoundsTable;
  sessions: SessionsTable;
  round_polls: RoundPollsTable;
  round_timelines: RoundTimelinesTable;
  round_closed_queue: RoundClosedQueueTable;
  player_achievements: PlayerAchievementsTable;
  player_achievement_progress: PlayerAchievementProgressTable;
  map_player_totals: MapPlayerTotalsTable;
  player_similarity_features: PlayerSimilarityFeaturesTable;
  player_similarity_packed_summaries: PlayerSimilarityPackedSummariesTable;
  player_similarity_states: PlayerSimilarityStatesTable;
  similarity_map_weeks: SimilarityMapWeeksTable;
  server_population: ServerPopulationTable;
  server_ping_hourly: ServerPingHourlyTable;
  server_ping_daily: ServerPingDailyTable;
  server_profiles: ServerProfilesTable;
  server_player_totals: ServerPlayerTotalsTable;
  server_player_days: ServerPlayerDaysTable;
  server_placement_days: ServerPlacementDaysTable;
  server_placement_totals: ServerPlacementTotalsTable;
  round_top_scores: RoundTopScoresTable;
  server_map_days: ServerMapDaysTable;
  player_map_months: PlayerMapMonthsTable;
  player_best_scores: PlayerBestScoresTable;
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  auth_signing_keys: AuthSigningKeysTable;
  user_player_names: UserPlayerNamesTable;
  user_favorite_servers: UserFavoriteServersTable;
  user_buddies: UserBuddiesTable;
  live_lists: LiveListsTable;
  held_polls: HeldPollsTable;
}
