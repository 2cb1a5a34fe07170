import { loadSequenceFixtures } from '../apps/server/src/test/sequence-fixture.ts';
import { awardsOf, describeOutcome, runSequence } from '../apps/server/src/test/sequence-run.ts';
import type { Figure } from './figures.ts';

/**
 * The glitch sequences (apps/server/src/ingest/tracker/fixtures/*-glitch-*.json: a real server's entry wrong for one
 * poll or a few, decision 0003 "Glitches") run through the tracker, the store and the round-closed step: per
 * sequence, the rounds, sessions and awards stored, and how many of each differ from what really happened (the
 * fixture's expected outcome). Before glitches were held, one flip of a map made two rounds and their awards, and a
 * kill count of −1,000,000 for one poll gave every streak up to 50.
 */
export async function benchGlitches(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const loaded of loadSequenceFixtures().filter((fixture) => fixture.file.includes('-glitch-'))) {
    const name = loaded.file
      .replace(/^\d+-glitch-/, '')
      .replace(/\.json$/, '')
      .replaceAll('-', '_');
    const outcome = await runSequence(loaded);
    const actual = describeOutcome(loaded, outcome);
    const awards = awardsOf(loaded, outcome);
    await outcome.database.close();
    const { expected } = loaded.fixture;
    const key = JSON.stringify;
    const missing = <T>(from: readonly T[], within: readonly T[]) =>
      from.filter((item) => !within.some((other) => key(other) === key(item))).length;
    const rounds = actual.rounds.map(({ tickets: _tickets, ...round }) => round);
    const sessionsWrong = missing(actual.sessions, expected.sessions) + missing(expected.sessions, actual.sessions);
    const awardsWrong = missing(awards, expected.awards ?? []) + missing(expected.awards ?? [], awards);
    figures.push(
      {
        name: `glitch_${name}_rounds`,
        value: rounds.length,
        unit: 'rounds',
        note: `${expected.rounds.length} really; ${missing(rounds, expected.rounds)} stored wrong`,
      },
      {
        name: `glitch_${name}_sessions_wrong`,
        value: sessionsWrong,
        unit: 'sessions',
        budget: 0,
        note: `${actual.sessions.length} stored, ${expected.sessions.length} really`,
      },
      {
        name: `glitch_${name}_awards_wrong`,
        value: awardsWrong,
        unit: 'awards',
        budget: 0,
        note: `${awards.length} awarded, ${expected.awards?.length ?? 0} really`,
      },
    );
  }
  return figures;
}
