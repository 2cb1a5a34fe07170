import { Writable } from 'node:stream';
import type { GameId } from '@frontline/contract';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverGuidFor } from '../domain/identity.ts';
import type { GamePoll, ServerSnapshot } from '../domain/snapshot.ts';
import { onPostgres, openTestDatabase, useTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { Collector, type PollSource } from './collector.ts';
import { EventBus } from './event-bus.ts';
import { createCollectorStore } from './store/collector-store.ts';

/**
 * Faults inside the collector rather than in the feed's shape, each a recorded sequence of polls given to the
 * collector by a source function (no feed client, so no normaliser: what a source without one could hand over)
 * and checked against the database of a run without the fault:
 * - one server whose processing throws (a fractional ping, which the timeline codec refuses) is left out of its
 *   poll; the rest of its game and the other game are written, and the tracker is rebuilt from the store;
 * - a cycle whose write fails is rebuilt from the store and its polls become a gap;
 * - a source that throws fails its own game's poll, not the cycle.
 */

const START = Date.UTC(2026, 10, 1, 20, 0, 0);
const iso = (offsetSeconds: number) => new Date(START + offsetSeconds * 1000).toISOString();

/** [name, score, ping] */
type PlayerLine = [string, number, number];

function snapshot(game: GameId, index: number, mapName: string, players: PlayerLine[]): ServerSnapshot {
  return {
    game,
    ip: `192.0.2.${index}`,
    port: 14567,
    feedGuid: null,
    name: `[TEST] Server ${index}`,
    mapName,
    gameType: 'conquest',
    numPlayers: players.length,
    maxPlayers: 32,
    hasPassword: false,
    roundTimeRemain: null,
    roundTimeLimit: null,
    tickets1: null,
    tickets2: null,
    teams: [],
    players: players.map(([name, score, ping]) => ({
      name,
      score,
      kills: 0,
      deaths: 0,
      ping,
      team: 1,
      teamLabel: null,
      isBot: false,
    })),
    joinLink: null,
  };
}

/** One cycle of the recording: each game's servers, or `'failed'`. */
type RecordedCycle = Partial<Record<GameId, ServerSnapshot[] | 'failed'>>;

/** Plays the recording, one cycle per `runCycle`, 30 s apart. */
function recordedSource(cycles: RecordedCycle[]): { source: PollSource; next: () => void } {
  let cycle = 0;
  return {
    next: () => {
      cycle += 1;
    },
    source: (game) => {
      const at = new Date(START + (cycle - 1) * 30_000);
      const servers = cycles[cycle - 1]?.[game] ?? [];
      const poll: GamePoll =
        servers === 'failed'
          ? { game, at, ok: false, error: 'recorded outage' }
          : { game, at, ok: true, servers, skippedEntries: 0 };
      return Promise.resolve(poll);
    },
  };
}

/** Everything the collector writes, to compare two runs. */
function dumpAll(database: TestDatabase) {
  const dump = (sql: string) => database.sqlite.prepare(sql).all();
  return {
    games: dump('select * from collector_games order by game'),
    servers: dump('select * from servers order by server_guid'),
    players: dump('select * from players order by player_name'),
    rounds: dump('select * from rounds order by round_key'),
    sessions: dump('select * from sessions order by session_id'),
    roundPolls: dump('select * from round_polls order by at, round_key'),
    population: dump('select * from server_population order by bucket_start, server_guid'),
  };
}

describe('the collector when a server, a write or a source fails', () => {
  const getDatabase = useTestDatabase();
  let logLines: Record<string, unknown>[];
  const extraDatabases: TestDatabase[] = [];

  beforeEach(() => {
    logLines = [];
  });
  afterEach(async () => {
    for (const database of extraDatabases.splice(0)) await database.close();
  });

  function createCollector(database: TestDatabase, source: PollSource) {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    return new Collector({
      games: ['bf1942', 'bfvietnam'],
      intervalMs: 30_000,
      source,
      store: createCollectorStore(database.sqlite),
      events: new EventBus((error) => {
        throw error;
      }),
      log: pino({ level: 'info' }, sink),
    });
  }

  /** Runs the recording on a database of its own and returns it (the run without the fault). */
  async function referenceRun(cycles: RecordedCycle[]): Promise<TestDatabase> {
    const database = await openTestDatabase();
    extraDatabases.push(database);
    const { source, next } = recordedSource(cycles);
    const collector = createCollector(database, source);
    for (let cycle = 0; cycle < cycles.length; cycle += 1) {
      next();
      await collector.runCycle();
    }
    return database;
  }

  const vietnam = (score: number) => [snapshot('bfvietnam', 6, 'hue', [['Eve', score, 80]])];

  it('leaves out the one server that cannot be processed, writes the rest, and rebuilds the tracker', async () => {
    const cycle = (server2: ServerSnapshot | undefined, score: number): RecordedCycle => ({
      bf1942: [snapshot('bf1942', 1, 'wake', [['Alice', score, 40]]), ...(server2 ? [server2] : [])],
      bfvietnam: vietnam(score),
    });
    const first = cycle(snapshot('bf1942', 2, 'berlin', [['Carol', 1, 60]]), 1);
    // Dan's first sighting on server 2 must be left out with the rest of it.
    const failing = cycle(
      snapshot('bf1942', 2, 'berlin', [
        ['Carol', 1, 45.5],
        ['Dan', 0, 50],
      ]),
      2,
    );
    const last = cycle(
      snapshot('bf1942', 2, 'berlin', [
        ['Carol', 1, 60],
        ['Dan', 1, 50],
      ]),
      3,
    );
    const { source, next } = recordedSource([first, failing, last]);
    const collector = createCollector(getDatabase(), source);
    next();
    await collector.runCycle();
    next();
    const report = await collector.runCycle();

    const server2 = serverGuidFor('bf1942', '192.0.2.2', 14567);
    const failedServer = {
      game: 'bf1942',
      serverGuid: server2,
      name: '[TEST] Server 2',
      error: 'sample 0 ping = 45.5 is not an integer within ±2^50',
    };
    expect(report.failedServers).toEqual([failedServer]);
    expect(report.games).toEqual([
      { game: 'bf1942', ok: true, servers: 2, players: 3, skippedEntries: 0, held: 0, glitches: 0 },
      { game: 'bfvietnam', ok: true, servers: 1, players: 1, skippedEntries: 0, held: 0, glitches: 0 },
    ]);
    expect(report).toMatchObject({ roundsOpened: 0, roundsClosed: 0, events: 0 });
    const warning = logLines.find((line) => line.level === 40);
    expect(warning).toMatchObject({
      ...failedServer,
      msg: `server [TEST] Server 2 of bf1942 left out of this poll: ${failedServer.error}`,
    });
    expect(logLines.find((line) => String(line.msg).startsWith('poll cycle ('))).toMatchObject({
      msg: 'poll cycle (1 servers left out)',
      failedServers: [failedServer],
    });
    // The live list shows what the source listed.
    expect(collector.lastGoodList('bf1942')?.servers.map((listed) => listed.mapName)).toEqual(['wake', 'berlin']);
    expect(collector.collectionStatus().games.map((game) => game.consecutiveFailures)).toEqual([0, 0]);

    next();
    await collector.runCycle();
    const query = (sql: string) => getDatabase().sqlite.prepare(sql).all();
    expect(
      query(`select s.name, r.map_name, r.start_time, r.end_time, r.close_reason, r.poll_count
             from rounds r join servers s using (server_guid) order by r.round_key`),
    ).toEqual([
      {
        name: '[TEST] Server 1',
        map_name: 'wake',
        start_time: iso(0),
        end_time: null,
        close_reason: null,
        poll_count: 3,
      },
      // The failed poll never happened for the store.
      {
        name: '[TEST] Server 2',
        map_name: 'berlin',
        start_time: iso(0),
        end_time: null,
        close_reason: null,
        poll_count: 2,
      },
      {
        name: '[TEST] Server 6',
        map_name: 'hue',
        start_time: iso(0),
        end_time: null,
        close_reason: null,
        poll_count: 3,
      },
    ]);
    expect(
      query(`select player_name, score, played_ms, observations, ping_sum, start_time, last_seen, is_active
             from sessions order by session_id`),
    ).toEqual([
      {
        player_name: 'Alice',
        score: 3,
        played_ms: 60_000,
        observations: 3,
        ping_sum: 120,
        start_time: iso(0),
        last_seen: iso(60),
        is_active: 1,
      },
      // Seen at the round's poll before the next one it was listed in: the interval is play time.
      {
        player_name: 'Carol',
        score: 1,
        played_ms: 60_000,
        observations: 2,
        ping_sum: 120,
        start_time: iso(0),
        last_seen: iso(60),
        is_active: 1,
      },
      {
        player_name: 'Eve',
        score: 3,
        played_ms: 60_000,
        observations: 3,
        ping_sum: 240,
        start_time: iso(0),
        last_seen: iso(60),
        is_active: 1,
      },
      {
        player_name: 'Dan',
        score: 1,
        played_ms: 0,
        observations: 1,
        ping_sum: 50,
        start_time: iso(60),
        last_seen: iso(60),
        is_active: 1,
      },
    ]);
    // Exactly the database of a run in which the server was simply not listed in that poll: nothing of the failed
    // attempt stayed in the tracker's memory.
    const reference = await referenceRun([first, cycle(undefined, 2), last]);
    expect(dumpAll(getDatabase())).toEqual(dumpAll(reference));
  });

  it('rebuilds the tracker from the store after a failed write, and counts the cycle as a gap', async () => {
    const cycle = (score: number): RecordedCycle => ({
      bf1942: [snapshot('bf1942', 1, 'wake', [['Alice', score, 40]])],
      bfvietnam: vietnam(score),
    });
    const cycles = [cycle(1), cycle(2), cycle(3), cycle(4)];
    const { source, next } = recordedSource(cycles);
    const collector = createCollector(getDatabase(), source);
    next();
    await collector.runCycle();

    // A real write failure: the connection refuses writes for one cycle.
    const readOnly = (on: boolean) =>
      getDatabase().sqlite.exec(
        onPostgres
          ? `set default_transaction_read_only = ${on ? 'on' : 'off'}`
          : `pragma query_only = ${on ? 'on' : 'off'}`,
      );
    readOnly(true);
    next();
    await expect(collector.runCycle()).rejects.toThrow(/readonly|read-only|query_only/i);
    readOnly(false);
    const status = collector.collectionStatus().games;
    expect(status.map((game) => [game.consecutiveFailures, game.lastGoodPollAt])).toEqual([
      [1, new Date(START)],
      [1, new Date(START)],
    ]);
    expect(status[0]?.lastError).toMatch(/^the cycle failed: /);
    // The live list did not move to a list that was never written.
    expect(collector.lastGoodList('bf1942')?.at).toEqual(new Date(START));

    next();
    await collector.runCycle();
    next();
    await collector.runCycle();
    expect(collector.collectionStatus().games.map((game) => game.consecutiveFailures)).toEqual([0, 0]);
    // The same database as a run whose feed failed in that cycle: the tracker's unwritten poll was forgotten.
    const reference = await referenceRun([cycle(1), { bf1942: 'failed', bfvietnam: 'failed' }, cycle(3), cycle(4)]);
    expect(dumpAll(getDatabase())).toEqual(dumpAll(reference));
    expect(
      getDatabase().sqlite.prepare('select player_name, score, played_ms, observations from sessions').all(),
    ).toEqual([
      // 30 s across the failed cycle (seen on both sides, under 5 minutes) + 30 s.
      { player_name: 'Alice', score: 4, played_ms: 90_000, observations: 3 },
      { player_name: 'Eve', score: 4, played_ms: 90_000, observations: 3 },
    ]);
  });

  it('fails only the game of a source that throws', async () => {
    const collector = createCollector(getDatabase(), (game) =>
      game === 'bfvietnam'
        ? Promise.reject(new Error('socket hang up'))
        : Promise.resolve({
            game,
            at: new Date(START),
            ok: true,
            servers: [snapshot('bf1942', 1, 'wake', [['Alice', 1, 40]])],
            skippedEntries: 0,
          }),
    );
    const report = await collector.runCycle();
    expect(report.games).toEqual([
      { game: 'bf1942', ok: true, servers: 1, players: 1, skippedEntries: 0, held: 0, glitches: 0 },
      {
        game: 'bfvietnam',
        ok: false,
        servers: 0,
        players: 0,
        skippedEntries: 0,
        held: 0,
        glitches: 0,
        error: 'the source threw: socket hang up',
      },
    ]);
    expect(getDatabase().sqlite.prepare('select player_name from sessions').all()).toEqual([{ player_name: 'Alice' }]);
    expect(collector.collectionStatus().games[1]).toMatchObject({
      consecutiveFailures: 1,
      lastError: 'the source threw: socket hang up',
    });
  });
});
