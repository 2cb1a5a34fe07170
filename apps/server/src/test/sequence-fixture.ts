import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { GamePoll, ServerSnapshot } from '../domain/snapshot.ts';
import type { TrackerOptions } from '../ingest/tracker/tracker.ts';

/**
 * Recorded poll sequences (ingest/tracker/fixtures/*.json) with the exact rounds, sessions and events they must
 * give (ingest/tracker/tracker.test.ts; the round report's test replays one).
 * A fixture is compact JSON: servers by a short alias, players as
 * [name, score, kills, deaths, ping, team], times as offsets from the start in seconds.
 */

const playerTuple = z.tuple([z.string(), z.number(), z.number(), z.number(), z.number(), z.number()]);

const serverInPoll = z.object({
  server: z.string(),
  map: z.string(),
  name: z.string().optional(),
  gameType: z.string().default('conquest'),
  tickets: z.tuple([z.number(), z.number()]).nullable().default(null),
  remain: z.number().nullable().default(null),
  /** The configured round length in seconds (`roundTime`, FH2 `timelimit`). */
  limit: z.number().nullable().default(null),
  teams: z.tuple([z.string(), z.string()]).optional(),
  /** Players the feed flags as bots (FH2 `aibot`). */
  flaggedBots: z.array(z.string()).default([]),
  players: z.array(playerTuple).default([]),
});

const pollSchema = z.union([
  z.object({ at: z.number().optional(), failed: z.literal(true) }),
  z.object({ at: z.number().optional(), servers: z.array(serverInPoll) }),
]);

const expectedRound = z.object({
  server: z.string(),
  map: z.string(),
  start: z.number(),
  /** Offset of the last poll that observed the round; null while it is open. */
  end: z.number().nullable(),
  reason: z.enum(['map_change', 'restart', 'server_offline']).nullable(),
  participants: z.number(),
  polls: z.number(),
  tickets: z.tuple([z.number().nullable(), z.number().nullable()]).optional(),
});

const expectedSession = z.object({
  round: z.number(),
  player: z.string(),
  score: z.number(),
  kills: z.number(),
  deaths: z.number(),
  playedSeconds: z.number(),
  segments: z.number(),
  active: z.boolean(),
  start: z.number(),
  lastSeen: z.number(),
});

const fixtureSchema = z.object({
  description: z.string(),
  game: z.enum(['bf1942', 'fh2', 'bfvietnam']).default('bf1942'),
  start: z.string(),
  intervalSeconds: z.number().default(30),
  options: z
    .object({ sessionTimeoutMs: z.number(), serverTimeoutMs: z.number(), maxObservedIntervalMs: z.number() })
    .partial()
    .default({}),
  polls: z.array(pollSchema),
  expected: z.object({
    /** In order of start time, then server alias. */
    rounds: z.array(expectedRound),
    /** Per round (index into rounds), in the order players first appeared. */
    sessions: z.array(expectedSession),
    /** [type, subject, offset]: playerOnline → player name; serverMapChange → "old>new"; roundClosed → round index. */
    events: z.array(z.tuple([z.string(), z.union([z.string(), z.number()]), z.number()])),
    /**
     * Where stated, the achievements the closed rounds award once their round-closed work is done, as
     * [player, achievement id, offset of the instant awarded], sorted.
     */
    awards: z.array(z.tuple([z.string(), z.string(), z.number()])).optional(),
  }),
});

type SequenceFixture = z.infer<typeof fixtureSchema>;

export interface LoadedFixture {
  file: string;
  fixture: SequenceFixture;
  polls: GamePoll[];
  options: Partial<TrackerOptions>;
  startMs: number;
  /** ip:port of each server alias, to map stored rows back to aliases. */
  serverAddress: (alias: string) => { ip: string; port: number };
}

function addressOf(alias: string): { ip: string; port: number } {
  // TEST-NET addresses: data only, nothing is ever contacted.
  const code = [...alias].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 7) % 250;
  return { ip: `192.0.2.${code + 1}`, port: 14567 };
}

function toGamePolls(fixture: SequenceFixture): GamePoll[] {
  const startMs = Date.parse(fixture.start);
  let previousOffset = -fixture.intervalSeconds;
  return fixture.polls.map((poll) => {
    const offset = poll.at ?? previousOffset + fixture.intervalSeconds;
    previousOffset = offset;
    const at = new Date(startMs + offset * 1000);
    if ('failed' in poll) return { game: fixture.game, at, ok: false, error: 'recorded outage' };
    const servers = poll.servers.map((server): ServerSnapshot => ({
      game: fixture.game,
      ...addressOf(server.server),
      feedGuid: null,
      name: server.name ?? `Server ${server.server}`,
      mapName: server.map,
      gameType: server.gameType,
      numPlayers: server.players.length,
      maxPlayers: 32,
      hasPassword: false,
      roundTimeRemain: server.remain,
      roundTimeLimit: server.limit,
      tickets1: server.tickets?.[0] ?? null,
      tickets2: server.tickets?.[1] ?? null,
      teams: [
        { index: 1, label: server.teams?.[0] ?? 'Axis', tickets: server.tickets?.[0] ?? null },
        { index: 2, label: server.teams?.[1] ?? 'Allies', tickets: server.tickets?.[1] ?? null },
      ],
      players: server.players.map(([name, score, kills, deaths, ping, team]) => ({
        name,
        score,
        kills,
        deaths,
        ping,
        team,
        teamLabel: null,
        isBot: server.flaggedBots.includes(name),
      })),
      joinLink: null,
    }));
    return { game: fixture.game, at, ok: true, servers, skippedEntries: 0 };
  });
}

const FIXTURE_DIR = new URL('../ingest/tracker/fixtures', import.meta.url).pathname;

export function loadSequenceFixtures(): LoadedFixture[] {
  return readdirSync(FIXTURE_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const fixture = fixtureSchema.parse(JSON.parse(readFileSync(join(FIXTURE_DIR, file), 'utf8')));
      return {
        file,
        fixture,
        polls: toGamePolls(fixture),
        options: fixture.options,
        startMs: Date.parse(fixture.start),
        serverAddress: addressOf,
      };
    });
}
