import type { SyncConnection } from '../../db/sync-connection.ts';
import { findBadgeDefinition, killStreakId, type AchievementTier } from '@frontline/contract';
import { storedMetadata } from '../../domain/achievements/award-storage.ts';
import {
  advanceBadgeProgress,
  emptyBadgeProgress,
  type BadgeProgress,
} from '../../domain/achievements/badge-progress.ts';
import { killStreaksOf } from '../../domain/achievements/kill-streaks.ts';
import { MAP_MASTERY_MIN_ROUNDS, mapMasteryAwards } from '../../domain/achievements/map-mastery.ts';
import { milestonesCrossed } from '../../domain/achievements/milestones.ts';
import { roundPlacements } from '../../domain/achievements/placements.ts';
import { samplesByPlayer } from '../../domain/achievements/player-samples.ts';
import { roundTeamVictories } from '../../domain/achievements/team-victories.ts';
import { isDefaultBotName } from '../../domain/bots.ts';
import { localHourOf } from '../../domain/local-hour.ts';
import { decodeTimeline } from '../../domain/timeline-codec.ts';
import { isoTime } from './iso-time.ts';
import { PlayerBatch } from './player-batch.ts';

/**
 * A closed round's achievements (issue 18; the `achievements` work of the round-closed queue, after the round's
 * `closed` work has written its timeline). From the round's own rows and timeline:
 * - per round: kill streaks (the walk over each name's polls), the podium's placements, team victories;
 * - per player, once ever per id, from the player's progress as of the rounds processed before this one (the queue
 *   processes rounds in the order they closed): milestones, then the badge rules, then map mastery.
 * Awards are inserted with `on conflict do nothing` on (player, id, round, instant), so doing a round again writes
 * no second row. The caller owns the transaction, and flushes the progress into it before it commits; the progress
 * rows make a round's work not repeatable on its own (its totals would be added twice), which the queue guarantees
 * by removing the round's row in the same transaction.
 */

interface RoundRow {
  round_id: string;
  server_guid: string;
  map_name: string;
  end_time: string | null;
  tickets1: number | null;
  tickets2: number | null;
  round_time_remain: number | null;
  team1_label: string;
  team2_label: string;
  participant_count: number;
  server_name: string;
  timezone: string | null;
}

interface SessionRow {
  session_id: number;
  player_name: string;
  start_time: string;
  last_seen: string;
  score: number;
  kills: number;
  deaths: number;
  played_ms: number;
  team: number;
  team_label: string;
}

interface ProgressRow {
  kills: number;
  score: number;
  played_ms: number;
  owned: string;
  badges: string;
}

interface Award {
  playerName: string;
  achievementId: string;
  achievedAt: string;
  tier: AchievementTier;
  value: number;
  metadata: object;
}

/** The catalogue's tier of an id the rules award (an id missing from the catalogue is a bug). */
function catalogueTier(achievementId: string): AchievementTier {
  const definition = findBadgeDefinition(achievementId);
  if (!definition) throw new Error(`achievement ${achievementId} is not in the catalogue`);
  return definition.tier;
}

function prepareStatements(sqlite: SyncConnection) {
  const prepare = (text: string) => sqlite.prepare(text);
  return {
    selectRound: prepare(`select r.round_id, r.server_guid, r.map_name, r.end_time, r.tickets1, r.tickets2,
        r.round_time_remain, r.team1_label, r.team2_label, r.participant_count, s.name as server_name, p.timezone
      from rounds r join servers s on s.server_guid = r.server_guid
        left join server_profiles p on p.server_guid = r.server_guid
      where r.round_key = ?`),
    selectSessions: prepare(`select session_id, player_name, start_time, last_seen, score, kills, deaths, played_ms,
        team, team_label
      from sessions where round_key = ? order by player_index`),
    selectTimeline: prepare('select timeline from round_timelines where round_key = ?'),
    selectProgress: prepare(
      'select kills, score, played_ms, owned, badges from player_achievement_progress where player_name = ?',
    ),
    upsertProgress: prepare(`insert into player_achievement_progress (player_name, kills, score, played_ms, owned,
        badges) values (?, ?, ?, ?, ?, ?)
      on conflict (player_name) do update set kills = excluded.kills, score = excluded.score,
        played_ms = excluded.played_ms, owned = excluded.owned, badges = excluded.badges`),
    addMapRound: prepare(`insert into map_player_totals (map_name, player_name, rounds, score) values (?, ?, 1, ?)
      on conflict (map_name, player_name) do update set rounds = map_player_totals.rounds + 1,
        score = map_player_totals.score + excluded.score
      returning rounds, score`),
    countMapPlayers: prepare('select count(*) as players from map_player_totals where map_name = ?'),
    countMapPlayersAbove: prepare('select count(*) as above from map_player_totals where map_name = ? and score > ?'),
    insertAward: prepare(`insert into player_achievements (player_name, achievement_id, round_key, achieved_at, tier,
        value, metadata) values (?, ?, ?, ?, ?, ?, ?)
      on conflict (player_name, achievement_id, round_key, achieved_at) do nothing`),
  };
}

