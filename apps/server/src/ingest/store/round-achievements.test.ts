import { describe, expect, it } from 'vitest';
import { awardMetadata } from '../../domain/achievements/award-storage.ts';
import { emptyBadgeProgress } from '../../domain/achievements/badge-progress.ts';
import { insertScriptedRound, scriptedMinute } from '../../test/achievement-fixtures.ts';
import { insertRound, insertServer } from '../../test/round-fixtures.ts';
import { useTestDatabase } from '../../test/test-database.ts';
import { createRoundAchievements } from './round-achievements.ts';

/**
 * A closed round's achievements (issue 18 "Computing"), worked out by hand on one scripted round
 * (test/achievement-fixtures.ts: the lines of each player, poll by poll): kill streaks
 * from the round's own timeline, the podium, team victories with their contribution × loyalty tiers, and a
 * milestone crossed by the round's session on top of the player's earlier totals.
 */

const START = Date.parse('2026-03-01T12:00:00.000Z');
const MINUTE = 60_000;
const at = (minute: number) => scriptedMinute(START, minute);

describe("a closed round's achievements", () => {
  const database = useTestDatabase();

  function scriptedRound() {
    const { sqlite } = database();
    insertScriptedRound(sqlite, 1, START);
    return sqlite;
  }

  interface StoredAward {
    player_name: string;
    achievement_id: string;
    achieved_at: string;
    tier: string;
    value: number;
    metadata: string;
    score: number;
    kills: number;
    deaths: number;
    team: number;
    team_label: string;
    tickets1: number | null;
    tickets2: number | null;
    team1_label: string;
    team2_label: string;
    participant_count: number;
    server_name: string;
  }

  /** The awards with their metadata as shown: rebuilt from the stored form, the round and the session. */
  const awardsOf = (sqlite: ReturnType<typeof scriptedRound>) =>
    (
      sqlite
        .prepare(
          `select a.player_name, a.achievement_id, a.achieved_at, a.tier, a.value, a.metadata, p.score, p.kills,
            p.deaths, p.team, p.team_label, r.tickets1, r.tickets2, r.team1_label, r.team2_label, r.participant_count,
            s.name as server_name
          from player_achievements a join rounds r using (round_key) join servers s using (server_guid)
            join sessions p on p.round_key = a.round_key and p.player_name = a.player_name
          order by a.player_name, a.achieved_at, a.achievement_id`,
        )
        .all() as unknown as StoredAward[]
    ).map((row) => ({
      player_name: row.player_name,
      achievement_id: row.achievement_id,
      achieved_at: row.achieved_at,
      tier: row.tier,
      value: row.value,
      metadata: JSON.parse(
        awardMetadata(row.achievement_id, row.metadata, {
          serverName: row.server_name,
          participantCount: row.participant_count,
          tickets1: row.tickets1,
          tickets2: row.tickets2,
          teamLabels: [row.team1_label, row.team2_label],
          session: {
            score: row.score,
            kills: row.kills,
            deaths: row.deaths,
            team: row.team,
            teamLabel: row.team_label,
          },
        }),
      ) as unknown,
    }));

  it('stores placements, victories and streaks without what the round and session hold', () => {
    const sqlite = scriptedRound();
    createRoundAchievements(sqlite).awardRound(1);
    const stored = sqlite
      .prepare("select achievement_id, metadata from player_achievements where player_name = 'Ace' order by 1, 2")
      .all()
      .map((row) => [row.achievement_id, row.metadata]);
    // Ace: observed 6 times, all on the winning side; the winners' median 4; 2 regular winners; not switched.
    expect(stored).toEqual([
      ['kill_streak_5', '[5]'],
      ['kill_streak_5', '[6]'],
      ['round_placement_1', '[]'],
      ['team_victory', '[6,6,4,2,0]'],
    ]);
  });

  it('awards the streaks, the podium and the team victories worked out by hand, and nothing to the bot', () => {
    const sqlite = scriptedRound();
    // Ace had 95 kills before this round: its 12 cross 100.
    sqlite
      .prepare(
        `insert into player_achievement_progress (player_name, kills, score, played_ms, owned, badges)
        values ('Ace', 95, 900, 0, '[]', ?)`,
      )
      .run(JSON.stringify(emptyBadgeProgress()));

    expect(createRoundAchievements(sqlite).awardRound(1)).toBe(awardsOf(sqlite).length);
    const victory = (extra: object) => ({
      WinningTeam: 1,
      WinningTeamLabel: 'Axis',
      WinningTeamTickets: 120,
      LosingTeam: 2,
      LosingTeamLabel: 'Allies',
      LosingTeamTickets: 45,
      ServerName: 'Wake 24/7',
      TotalPlayers: 5,
      // The median of the regular winners' observations on the winning side (Ace 6, Cid 2).
      MaxPossibleObservations: 4,
      TeamObservations: 2,
      ...extra,
    });
    const placement = (extra: object) => ({ ServerName: 'Wake 24/7', TotalPlayers: 5, ...extra });
    expect(awardsOf(sqlite)).toEqual([
      {
        player_name: 'Ace',
        achievement_id: 'kill_streak_5',
        achieved_at: at(2),
        tier: 'bronze',
        value: 5,
        metadata: { actual_streak: 6, round_kills: 12 },
      },
      {
        player_name: 'Ace',
        achievement_id: 'kill_streak_5',
        achieved_at: at(5),
        tier: 'bronze',
        value: 5,
        metadata: { actual_streak: 5, round_kills: 12 },
      },
      {
        player_name: 'Ace',
        achievement_id: 'round_placement_1',
        achieved_at: at(5),
        tier: 'gold',
        value: 1,
        metadata: placement({ Team: 1, TeamLabel: 'Axis', Score: 40, Kills: 12, Deaths: 1 }),
      },
      {
        // contribution 6/4 × loyalty 6/6 = 1.5: legend.
        player_name: 'Ace',
        achievement_id: 'team_victory',
        achieved_at: at(5),
        tier: 'legend',
        value: 150,
        metadata: victory({
          Score: 40,
          Kills: 12,
          Deaths: 1,
          ParticipationWeight: 1,
          TeamContribution: 1.5,
          PlayerObservations: 6,
          WasTeamSwitched: false,
        }),
      },
      {
        player_name: 'Ace',
        achievement_id: 'total_kills_100',
        achieved_at: at(5),
        tier: 'bronze',
        value: 100,
        metadata: { previous_kills: 95, new_kills: 107 },
      },
      {
        player_name: 'Bee',
        achievement_id: 'round_placement_2',
        achieved_at: at(5),
        tier: 'silver',
        value: 2,
        metadata: placement({ Team: 2, TeamLabel: 'Allies', Score: 15, Kills: 3, Deaths: 2 }),
      },
      {
        player_name: 'Cid',
        achievement_id: 'round_placement_3',
        achieved_at: at(5),
        tier: 'bronze',
        value: 3,
        metadata: placement({ Team: 1, TeamLabel: 'Axis', Score: 8, Kills: 2, Deaths: 0 }),
      },
      {
        // contribution 2/4 × loyalty 2/6 = 0.1667: bronze, 17.
        player_name: 'Cid',
        achievement_id: 'team_victory',
        achieved_at: at(5),
        tier: 'bronze',
        value: 17,
        metadata: victory({
          Score: 8,
          Kills: 2,
          Deaths: 0,
          ParticipationWeight: 2 / 6,
          TeamContribution: 0.5,
          PlayerObservations: 2,
          WasTeamSwitched: true,
        }),
      },
      {
        // contribution 4/4 × loyalty 4/6 = 0.667: bronze (below 0.7), 67.
        player_name: 'Dee',
        achievement_id: 'team_victory_switched',
        achieved_at: at(5),
        tier: 'bronze',
        value: 67,
        metadata: victory({
          Score: 5,
          Kills: 1,
          Deaths: 0,
          ParticipationWeight: 4 / 6,
          TeamContribution: 1,
          PlayerObservations: 4,
          WasTeamSwitched: true,
        }),
      },
    ]);
  });

  it("adds the round to each player's milestone totals and map totals, once, bots left out", () => {
    const sqlite = scriptedRound();
    const achievements = createRoundAchievements(sqlite);
    achievements.awardRound(1);
    // Nothing of the progress is written until the batch is flushed (the queue flushes before it commits).
    expect(sqlite.prepare('select count(*) as n from player_achievement_progress').get()).toEqual({ n: 0 });
    achievements.flush();
    const progress = sqlite
      .prepare('select player_name, kills, score, played_ms from player_achievement_progress order by player_name')
      .all()
      .map((row) => ({ ...row }));
    expect(progress).toEqual([
      { player_name: 'Ace', kills: 12, score: 40, played_ms: 5 * MINUTE },
      { player_name: 'Bee', kills: 3, score: 15, played_ms: 5 * MINUTE },
      { player_name: 'Cid', kills: 2, score: 8, played_ms: 5 * MINUTE },
      { player_name: 'Dee', kills: 1, score: 5, played_ms: 5 * MINUTE },
    ]);
    const maps = sqlite
      .prepare('select map_name, player_name, rounds, score from map_player_totals order by player_name')
      .all()
      .map((row) => ({ ...row }));
    expect(maps.map((row) => [row.player_name, row.rounds, row.score])).toEqual([
      ['Ace', 1, 40],
      ['Bee', 1, 15],
      ['Cid', 1, 8],
      ['Dee', 1, 5],
    ]);
  });

  it('refuses a round that is still open or has no timeline, writing nothing', () => {
    const { sqlite } = database();
    insertServer(sqlite, { serverGuid: 'g', name: 'S', firstSeen: at(0), lastSeen: at(5) });
    insertRound(sqlite, { roundKey: 7, serverGuid: 'g', mapName: 'm', start: at(0), end: null, sessions: [] });
    expect(() => createRoundAchievements(sqlite).awardRound(7)).toThrow(/not closed/);
    expect(() => createRoundAchievements(sqlite).awardRound(8)).toThrow(/does not exist/);
  });
});
