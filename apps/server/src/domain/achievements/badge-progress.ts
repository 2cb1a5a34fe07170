import {
  ACHIEVEMENT_TIERS,
  findBadgeDefinition,
  type AchievementTier,
  type BadgeDefinition,
  type BadgeRequirements,
} from '@frontline/contract';
import { roundTo } from '../../lib/numbers.ts';
import { utcDayNumber } from '../../lib/utc-days.ts';

/**
 * The badges the established site defines and never awards, earned over a player's rounds rather than in one
 * (issue 18; the rules and their edge cases are docs/decisions/0016-badges-never-awarded-before.md): sharpshooter
 * and elite warrior tiers, consistent killer, rock solid, comeback king, server regular, night owl, early bird and
 * marathon warrior. The numbers come from the badge catalogue; the ones the facts leave open are named below.
 *
 * The rules see one closed session at a time, in the order the rounds closed, and carry what they need from one to
 * the next in a small JSON state the caller stores per player: the last counted rounds, 60 days of day totals,
 * 30 days of rounds per server, two counters and the current sitting. Nothing grows with a player's history.
 */

/** One player's session of one closed round, as the badge rules see it (bots never reach here). */
export interface PlayedRound {
  /** Session start and last seen, Unix ms (UTC). */
  startMs: number;
  endMs: number;
  serverGuid: string;
  kills: number;
  deaths: number;
  score: number;
  /** Observed play time of the session. */
  playedMs: number;
  /** 0..23: the session start's hour on the server's clock (domain/local-hour.ts). */
  localStartHour: number;
}

/**
 * [days before `today`, kills, deaths, counted rounds] of the counted rounds whose session ended that UTC day. Days
 * are counted back from `today` rather than stored as day numbers: 0..59 instead of five digits each.
 */
type DayTotals = [daysAgo: number, kills: number, deaths: number, rounds: number];

/** Consecutive sessions on one server, each starting soon after the one before ended (marathon warrior). */
interface Sitting {
  serverGuid: string;
  startMs: number;
  endMs: number;
  /** Sessions (rounds) in the sitting. */
  rounds: number;
}

/**
 * What the rules remember of a player, oldest first everywhere. Plain arrays of numbers so that it stays small as
 * JSON: a player with years of rounds stores at most about 3 kB.
 */
export interface BadgeProgress {
  /** Kills and deaths of the last counted rounds, as many as the longest K/D rule reads (200). */
  kills: number[];
  deaths: number[];
  /** Whole seconds played in the last counted rounds, as many as the longest kill-rate rule reads (100). */
  playedSeconds: number[];
  /** The UTC day number (utc-days.ts) of the newest counted round: the windows of days end on it. */
  today: number;
  /** The days of the last 60 with counted rounds (comeback king's two periods), by the day each session ended. */
  days: DayTotals[];
  /**
   * Servers with counted rounds in the last 30 days (server regular); `serverDays[i]` is server i's flat
   * [days before `today`, rounds, days before `today`, rounds, …].
   */
  servers: string[];
  serverDays: number[][];
  /** Counted rounds ever started in night owl's and early bird's hours. */
  nightRounds: number;
  earlyRounds: number;
  /** The sitting the latest session belongs to; null before the first session. */
  sitting: Sitting | null;
}

