import type { RoundReportResponse, RoundsListResponse } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { IN_MEMORY, openDatabase, type Database } from '../../db/database.ts';
import { createCollectorStore } from '../../ingest/store/collector-store.ts';
import { loadSequenceFixtures } from '../../test/sequence-fixture.ts';
import { Tracker } from '../../ingest/tracker/tracker.ts';
import { createTestApp, getJsonFrom } from '../../test/test-app.ts';

/**
 * Issue 13's recorded feed sequences, from the polls to the screens: the tracker and the store write what the
 * polls show (ingest/tracker/fixtures, whose expected rounds and sessions tracker.test.ts checks), and the rounds
 * API must read that back as the issue asks. "Final standings hold everyone who played the round, with their last
 * totals; a player who left is marked so." "Lists hide rounds nobody played unless asked (`includeEmpty=true`)."
 */

async function databaseFromSequence(file: string): Promise<Database> {
  const loaded = loadSequenceFixtures().find((candidate) => candidate.file === file);
  if (!loaded) throw new Error(`no sequence ${file}`);
  const database = await openDatabase(IN_MEMORY);
  const store = createCollectorStore(database.sqlite);
  const tracker = new Tracker(loaded.options);
  for (const poll of loaded.polls) store.applyBatches([tracker.ingest(poll).batch]);
  return database;
}

function roundIdOf(database: Database, mapName: string): string {
  const row = database.sqlite.prepare('select round_id from rounds where map_name = ?').get(mapName) as {
    round_id: string;
  };
  return row.round_id;
}

describe('the rounds API over recorded polls', () => {
  it('lists everyone who played a round in its final standings, leavers marked, a rejoin added up', async () => {
    const database = await databaseFromSequence('15-early-leavers.json');
    const app = await createTestApp({}, database);
    try {
      const report = await getJsonFrom<RoundReportResponse>(app, `/stats/rounds/${roundIdOf(database, 'wake')}/report`);
      // Ace led and left at 20:01:30, Eli left with no points; Dan left and came back with a fresh scoreboard
      // (4/2/0, then 5/2/1): 9/4/1, ahead of Cid's 9/4/3 on fewer deaths.
      expect(
        report.finalStandings.map(({ rank, playerName, score, kills, deaths, left }) => [
          rank,
          playerName,
          `${score}/${kills}/${deaths}`,
          left,
        ]),
      ).toEqual([
        [1, 'Ace', '16/8/1', true],
        [2, 'Bea', '10/5/3', false],
        [3, 'Dan', '9/4/1', false],
        [4, 'Cid', '9/4/3', false],
        [5, 'Eli', '0/0/2', true],
      ]);
      expect(report.round.participantCount).toBe(report.finalStandings.length);
      // The last poll's ladder shows whom it saw, with the scoreboard's own figures (Dan's second stay only).
      const last = report.leaderboardSnapshots.at(-1);
      expect(last?.entries.map(({ playerName, score }) => [playerName, score])).toEqual([
        ['Bea', 10],
        ['Cid', 9],
        ['Dan', 5],
      ]);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('hides the round nobody played from the server’s rounds unless asked', async () => {
    const database = await databaseFromSequence('14-fh2-round-outlives-time-limit.json');
    const app = await createTestApp({}, database);
    try {
      const listed = await getJsonFrom<RoundsListResponse>(app, '/stats/rounds?serverName=Server%20A');
      expect(listed.items.map((round) => [round.participantCount, round.startTime])).toEqual([
        [1, '2026-11-01T04:02:00.000Z'],
      ]);
      expect(listed.totalItems).toBe(1);
      const all = await getJsonFrom<RoundsListResponse>(app, '/stats/rounds?serverName=Server%20A&includeEmpty=true');
      expect(all.items.map((round) => round.participantCount).sort()).toEqual([0, 1]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
