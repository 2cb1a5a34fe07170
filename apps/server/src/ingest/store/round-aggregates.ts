import type { SyncConnection, SyncStatement } from '../../db/sync-connection.ts';
import { BEST_SCORES_PER_WINDOW } from '@frontline/contract';
import { dialectText } from '../../db/dialect.ts';
import { participantBand } from '../../domain/participant-bands.ts';
import { podiumOf } from '../../domain/round-podium.ts';
import { utcDayNumber } from '../../lib/utc-days.ts';
import type { TimelinePoll } from '../../domain/timeline-codec.ts';

/**
 * Adds a closed round to the aggregates of migration 0004: per server and player (all time and per day),
 * placements, the round's best scores, the server's map days, and per player their maps by month and best
 * scores. Runs in the round-closed step (round-closed-queue.ts), in the transaction that takes the round off the
 * queue, reading the round's final sessions, so a round is counted exactly once and only when its
 * figures can no longer change (live rounds are not in these aggregates).
 *
 * Placements: the round's podium (domain/round-podium.ts).
 */

const TOP_SCORES_PER_ROUND = 10;
/** As many as the profile lists per window. */
const BEST_SCORES_KEPT = BEST_SCORES_PER_WINDOW;

/** yyyymm of a time, UTC. */
function monthNumber(ms: number): number {
  const date = new Date(ms);
  return date.getUTCFullYear() * 100 + date.getUTCMonth() + 1;
}

// The closing round's players, one row per player (a name seen twice in a round is one player), summed from
// its sessions once into a connection-private table that every statement below reads (summing them again in
// each statement was most of the cost of closing a round).
const CREATE_ROUND_PLAYERS = `create temp table if not exists closing_round_players (
  player_name text primary key, score integer, kills integer, deaths integer, played_ms integer,
  ping_sum integer, ping_count integer, last_seen text)`;
// Unqualified: the temporary table is found first on both stores (SQLite's temp schema, PostgreSQL's pg_temp).
const ROUND_PLAYERS = 'select * from closing_round_players';

/**
 * `column = table.column + excluded.column` for each column: an upsert adds the new row's figures to the stored
 * ones. Qualified, since PostgreSQL takes a bare column name there for either row.
 */
const addingUp = (table: string, columns: readonly string[]) =>
  columns.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', ');

const PLACES = ['first_places', 'second_places', 'third_places'];

const { greatest } = dialectText;

