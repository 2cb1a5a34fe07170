import { statSync } from 'node:fs';
import { openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { createCollectorStore } from '../apps/server/src/ingest/store/collector-store.ts';
import type { Figure } from './figures.ts';

/**
 * Issue 18's figures: the start-up backfill of achievements on a generated history (generation leaves every closed
 * round's achievements queued, decision 0017), in rounds per second, and the share of the world's players who
 * earned each badge family ("no family at 0 %, none given to everyone"). Works the queue of the database at `path`
 * to its end, as the collector's worker would between polls, and returns the file's size afterwards.
 */

/** A badge family: the ids sharing a picture and a rule, by their prefix or name. */
const FAMILIES: readonly [family: string, matches: (id: string) => boolean][] = [
  ['kill_streak', (id) => id.startsWith('kill_streak_')],
  ['sharpshooter', (id) => id.startsWith('sharpshooter_')],
  ['elite_warrior', (id) => id.startsWith('elite_warrior_')],
  ['map_mastery', (id) => ['map_specialist', 'map_dominator', 'map_legend'].includes(id)],
  ['consistent_killer', (id) => id === 'consistent_killer'],
  ['comeback_king', (id) => id === 'comeback_king'],
  ['rock_solid', (id) => id === 'rock_solid'],
  ['milestone_kills', (id) => id.startsWith('total_kills_')],
  ['milestone_playtime', (id) => id.startsWith('milestone_playtime_')],
  ['milestone_score', (id) => id.startsWith('total_score_')],
  ['server_regular', (id) => id === 'server_regular'],
  ['night_owl', (id) => id === 'night_owl'],
  ['early_bird', (id) => id === 'early_bird'],
  ['marathon_warrior', (id) => id === 'marathon_warrior'],
  ['round_placement', (id) => id.startsWith('round_placement_')],
  ['team_victory', (id) => id.startsWith('team_victory')],
];

/**
 * Works the round-closed queue of the open database to its end (achievements and similarity features), as the
 * collector's worker does between polls; returns how many rounds' achievements were owed and the seconds it took.
 */
function workOffRoundClosedQueue(database: Database): { owed: number; seconds: number } {
  const { sqlite } = database;
  const owed = Number(
    sqlite.prepare("select count(*) as n from round_closed_queue where work = 'achievements'").get()?.n,
  );
  const started = performance.now();
  createCollectorStore(sqlite).roundClosedQueue.processQueue(Number.POSITIVE_INFINITY);
  return { owed, seconds: (performance.now() - started) / 1000 };
}

/** The year's backlog worked off (similar players read the features it computes), with its speed. */
export async function workOffYearBacklog(path: string, days: number): Promise<Figure> {
  const database = await openDatabase(path);
  try {
    const { owed, seconds } = workOffRoundClosedQueue(database);
    database.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return {
      name: 'year_backfill_rounds_per_s',
      value: seconds === 0 ? 0 : owed / seconds,
      unit: 'rounds/s',
      note: `${owed.toLocaleString('en')} closed rounds of ${days} days in ${seconds.toFixed(0)} s (achievements and similarity features)`,
    };
  } finally {
    await database.close();
  }
}

export async function benchAchievementsBackfill(path: string): Promise<{ figures: Figure[]; bytes: number }> {
  const database = await openDatabase(path);
  try {
    const { sqlite } = database;
    const { owed, seconds } = workOffRoundClosedQueue(database);

    const players = Number(sqlite.prepare('select count(*) as n from player_achievement_progress').get()?.n);
    const owners = sqlite
      .prepare('select achievement_id, player_name from player_achievements group by achievement_id, player_name')
      .all() as { achievement_id: string; player_name: string }[];
    const awards = Number(sqlite.prepare('select count(*) as n from player_achievements').get()?.n);
    const figures: Figure[] = [
      {
        name: 'achievements_backfill_rounds_per_s',
        value: owed / seconds,
        unit: 'rounds/s',
        note: `${owed.toLocaleString('en')} closed rounds of the 30-day demo in ${seconds.toFixed(1)} s: ${awards.toLocaleString('en')} awards to ${players.toLocaleString('en')} players`,
      },
    ];
    for (const [family, matches] of FAMILIES) {
      const holders = new Set(owners.filter((row) => matches(row.achievement_id)).map((row) => row.player_name));
      figures.push({
        name: `achievements_share_pct_${family}`,
        value: players === 0 ? 0 : (holders.size / players) * 100,
        unit: '%',
        note: `${holders.size} of the ${players} players`,
      });
    }
    sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return { figures, bytes: statSync(path).size };
  } finally {
    await database.close();
  }
}