/** Players whose stored progress stays parsed between batches. */
const STORED_PLAYERS_KEPT = 2_000;

/** A player's progress row, parsed. */
interface PlayerProgress {
  kills: number;
  score: number;
  playMs: number;
  owned: Set<string>;
  badges: BadgeProgress;
}

export interface RoundAchievements {
  /**
   * Awards the round's achievements and advances its players' progress, inside the caller's transaction; returns
   * how many awards were new. The progress rows are written by `flush`.
   */
  awardRound: (roundKey: number) => number;
  /** Writes the progress the rounds awarded since the last flush advanced (before the transaction commits). */
  flush: () => void;
  /** Forgets the progress advanced since the last flush, and all kept parsed (the transaction was rolled back). */
  discard: () => void;
}

export function createRoundAchievements(sqlite: SyncConnection): RoundAchievements {
  const statements = prepareStatements(sqlite);
  // Progress is written once per batch of rounds, not once per session (a backlog's batch holds several rounds of
  // most of its players), and stays parsed for the next batch.
  const progressBatch = new PlayerBatch<PlayerProgress, PlayerProgress>({
    keep: STORED_PLAYERS_KEPT,
    read(playerName) {
      const row = statements.selectProgress.get(playerName) as ProgressRow | undefined;
      return {
        kills: row?.kills ?? 0,
        score: row?.score ?? 0,
        playMs: row?.played_ms ?? 0,
        owned: new Set<string>(row ? (JSON.parse(row.owned) as string[]) : []),
        badges: row ? (JSON.parse(row.badges) as BadgeProgress) : emptyBadgeProgress(),
      };
    },
    // The badge progress is replaced, never changed in place (domain/achievements/badge-progress.ts).
    start: (stored) => ({ ...stored, owned: new Set(stored.owned) }),
    write(playerName, changed) {
      statements.upsertProgress.run(
        playerName,
        changed.kills,
        changed.score,
        changed.playMs,
        JSON.stringify([...changed.owned]),
        JSON.stringify(changed.badges),
      );
      return changed;
    },
  });

  function roundAwards(roundKey: number, round: RoundRow, endTime: string, sessions: SessionRow[]): Award[] {
    const row = statements.selectTimeline.get(roundKey) as { timeline: Uint8Array } | undefined;
    if (!row) throw new Error(`round ${roundKey} has no timeline: its closed work has not been done`);
    const timeline = decodeTimeline(row.timeline);
    const sessionByName = new Map(sessions.map((session) => [session.player_name, session]));
    const awards: Award[] = [];

    for (const [playerName, samples] of samplesByPlayer(timeline)) {
      if (isDefaultBotName(playerName)) continue;
      const roundKills = sessionByName.get(playerName)?.kills ?? 0;
      for (const streak of killStreaksOf(samples)) {
        awards.push({
          playerName,
          achievementId: killStreakId(streak.threshold),
          achievedAt: isoTime(streak.at),
          tier: catalogueTier(killStreakId(streak.threshold)),
          value: streak.threshold,
          metadata: { actual_streak: streak.actualStreak, round_kills: roundKills },
        });
      }
    }

    const facts = { endTime, serverName: round.server_name, participantCount: round.participant_count };
    const bySession = sessions.map((session) => ({
      sessionId: session.session_id,
      playerName: session.player_name,
      score: session.score,
      kills: session.kills,
      deaths: session.deaths,
      team: session.team,
      teamLabel: session.team_label,
      // The tracker keeps bots out of sessions; the rules still leave out default names (domain/bots.ts).
      isBot: false,
    }));
    awards.push(...roundPlacements(bySession, facts));
    awards.push(
      ...roundTeamVictories(
        timeline,
        {
          ...facts,
          tickets1: round.tickets1,
          tickets2: round.tickets2,
          roundTimeRemain: round.round_time_remain,
          teamLabels: [round.team1_label, round.team2_label],
        },
        bySession,
      ),
    );
    return awards;
  }

  /** The once-only awards of one player's session, advancing the player's progress. */
  function progressAwards(round: RoundRow, session: SessionRow): Award[] {
    const progress = progressBatch.get(session.player_name);
    const previous = { kills: progress.kills, score: progress.score, playMs: progress.playMs };
    const { owned } = progress;
    const achievedAt = session.last_seen;
    const endMs = Date.parse(session.last_seen);
    const startMs = Date.parse(session.start_time);
    const awards: Award[] = [];
    const award = (achievementId: string, tier: AchievementTier, value: number, metadata: object) => {
      owned.add(achievementId);
      awards.push({ playerName: session.player_name, achievementId, achievedAt, tier, value, metadata });
    };

    const added = { kills: session.kills, score: session.score, playMs: session.played_ms };
    for (const milestone of milestonesCrossed(previous, added, owned)) {
      award(milestone.achievementId, catalogueTier(milestone.achievementId), milestone.value, milestone.metadata);
    }

    const advanced = advanceBadgeProgress(
      progress.badges,
      {
        startMs,
        endMs,
        serverGuid: round.server_guid,
        kills: session.kills,
        deaths: session.deaths,
        score: session.score,
        playedMs: session.played_ms,
        localStartHour: localHourOf(startMs, round.timezone),
      },
      owned,
    );
    for (const badge of advanced.awards) award(badge.achievementId, badge.tier, badge.value, badge.metadata);

    const map = statements.addMapRound.get(round.map_name, session.player_name, session.score) as {
      rounds: number;
      score: number;
    };
    if (map.rounds >= MAP_MASTERY_MIN_ROUNDS) {
      const { players } = statements.countMapPlayers.get(round.map_name) as { players: number };
      const { above } = statements.countMapPlayersAbove.get(round.map_name, map.score) as { above: number };
      const mastery = mapMasteryAwards(
        {
          mapName: round.map_name,
          roundsOnMap: map.rounds,
          rankOnMap: Number(above) + 1,
          playersOnMap: Number(players),
        },
        owned,
      );
      for (const badge of mastery) award(badge.achievementId, badge.tier, badge.value, badge.metadata);
    }

    progress.kills += added.kills;
    progress.score += added.score;
    progress.playMs += added.playMs;
    progress.badges = advanced.progress;
    return awards;
  }

  return {
    flush: () => progressBatch.flush(),
    discard: () => progressBatch.discard(),

    awardRound(roundKey) {
      const round = statements.selectRound.get(roundKey) as RoundRow | undefined;
      if (!round) throw new Error(`round ${roundKey} does not exist`);
      if (round.end_time === null) throw new Error(`round ${roundKey} is not closed`);
      const sessions = statements.selectSessions.all(roundKey) as unknown as SessionRow[];
      const awards = roundAwards(roundKey, round, round.end_time, sessions);
      for (const session of sessions) {
        if (!isDefaultBotName(session.player_name)) awards.push(...progressAwards(round, session));
      }

      let inserted = 0;
      for (const award of awards) {
        const result = statements.insertAward.run(
          award.playerName,
          award.achievementId,
          roundKey,
          award.achievedAt,
          award.tier,
          award.value,
          storedMetadata(award.achievementId, award.metadata),
        );
        inserted += Number(result.changes);
      }
      return inserted;
    },
  };
}