function prepareStatements(sqlite: SyncConnection) {
  const prepare = (text: string): SyncStatement => sqlite.prepare(text);
  sqlite.exec(CREATE_ROUND_PLAYERS);
  return {
    clearRoundPlayers: prepare('delete from closing_round_players'),
    fillRoundPlayers: prepare(`insert into closing_round_players
      select player_name, sum(score), sum(kills), sum(deaths), sum(played_ms), sum(ping_sum), sum(ping_count),
        max(last_seen)
      from sessions where round_key = ? group by player_name`),
    selectScoringPlayers: prepare(
      'select player_name, score, kills, deaths from closing_round_players where score > 0',
    ),
    selectRound: prepare(`select round_key, server_guid, map_name, start_time, end_time, participant_count,
        poll_count
      from rounds where round_key = ?`),
    addPlayerTotals: prepare(`insert into server_player_totals (server_guid, player_name, rounds, score, kills,
        deaths, played_ms, ping_sum, ping_count, best_score, best_round_key, last_seen)
      select :server_guid, player_name, 1, score, kills, deaths, played_ms, ping_sum, ping_count, score, :round_key,
        last_seen from (${ROUND_PLAYERS}) as round_players where true
      on conflict (server_guid, player_name) do update set
        ${addingUp('server_player_totals', ['rounds', 'score', 'kills', 'deaths', 'played_ms', 'ping_sum', 'ping_count'])},
        best_round_key = case when excluded.best_score > server_player_totals.best_score
          then excluded.best_round_key else server_player_totals.best_round_key end,
        best_score = ${greatest('server_player_totals.best_score', 'excluded.best_score')},
        last_seen = ${greatest('server_player_totals.last_seen', 'excluded.last_seen')}`),
    addPlayerDay: prepare(`insert into server_player_days (server_guid, day, player_name, rounds, score, kills,
        deaths, played_ms)
      select :server_guid, :day, player_name, 1, score, kills, deaths, played_ms
      from (${ROUND_PLAYERS}) as round_players where true
      on conflict (server_guid, day, player_name) do update set
        ${addingUp('server_player_days', ['rounds', 'score', 'kills', 'deaths', 'played_ms'])}`),
    // One podium place at a time (the podium is ranked in code, see `podiumOf`: ranking it in each statement with a
    // window over the round's players cost more than the rest of those statements).
    addPlacementDay: prepare(`insert into server_placement_days (server_guid, day, participant_band, player_name,
        first_places, second_places, third_places)
      values (:server_guid, :day, :band, :player_name, :first, :second, :third)
      on conflict (server_guid, day, participant_band, player_name) do update set
        ${addingUp('server_placement_days', PLACES)}`),
    addPlacementTotals: prepare(`insert into server_placement_totals (server_guid, participant_band, player_name,
        first_places, second_places, third_places)
      values (:server_guid, :band, :player_name, :first, :second, :third)
      on conflict (server_guid, participant_band, player_name) do update set
        ${addingUp('server_placement_totals', PLACES)}`),
    addTopScores: prepare(`insert into round_top_scores (server_guid, score, round_key, player_name, kills,
        deaths, ended_at)
      select :server_guid, score, :round_key, player_name, kills, deaths, :ended_at
      from (${ROUND_PLAYERS}) as round_players
      where score > 0 order by score desc, player_name limit ${TOP_SCORES_PER_ROUND}
      on conflict do nothing`),
    addPlayerMapMonth: prepare(`insert into player_map_months (player_name, server_guid, month, map_name, rounds,
        score, kills, deaths, played_ms)
      select player_name, :server_guid, :month, :map_name, 1, score, kills, deaths, played_ms
      from (${ROUND_PLAYERS}) as round_players where true
      on conflict (player_name, server_guid, month, map_name) do update set
        ${addingUp('player_map_months', ['rounds', 'score', 'kills', 'deaths', 'played_ms'])}`),
    addBestScores: prepare(`insert into player_best_scores (player_name, score, session_id)
      select player_name, score, session_id from sessions where round_key = :round_key and score > 0
      on conflict do nothing`),
    // Keeps a player to their best BEST_SCORES_KEPT (ties: the newer session first): everything below the
    // last one kept goes, found by walking the key backwards (nothing goes while they have fewer).
    trimBestScores: prepare(`delete from player_best_scores where player_name = :player_name
      and (score, session_id) < (select score, session_id from player_best_scores where player_name = :player_name
        order by score desc, session_id desc limit 1 offset ${BEST_SCORES_KEPT - 1})`),
    addMapDay: prepare(`insert into server_map_days (server_guid, day, map_name, rounds, played_ms, polls,
        player_poll_sum, peak_players)
      values (:server_guid, :day, :map_name, 1, :played_ms, :polls, :player_poll_sum, :peak_players)
      on conflict (server_guid, day, map_name) do update set
        ${addingUp('server_map_days', ['rounds', 'played_ms', 'polls', 'player_poll_sum'])},
        peak_players = ${greatest('server_map_days.peak_players', 'excluded.peak_players')}`),
  };
}

interface ClosedRoundRow {
  round_key: number;
  server_guid: string;
  map_name: string;
  start_time: string;
  end_time: string | null;
  participant_count: number;
  /** Every poll of the round, also those that saw nobody (the timeline keeps only polls that saw players). */
  poll_count: number;
}

export interface RoundAggregates {
  /** Adds a round that has just been closed (its end time written) to every aggregate, given its polls. */
  addClosedRound: (roundKey: number, polls: readonly TimelinePoll[]) => void;
  /** Adds a closed round to its map's day only (the replay of `server_map_days` asked by migration 0008). */
  addClosedRoundMap: (roundKey: number, polls: readonly TimelinePoll[]) => void;
}

