import { isDeepStrictEqual } from 'node:util';
import {
  liveServersResponseSchema,
  roundReportResponseSchema,
  type LiveServersResponse,
  type RoundReportResponse,
} from '@frontline/contract';
import type { z } from 'zod';
import { compileAnswerSerializer } from '../apps/server/src/http/contract-serializer.ts';
import type { Figure } from './figures.ts';
import { percentile } from './statistics.ts';

/**
 * How long writing a big answer takes: JSON.stringify (what production did before issue 14) against the contract's
 * compiled serializer (what production does now: http/contract-serializer.ts). Answers are made up but shaped as the
 * biggest real ones are: a busy game's live list and a long round's report (240 leaderboard snapshots of a full
 * 64-player server). Each figure is the median of many runs after a warm-up, in the one process, no server.
 */

const WARM_UP_RUNS = 30;
const MEASURED_RUNS = 200;
const NAMES = ['Wake', 'Катюша', '[FH] Müller', 'Ιωάννης', 'o\'Brien "Sarge"', '田中', 'Sniper_1942', 'Chaos\\Theory'];

export function benchSerialise(): Figure[] {
  return [
    ...compare('serialise_live_list', liveServersResponseSchema, liveList(400), 'the live list of 400 servers'),
    ...compare('serialise_round_report', roundReportResponseSchema, roundReport(240, 64), 'a report of 240 polls'),
  ];
}

function compare<Answer>(name: string, schema: z.ZodType<Answer>, answer: Answer, what: string): Figure[] {
  const serialize = compileAnswerSerializer(schema);
  const bytes = JSON.stringify(answer).length;
  if (!isDeepStrictEqual(JSON.parse(serialize(answer)), JSON.parse(JSON.stringify(answer)))) {
    throw new Error(`${name}: the compiled serializer and JSON.stringify write different answers`);
  }
  const stringify = timeRuns(() => JSON.stringify(answer));
  const compiled = timeRuns(() => serialize(answer));
  const size = `${what}, ${(bytes / 1024).toFixed(0)} KiB of JSON`;
  return [
    { name: `${name}_ms`, value: compiled, unit: 'ms', note: `compiled contract serializer, ${size}` },
    { name: `${name}_json_stringify_ms`, value: stringify, unit: 'ms', note: `JSON.stringify, ${size}` },
  ];
}

/** The median time of one run, in ms. */
function timeRuns(run: () => string): number {
  let sink = 0;
  for (let index = 0; index < WARM_UP_RUNS; index++) sink += run().length;
  const times: number[] = [];
  for (let index = 0; index < MEASURED_RUNS; index++) {
    const start = performance.now();
    sink += run().length;
    times.push(performance.now() - start);
  }
  if (sink === 0) throw new Error('nothing was written');
  return percentile(times, 0.5);
}

function nameOf(index: number): string {
  return `${NAMES[index % NAMES.length]} ${index}`;
}

function timestampOf(baseMs: number, minutes: number): string {
  return new Date(baseMs + minutes * 60_000).toISOString();
}

function liveList(serverCount: number): LiveServersResponse {
  const start = Date.parse('2026-11-01T18:00:00.000Z');
  return {
    servers: Array.from({ length: serverCount }, (_, index) => ({
      guid: `bf1942-10.0.${Math.floor(index / 250)}.${index % 250}-14567`,
      name: `${nameOf(index)}'s server | 24/7 Wake Island | www.example.org`,
      ip: `10.0.${Math.floor(index / 250)}.${index % 250}`,
      port: 14567,
      game: 'bf1942',
      numPlayers: index % 65,
      botCount: index % 7,
      maxPlayers: 64,
      mapName: 'Wake Island',
      gameType: 'conquest',
      roundTimeRemain: index % 3 === 0 ? -1 : 1800 - index,
      roundStartedAt: index % 5 === 0 ? null : timestampOf(start, -index),
      roundTimeLimit: index % 2 === 0 ? 3600 : null,
      hasPassword: index % 11 === 0,
      timezone: index % 4 === 0 ? null : 'Europe/Berlin',
      country: index % 4 === 0 ? null : 'DE',
      joinLink: index % 11 === 0 ? null : `bf1942://10.0.0.${index % 250}:14567`,
      discordUrl: index % 3 === 0 ? 'https://discord.gg/example' : null,
      forumUrl: null,
    })),
    lastUpdated: timestampOf(start, 0),
    stale: false,
  };
}

function roundReport(pollCount: number, playerCount: number): RoundReportResponse {
  const start = Date.parse('2026-11-01T18:00:00.000Z');
  const players = Array.from({ length: playerCount }, (_, index) => nameOf(index));
  const entries = (poll: number) =>
    players.map((playerName, index) => ({
      rank: index + 1,
      playerName,
      score: Math.max(0, poll * 2 - index),
      kills: Math.floor(poll / 3) + (index % 5),
      deaths: Math.floor(poll / 4),
      ping: 40 + (index % 90),
      team: (index % 2) + 1,
      teamLabel: index % 2 === 0 ? 'Axis' : 'Allies',
    }));
  return {
    round: {
      roundId: 'round-1',
      serverName: 'Wake Island 24/7',
      serverGuid: 'bf1942-10.0.0.1-14567',
      gameId: 'bf1942',
      mapName: 'Wake Island',
      gameType: 'conquest',
      startTime: timestampOf(start, 0),
      endTime: timestampOf(start, pollCount),
      durationMinutes: pollCount,
      participantCount: playerCount,
      isActive: false,
      team1Label: 'Axis',
      team2Label: 'Allies',
      tickets1: 0,
      tickets2: 87,
    },
    finalStandings: players.map((playerName, index) => ({
      rank: index + 1,
      playerName,
      score: pollCount * 2 - index,
      kills: 80 - index,
      deaths: 60,
      team: (index % 2) + 1,
      teamLabel: index % 2 === 0 ? 'Axis' : 'Allies',
      left: index % 9 === 0,
      lastSeen: timestampOf(start, pollCount - (index % 9)),
    })),
    snapshotIntervalMinutes: null,
    leaderboardSnapshots: Array.from({ length: pollCount }, (_, poll) => ({
      timestamp: timestampOf(start, poll),
      entries: entries(poll),
    })),
  };
}
