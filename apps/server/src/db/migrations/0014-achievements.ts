import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Achievements (issue 18; docs/decisions/0017-achievements-storage.md). They are round-closed work: each closed
 * round owes one `achievements` row of the round-closed queue, done after its `closed` work, in the order rounds
 * closed (milestones depend on that order). So the queue now holds one row per round and work, not per round.
 *
 * - `player_achievements`: one row per award, unique per player, id, round and instant (recomputing a round
 *   writes the same rows). What the catalogue or the round already says (name, type, map, server, round id) is
 *   not repeated here; `metadata` keeps the rule's own figures.
 * - `player_achievement_progress`: what the once-only awards need to know about a player as of the last round
 *   processed: the milestone totals, the ids owned, and the badge rules' compact state (JSON).
 * - `map_player_totals`: rounds and score of each player on each map, for the map mastery badges' rank.
 *
 * An existing database owes every closed round's achievements: they are queued here, oldest end first, and the
 * collector's worker works through them between polls (the start-up backfill, with progress in the log).
 */
/**
 * Every closed round's achievements, queued in the order a live collector works them: by when the round was found
 * closed (`closed_at`), then by end and key; rounds closed before 0014 recorded when, by their end. Rounds still
 * owed their 'closed' work are left out: that work queues their achievements when it is done.
 */
export const queueAchievementsOfClosedRounds = () => sql`insert into round_closed_queue (round_key, work)
  select r.round_key, 'achievements' from rounds r
  where r.is_active = 0
    and not exists (select 1 from round_closed_queue q where q.round_key = r.round_key and q.work = 'closed')
  order by coalesce(r.closed_at, r.end_time), r.end_time, r.round_key`;

export const achievements: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of [
      // When the collector found the round closed: the order its achievements are worked in (null before 0014).
      sql`alter table rounds add column closed_at text`,
      sql`create table round_closed_queue_next (
        seq integer primary key,
        round_key integer not null,
        work text not null check (work in ('closed', 'aggregates', 'map_days', 'achievements')),
        unique (round_key, work)
      )`,
      sql`insert into round_closed_queue_next (seq, round_key, work)
        select seq, round_key, work from round_closed_queue order by seq`,
      sql`drop table round_closed_queue`,
      sql`alter table round_closed_queue_next rename to round_closed_queue`,
      queueAchievementsOfClosedRounds(),
      sql`create table player_achievements (
        player_name text not null,
        achievement_id text not null,
        round_key integer not null,
        achieved_at text not null,
        tier text not null,
        value integer not null,
        metadata text not null,
        primary key (player_name, achievement_id, round_key, achieved_at)
      ) without rowid`,
      sql`create index player_achievements_player_time on player_achievements (player_name, achieved_at)`,
      sql`create index player_achievements_round on player_achievements (round_key)`,
      sql`create table player_achievement_progress (
        player_name text primary key,
        kills integer not null,
        score integer not null,
        played_ms integer not null,
        owned text not null,
        badges text not null
      ) without rowid`,
      sql`create table map_player_totals (
        map_name text not null,
        player_name text not null,
        rounds integer not null,
        score integer not null,
        primary key (map_name, player_name)
      ) without rowid`,
      sql`create index map_player_totals_score on map_player_totals (map_name, score)`,
    ]) {
      await statement.execute(db);
    }
  },
};