export function createRoundAggregates(sqlite: SyncConnection): RoundAggregates {
  const statements = prepareStatements(sqlite);
  const closedRound = (roundKey: number): ClosedRoundRow & { end_time: string } => {
    const round = statements.selectRound.get(roundKey) as ClosedRoundRow | undefined;
    if (!round?.end_time) throw new Error(`round ${roundKey} is not closed`);
    return { ...round, end_time: round.end_time };
  };
  const addMapDay = (round: ClosedRoundRow & { end_time: string }, polls: readonly TimelinePoll[]) => {
    statements.addMapDay.run({
      server_guid: round.server_guid,
      day: utcDayNumber(Date.parse(round.end_time)),
      map_name: round.map_name,
      ...mapPresenceOf(round, polls),
    });
  };
  return {
    addClosedRoundMap(roundKey, polls) {
      addMapDay(closedRound(roundKey), polls);
    },

    addClosedRound(roundKey, polls) {
      const round = closedRound(roundKey);
      const endMs = Date.parse(round.end_time);
      const round_key = round.round_key;
      const server_guid = round.server_guid;
      const day = utcDayNumber(endMs);
      const band = participantBand(round.participant_count);
      statements.clearRoundPlayers.run();
      // A round nobody played (a third of the emulator's, most of them short) adds only to its map's day.
      if (Number(statements.fillRoundPlayers.run(round_key).changes) > 0) {
        statements.addPlayerTotals.run({ server_guid, round_key });
        statements.addPlayerDay.run({ server_guid, day });
        const scorers = statements.selectScoringPlayers.all() as unknown as RoundScorer[];
        podiumOf(scorers.map((scorer) => ({ ...scorer, playerName: scorer.player_name }))).forEach(
          ({ player_name }, place) => {
            const places = { first: place === 0 ? 1 : 0, second: place === 1 ? 1 : 0, third: place === 2 ? 1 : 0 };
            statements.addPlacementDay.run({ server_guid, day, band, player_name, ...places });
            statements.addPlacementTotals.run({ server_guid, band, player_name, ...places });
          },
        );
        statements.addTopScores.run({ server_guid, round_key, ended_at: round.end_time });
        statements.addPlayerMapMonth.run({ server_guid, month: monthNumber(endMs), map_name: round.map_name });
        statements.addBestScores.run({ round_key });
        for (const scorer of scorers) statements.trimBestScores.run({ player_name: scorer.player_name });
      }
      addMapDay(round, polls);
    },
  };
}

/** A player of the closing round with a score above 0 (summed over their sessions of the round). */
interface RoundScorer {
  player_name: string;
  score: number;
  kills: number;
  deaths: number;
}

/** What a closed round adds to its map's day: see `server_map_days` in migration 0008. */
function mapPresenceOf(
  round: { start_time: string; end_time: string | null; poll_count: number },
  polls: readonly TimelinePoll[],
): { played_ms: number; polls: number; player_poll_sum: number; peak_players: number } {
  let playerPollSum = 0;
  let peakPlayers = 0;
  let pollsWithPlayers = 0;
  for (const poll of polls) {
    playerPollSum += poll.samples.length;
    peakPlayers = Math.max(peakPlayers, poll.samples.length);
    if (poll.samples.length > 0) pollsWithPlayers += 1;
  }
  // Polls that saw nobody are not in the timeline; the round counts every poll it had.
  const allPolls = Math.max(round.poll_count, polls.length);
  const lengthMs = round.end_time === null ? 0 : Math.max(0, Date.parse(round.end_time) - Date.parse(round.start_time));
  return {
    // The round's length times the share of its polls that saw a player: time players were on the map.
    played_ms: allPolls > 0 ? Math.round((lengthMs * pollsWithPlayers) / allPolls) : 0,
    polls: allPolls,
    player_poll_sum: playerPollSum,
    peak_players: peakPlayers,
  };
}
