import { describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/test-database.ts';
import { serverGuidFor } from '../../domain/identity.ts';
import { loadSequenceFixtures } from '../../test/sequence-fixture.ts';
import { awardsOf, describeOutcome, dump, runSequence } from '../../test/sequence-run.ts';
import { Tracker } from './tracker.ts';

/**
 * Recorded poll sequences (fixtures/*.json) run through the real tracker into a real SQLite database,
 * and compared with the exact rounds, sessions and events each must give. Every sequence is also
 * interrupted after each of its polls: the tracker is thrown away, rebuilt from the store, and must
 * finish with exactly the database of the uninterrupted run (DESIGN.md, "Crash safety"). A poll in which a
 * server failed is followed, as in the collector, by a rebuild from the store.
 */

/** Everything the collector wrote, for comparing two runs. */
function dumpAll(database: TestDatabase) {
  return {
    games: dump(database, 'select * from collector_games order by game'),
    servers: dump(database, 'select * from servers order by server_guid'),
    players: dump(database, 'select * from players order by player_name'),
    rounds: dump(database, 'select * from rounds order by round_key'),
    sessions: dump(database, 'select * from sessions order by session_id'),
    roundPolls: dump(database, 'select * from round_polls order by at, round_key'),
    population: dump(database, 'select * from server_population order by bucket_start, server_guid'),
    pings: dump(database, 'select * from server_ping_hourly order by server_guid, hour_start, ping_bin'),
    heldPolls: dump(database, 'select * from held_polls order by server_guid'),
  };
}

const fixtures = loadSequenceFixtures();

describe.each(fixtures.map((loaded) => [loaded.file, loaded] as const))('sequence %s', (_file, loaded) => {
  it(`gives the exact rounds, sessions and events: ${loaded.fixture.description}`, async () => {
    const outcome = await runSequence(loaded);
    const actual = describeOutcome(loaded, outcome);
    const expected = loaded.fixture.expected;
    // Tickets are only compared where the fixture states them.
    const rounds = actual.rounds.map((round, index) =>
      expected.rounds[index]?.tickets ? round : { ...round, tickets: undefined },
    );
    expect({ ...actual, rounds }).toEqual({
      rounds: expected.rounds.map((round) => ({ ...round, tickets: round.tickets })),
      sessions: expected.sessions,
      events: expected.events,
    });
    if (expected.awards) {
      expect(awardsOf(loaded, outcome)).toEqual(expected.awards);
    }
    await outcome.database.close();
  });

  it('continues exactly after a crash at any poll (rebuilt from the store)', async () => {
    const reference = await runSequence(loaded);
    const expected = dumpAll(reference.database);
    for (let interruptAfter = 1; interruptAfter < loaded.polls.length; interruptAfter += 1) {
      const resumed = await runSequence(loaded, interruptAfter);
      expect(dumpAll(resumed.database), `interrupted before poll ${interruptAfter}`).toEqual(expected);
      expect(resumed.events, `events, interrupted before poll ${interruptAfter}`).toEqual(reference.events);
      await resumed.database.close();
    }
    await reference.database.close();
    // A fresh database per crash point: a second or two each on PostgreSQL, a schema each.
  }, 120_000);
});

describe('a server whose processing fails', () => {
  const loaded = fixtures.find((fixture) => fixture.file.startsWith('16-'));

  it('is reported and left out of the batch and the events; the other server of the poll is written', () => {
    if (!loaded) throw new Error('fixture 16 is missing');
    const tracker = new Tracker(loaded.options);
    const [first, failing] = loaded.polls;
    if (!first || !failing) throw new Error('fixture 16 has fewer than two polls');
    tracker.ingest(first);
    const result = tracker.ingest(failing);
    const { ip, port } = loaded.serverAddress('B');
    expect(result.failedServers).toEqual([
      {
        serverGuid: serverGuidFor('bf1942', ip, port),
        name: 'Server B',
        error: expect.stringMatching(/ping = 45\.5 is not an integer/) as unknown,
      },
    ]);
    const serverA = serverGuidFor('bf1942', loaded.serverAddress('A').ip, loaded.serverAddress('A').port);
    expect(result.batch.servers.map((row) => row.serverGuid)).toEqual([serverA]);
    expect(result.batch.population.map((row) => row.serverGuid)).toEqual([serverA]);
    expect(result.batch.roundsUpdated.map((row) => row.mapName)).toEqual(['wake']);
    expect(result.batch.roundsOpened).toEqual([]);
    expect(result.batch.roundsClosed).toEqual([]);
    expect(result.batch.sessions.map((row) => row.playerName)).toEqual(['Alice']);
    expect(result.batch.playersSeen).toEqual([]);
    expect(result.batch.roundPolls).toHaveLength(1);
    expect(result.events).toEqual([]);
    expect(result.batch.games).toEqual([
      expect.objectContaining({ game: 'bf1942', lastSuccessAt: failing.at.getTime(), gap: false }),
    ]);
  });
});