export interface BadgeAward {
  achievementId: string;
  /** An integer, as stored: ratios ×100 (as team victories' value), counts as counts, a sitting in minutes. */
  value: number;
  tier: AchievementTier;
  /** The rule's own figures, snake_case, two decimals. */
  metadata: Record<string, number | string | boolean>;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * Frontline's: a session counts for the badges only when the player played at least 5 minutes of it. A player who
 * joins as a round ends (or leaves a minute in) would otherwise move a rate by a whole round, and could farm the
 * round-counting badges with visits.
 */
export const MIN_COUNTED_ROUND_MS = 5 * MINUTE_MS;
/** Frontline's: comeback king compares two periods only when each has at least this many counted rounds. */
export const COMEBACK_MIN_PERIOD_ROUNDS = 10;
/** Frontline's: rock solid also asks for a mean K/D of at least 1, or a player who never kills would be "rock solid". */
export const ROCK_SOLID_MIN_MEAN_KD = 1;
/**
 * Frontline's: a session belongs to the sitting when it starts at most 5 minutes after the previous one ended: the
 * time between two rounds (scoreboard, map load) and a reconnect fit, a break does not.
 */
export const SITTING_MAX_GAP_MS = 5 * MINUTE_MS;

function definitionOf(id: string): BadgeDefinition {
  const definition = findBadgeDefinition(id);
  if (!definition) throw new Error(`badge ${id} is not in the catalogue`);
  return definition;
}

/** A number the rule needs from the catalogue entry (a missing one is a bug in the catalogue, found at start-up). */
function requirementOf(definition: BadgeDefinition, key: Exclude<keyof BadgeRequirements, 'performance_tiers'>) {
  const value = definition.requirements[key];
  if (value === undefined) throw new Error(`badge ${definition.id} has no requirement ${key}`);
  return value;
}

interface RoundsRule {
  definition: BadgeDefinition;
  threshold: number;
  rounds: number;
}

const tieredRules = (family: string, key: 'kills_per_minute' | 'kd_ratio'): RoundsRule[] =>
  ACHIEVEMENT_TIERS.map((tier) => {
    const definition = definitionOf(`${family}_${tier}`);
    return { definition, threshold: requirementOf(definition, key), rounds: requirementOf(definition, 'last_rounds') };
  });

const SHARPSHOOTER = tieredRules('sharpshooter', 'kills_per_minute');
const ELITE_WARRIOR = tieredRules('elite_warrior', 'kd_ratio');
const CONSISTENT_KILLER = ((definition) => ({
  definition,
  threshold: requirementOf(definition, 'positive_kd_share'),
  rounds: requirementOf(definition, 'last_rounds'),
}))(definitionOf('consistent_killer'));
const ROCK_SOLID = ((definition) => ({
  definition,
  threshold: requirementOf(definition, 'max_kd_variance'),
  rounds: requirementOf(definition, 'last_rounds'),
}))(definitionOf('rock_solid'));
const COMEBACK_KING = ((definition) => ({
  definition,
  factor: requirementOf(definition, 'kd_improvement_factor'),
  periodDays: requirementOf(definition, 'period_days'),
}))(definitionOf('comeback_king'));
const SERVER_REGULAR = ((definition) => ({
  definition,
  rounds: requirementOf(definition, 'server_rounds'),
  periodDays: requirementOf(definition, 'period_days'),
}))(definitionOf('server_regular'));
const HOUR_RULES = (['night_owl', 'early_bird'] as const).map((id) => {
  const definition = definitionOf(id);
  return {
    definition,
    fromHour: requirementOf(definition, 'from_hour'),
    toHour: requirementOf(definition, 'to_hour'),
    rounds: requirementOf(definition, 'rounds_in_hours'),
  };
});
const [NIGHT_OWL, EARLY_BIRD] = HOUR_RULES as [(typeof HOUR_RULES)[number], (typeof HOUR_RULES)[number]];
const MARATHON_WARRIOR = ((definition) => ({
  definition,
  sittingMs: requirementOf(definition, 'session_hours') * HOUR_MS,
}))(definitionOf('marathon_warrior'));

/** The windows kept: as long as the longest rule reading them, so nothing is kept that no rule reads. */
const KD_WINDOW = Math.max(...ELITE_WARRIOR.map((rule) => rule.rounds), CONSISTENT_KILLER.rounds, ROCK_SOLID.rounds);
const RATE_WINDOW = Math.max(...SHARPSHOOTER.map((rule) => rule.rounds));
const COMEBACK_DAYS = 2 * COMEBACK_KING.periodDays;
/** The lengths of "the last N counted rounds" the rules read, shortest first: one backward pass sums them all. */
const WINDOW_LENGTHS = [
  ...new Set([...SHARPSHOOTER, ...ELITE_WARRIOR, CONSISTENT_KILLER].map((rule) => rule.rounds)),
].sort((a, b) => a - b);

export function emptyBadgeProgress(): BadgeProgress {
  return {
    kills: [],
    deaths: [],
    playedSeconds: [],
    today: 0,
    days: [],
    servers: [],
    serverDays: [],
    nightRounds: 0,
    earlyRounds: 0,
    sitting: null,
  };
}

/**
 * Adds one session (sessions arrive in the order their rounds closed) and returns the badges it earns that are not
 * in `owned`. Pure: `progress` is not changed; the returned state shares the parts that did not change.
 */
export function advanceBadgeProgress(
  progress: BadgeProgress,
  round: PlayedRound,
  owned: ReadonlySet<string>,
): { progress: BadgeProgress; awards: BadgeAward[] } {
  if (!Number.isInteger(round.localStartHour) || round.localStartHour < 0 || round.localStartHour > 23) {
    throw new RangeError(`local start hour ${round.localStartHour} is not an hour of the day`);
  }
  const awards: BadgeAward[] = [];
  const award = (definition: BadgeDefinition, value: number, metadata: BadgeAward['metadata']) => {
    if (!owned.has(definition.id)) {
      awards.push({ achievementId: definition.id, value, tier: definition.tier, metadata });
    }
  };

  const sitting = sittingWith(progress.sitting, round);
  if (round.playedMs < MIN_COUNTED_ROUND_MS) {
    awardMarathon(sitting, award);
    return { progress: { ...progress, sitting }, awards };
  }

  const next: BadgeProgress = {
    kills: appendKeepingLast(progress.kills, round.kills, KD_WINDOW),
    deaths: appendKeepingLast(progress.deaths, round.deaths, KD_WINDOW),
    // Whole seconds: the polls see play time to a few seconds at best, and the numbers stay short.
    playedSeconds: appendKeepingLast(progress.playedSeconds, Math.round(round.playedMs / 1000), RATE_WINDOW),
    today: progress.today,
    days: progress.days,
    servers: progress.servers,
    serverDays: progress.serverDays,
    nightRounds: progress.nightRounds + (inHours(round.localStartHour, NIGHT_OWL) ? 1 : 0),
    earlyRounds: progress.earlyRounds + (inHours(round.localStartHour, EARLY_BIRD) ? 1 : 0),
    sitting,
  };
  const day = utcDayNumber(round.endMs);
  // The windows of days end on the newest day seen: this round's, unless a later session's round closed first.
  const today = progress.days.length === 0 ? day : Math.max(day, progress.today);
  const shift = today - progress.today;
  next.today = today;
  next.days = daysWith(progress.days, shift, today - day, round);
  const servers = serverDaysWith(progress, shift, today - day, round.serverGuid);
  next.servers = servers.servers;
  next.serverDays = servers.serverDays;

  awardLastRounds(next, award);
  awardComeback(next.days, award);
  awardServerRegular(round.serverGuid, servers.roundsOnServer, award);
  for (const [rule, count] of [
    [NIGHT_OWL, next.nightRounds],
    [EARLY_BIRD, next.earlyRounds],
  ] as const) {
    if (count >= rule.rounds) {
      award(rule.definition, count, { rounds: count, from_hour: rule.fromHour, to_hour: rule.toHour });
    }
  }
  awardMarathon(sitting, award);
  return { progress: next, awards };
}

type Award = (definition: BadgeDefinition, value: number, metadata: BadgeAward['metadata']) => void;

function appendKeepingLast(values: readonly number[], value: number, keep: number): number[] {
  const kept = values.slice(Math.max(0, values.length + 1 - keep));
  kept.push(value);
  return kept;
}

/** [from_hour, to_hour) of the server's clock; a range whose end is below its start wraps midnight (22–06). */
function inHours(hour: number, rule: { fromHour: number; toHour: number }): boolean {
  return rule.fromHour <= rule.toHour
    ? hour >= rule.fromHour && hour < rule.toHour
    : hour >= rule.fromHour || hour < rule.toHour;
}

function sittingWith(sitting: Sitting | null, round: PlayedRound): Sitting {
  if (sitting && sitting.serverGuid === round.serverGuid && round.startMs - sitting.endMs <= SITTING_MAX_GAP_MS) {
    return {
      serverGuid: sitting.serverGuid,
      startMs: Math.min(sitting.startMs, round.startMs),
      endMs: Math.max(sitting.endMs, round.endMs),
      rounds: sitting.rounds + 1,
    };
  }
  return { serverGuid: round.serverGuid, startMs: round.startMs, endMs: round.endMs, rounds: 1 };
}

function awardMarathon(sitting: Sitting, award: Award): void {
  const lengthMs = sitting.endMs - sitting.startMs;
  if (lengthMs < MARATHON_WARRIOR.sittingMs) return;
  award(MARATHON_WARRIOR.definition, Math.floor(lengthMs / MINUTE_MS), {
    sitting_hours: roundTo(lengthMs / HOUR_MS, 2),
    rounds: sitting.rounds,
    server_guid: sitting.serverGuid,
    started_at: new Date(sitting.startMs).toISOString(),
  });
}

/**
 * The day totals moved `shift` days back (today moved on), those 60 days back or more dropped, with this round
 * added `daysAgo` days back.
 */
function daysWith(days: readonly DayTotals[], shift: number, daysAgo: number, round: PlayedRound): DayTotals[] {
  const kept: DayTotals[] = [];
  for (const entry of days) {
    const entryDaysAgo = entry[0] + shift;
    if (entryDaysAgo < COMEBACK_DAYS) kept.push(shift === 0 ? entry : [entryDaysAgo, entry[1], entry[2], entry[3]]);
  }
  if (daysAgo >= COMEBACK_DAYS) return kept;
  // Usually today's entry, the last; a session of an earlier day (its round closed late) goes in its place.
  let index = kept.length;
  while (index > 0 && kept[index - 1]![0] < daysAgo) index--;
  const existing = kept[index - 1];
  if (existing && existing[0] === daysAgo) {
    kept[index - 1] = [daysAgo, existing[1] + round.kills, existing[2] + round.deaths, existing[3] + 1];
  } else {
    kept.splice(index, 0, [daysAgo, round.kills, round.deaths, 1]);
  }
  return kept;
}

/**
 * Rounds per server and day moved `shift` days back, those 30 days back or more dropped (and servers left with
 * none), with this round added; and the rounds on this round's server within the 30 days.
 */
function serverDaysWith(
  progress: BadgeProgress,
  shift: number,
  daysAgo: number,
  serverGuid: string,
): { servers: string[]; serverDays: number[][]; roundsOnServer: number } {
  const period = SERVER_REGULAR.periodDays;
  const servers: string[] = [];
  const serverDays: number[][] = [];
  progress.servers.forEach((guid, index) => {
    const flat = progress.serverDays[index]!;
    let start = 0;
    while (start < flat.length && flat[start]! + shift >= period) start += 2;
    if (start === flat.length) return;
    servers.push(guid);
    if (shift === 0) {
      serverDays.push(start === 0 ? flat : flat.slice(start));
      return;
    }
    const shifted = flat.slice(start);
    for (let i = 0; i < shifted.length; i += 2) shifted[i]! += shift;
    serverDays.push(shifted);
  });
  let index = servers.indexOf(serverGuid);
  if (daysAgo < period) {
    if (index === -1) {
      index = servers.push(serverGuid) - 1;
      serverDays.push([]);
    }
    serverDays[index] = withDayRound(serverDays[index]!, daysAgo);
  }
  let roundsOnServer = 0;
  const flat = index === -1 ? [] : serverDays[index]!;
  for (let i = 1; i < flat.length; i += 2) roundsOnServer += flat[i]!;
  return { servers, serverDays, roundsOnServer };
}

/** A flat [days ago, rounds, …] list (oldest first) with one round added `daysAgo` days back. */
function withDayRound(flat: readonly number[], daysAgo: number): number[] {
  const next = flat.slice();
  let index = next.length;
  while (index > 0 && next[index - 2]! < daysAgo) index -= 2;
  if (index > 0 && next[index - 2] === daysAgo) next[index - 1]! += 1;
  else next.splice(index, 0, daysAgo, 1);
  return next;
}

interface WindowTotals {
  kills: number;
  deaths: number;
  playedSeconds: number;
  /** Rounds with more kills than deaths (consistent killer's "positive K/D"). */
  positiveRounds: number;
}

/** Sharpshooter, elite warrior, consistent killer and rock solid: the rules over the last N counted rounds. */
function awardLastRounds(progress: BadgeProgress, award: Award): void {
  const { kills, deaths, playedSeconds } = progress;
  // One backward pass sums the last N rounds for every N a rule reads.
  const totalsByLength = new Map<number, WindowTotals>();
  const totals: WindowTotals = { kills: 0, deaths: 0, playedSeconds: 0, positiveRounds: 0 };
  let lengthIndex = 0;
  for (let n = 1; n <= kills.length && lengthIndex < WINDOW_LENGTHS.length; n++) {
    const roundKills = kills[kills.length - n]!;
    const roundDeaths = deaths[deaths.length - n]!;
    totals.kills += roundKills;
    totals.deaths += roundDeaths;
    if (n <= playedSeconds.length) totals.playedSeconds += playedSeconds[playedSeconds.length - n]!;
    if (roundKills > roundDeaths) totals.positiveRounds++;
    if (n === WINDOW_LENGTHS[lengthIndex]) {
      totalsByLength.set(n, { ...totals });
      lengthIndex++;
    }
  }

  for (const rule of SHARPSHOOTER) {
    const window = totalsByLength.get(rule.rounds);
    // Ratios of whole numbers in one division: a rate exactly at a catalogue figure (1.5) compares equal to it.
    const killsPerMinute = window ? (window.kills * 60) / window.playedSeconds : 0;
    if (window && killsPerMinute >= rule.threshold) {
      award(rule.definition, Math.round(killsPerMinute * 100), {
        kills_per_minute: roundTo(killsPerMinute, 2),
        rounds: rule.rounds,
        kills: window.kills,
        minutes_played: roundTo(window.playedSeconds / 60, 2),
      });
    }
  }
  for (const rule of ELITE_WARRIOR) {
    const window = totalsByLength.get(rule.rounds);
    const kd = window ? window.kills / Math.max(1, window.deaths) : 0;
    if (window && kd >= rule.threshold) {
      award(rule.definition, Math.round(kd * 100), {
        kd_ratio: roundTo(kd, 2),
        rounds: rule.rounds,
        kills: window.kills,
        deaths: window.deaths,
      });
    }
  }
  const consistent = totalsByLength.get(CONSISTENT_KILLER.rounds);
  if (consistent && consistent.positiveRounds / CONSISTENT_KILLER.rounds >= CONSISTENT_KILLER.threshold) {
    const share = consistent.positiveRounds / CONSISTENT_KILLER.rounds;
    award(CONSISTENT_KILLER.definition, Math.round(share * 100), {
      positive_rounds: consistent.positiveRounds,
      rounds: CONSISTENT_KILLER.rounds,
      positive_share: roundTo(share, 2),
    });
  }
  awardRockSolid(kills, deaths, award);
}

/** Population variance of per-round K/D (kills / max(1, deaths)) over the last N rounds, with a mean of at least 1. */
function awardRockSolid(kills: readonly number[], deaths: readonly number[], award: Award): void {
  const rounds = ROCK_SOLID.rounds;
  if (kills.length < rounds) return;
  const first = kills.length - rounds;
  let sum = 0;
  for (let i = first; i < kills.length; i++) sum += kills[i]! / Math.max(1, deaths[i]!);
  const mean = sum / rounds;
  if (mean < ROCK_SOLID_MIN_MEAN_KD) return;
  let squares = 0;
  for (let i = first; i < kills.length; i++) squares += (kills[i]! / Math.max(1, deaths[i]!) - mean) ** 2;
  const variance = squares / rounds;
  if (variance > ROCK_SOLID.threshold) return;
  award(ROCK_SOLID.definition, Math.round(variance * 100), {
    kd_variance: roundTo(variance, 2),
    mean_kd: roundTo(mean, 2),
    rounds,
  });
}

/** K/D of the 30 days ending today against the 30 days before, each with enough counted rounds. */
function awardComeback(days: readonly DayTotals[], award: Award): void {
  const recent = { kills: 0, deaths: 0, rounds: 0 };
  const earlier = { kills: 0, deaths: 0, rounds: 0 };
  for (const [daysAgo, kills, deaths, rounds] of days) {
    const period = daysAgo < COMEBACK_KING.periodDays ? recent : earlier;
    period.kills += kills;
    period.deaths += deaths;
    period.rounds += rounds;
  }
  if (recent.rounds < COMEBACK_MIN_PERIOD_ROUNDS || earlier.rounds < COMEBACK_MIN_PERIOD_ROUNDS) return;
  // An earlier K/D of 0 makes any recent one "infinitely" better: no improvement to measure.
  if (earlier.kills === 0) return;
  // (recent kills / recent deaths) / (earlier kills / earlier deaths) as one division of whole numbers.
  const improvement = (recent.kills * Math.max(1, earlier.deaths)) / (Math.max(1, recent.deaths) * earlier.kills);
  if (improvement < COMEBACK_KING.factor) return;
  award(COMEBACK_KING.definition, Math.round(improvement * 100), {
    kd_ratio: roundTo(recent.kills / Math.max(1, recent.deaths), 2),
    previous_kd_ratio: roundTo(earlier.kills / Math.max(1, earlier.deaths), 2),
    improvement_factor: roundTo(improvement, 2),
    rounds: recent.rounds,
    previous_rounds: earlier.rounds,
    period_days: COMEBACK_KING.periodDays,
  });
}

function awardServerRegular(serverGuid: string, roundsOnServer: number, award: Award): void {
  if (roundsOnServer < SERVER_REGULAR.rounds) return;
  award(SERVER_REGULAR.definition, roundsOnServer, {
    server_guid: serverGuid,
    rounds: roundsOnServer,
    period_days: SERVER_REGULAR.periodDays,
  });
}
