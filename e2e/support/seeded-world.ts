/**
 * The world every browser test runs against (global-setup.ts): the demo's emulator with a fixed seed, and one day
 * of history whose world clock ends at a fixed instant. The seed and that instant fix every server, player, round
 * and figure of the history, so the specs name them and assert what they are; only the stored times move, to end
 * when the run starts.
 *
 * After the history the collector polls the same world live, on from that instant (a deterministic world, but at
 * whatever moment a page asks). Specs assert known figures only of what that cannot change: players who are
 * offline from two hours before the end of the history until two hours after it, rounds closed in the history,
 * servers nobody plays on from before the end until well after a run (which takes a few minutes of the world's). What depends on the real clock (who is online now, "today", relative times,
 * dates) is tested by its shape.
 *
 * The facts in the specs were read from the API of a server started this way (for example `npm run demo -- --days 1
 * --seed 1 --world-time 2025-06-01T20:00:00Z` with its own DATABASE_PATH) when the tests were written.
 */
export const SEEDED_WORLD = {
  seed: 1,
  days: 1,
  /** A Sunday, 20:00 UTC: evening in Europe, where most of the world plays, so the live servers are busy. */
  worldTime: '2025-06-01T20:00:00Z',
} as const;
