import { GAMES, type GameId } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { normaliseServerEntry } from '../ingest/bflist/normalise.ts';
import { isBot, isDefaultBotName } from '../domain/bots.ts';
import type { ServerSnapshot, SnapshotPlayer } from '../domain/snapshot.ts';
import { toBflistEntry } from './bflist-wire.ts';
import { createWorld } from './world.ts';
import { WORLD_STEP_MS, type EmulatedWorld, type MapDefinition, type WorldServerProfile } from './world-types.ts';

// The simulated world on its own (no HTTP, no database): it must be reproducible from its seed, it must
// never show a state a real server could not report, its crowd must follow the clock of the people in it,
// and everything it shows must survive the trip through the feed's wire format.

const GAME_IDS: readonly GameId[] = GAMES.map((game) => game.id);
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const STEP_SECONDS = WORLD_STEP_MS / 1000;
/** Friday 9 January 2026, 16:00 UTC: the evening ramp of the mostly European crowd, so servers fill up. */
const FRIDAY_AFTERNOON = Date.UTC(2026, 0, 9, 16, 0, 0);
/**
 * A player's score drops only by a team kill's penalty, at most one team kill per step (world.ts #fight):
 * a larger drop within a stay is a bug, not a team kill.
 */
const TEAM_KILL_PENALTY = 2;

function serverKey(server: { game: GameId; ip: string; port: number }): string {
  return `${server.game}|${server.ip}:${server.port}`;
}

function allSnapshots(world: EmulatedWorld): Record<GameId, ServerSnapshot[]> {
  return Object.fromEntries(GAME_IDS.map((game) => [game, world.snapshots(game)])) as Record<GameId, ServerSnapshot[]>;
}

function profilesByServer(world: EmulatedWorld): Map<string, WorldServerProfile> {
  return new Map(world.profiles().map((profile) => [serverKey(profile), profile]));
}

function humansOf(snapshot: ServerSnapshot): SnapshotPlayer[] {
  return snapshot.players.filter((player) => !isBot(player));
}

function namesListedTwice(players: readonly SnapshotPlayer[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const player of players) (seen.has(player.name) ? twice : seen).add(player.name);
  return twice;
}

function countersOf(player: SnapshotPlayer): string {
  return `${player.score}/${player.kills}/${player.deaths}`;
}

function isZero(player: SnapshotPlayer): boolean {
  return player.score === 0 && player.kills === 0 && player.deaths === 0;
}

describe('world determinism', () => {
  const start = FRIDAY_AFTERNOON;
  const checkpoints = [1, 2, 3, 4, 5, 6].map((hours) => start + hours * HOUR_MS);

  it('gives identical snapshots for the same seed and start, and different ones for another seed', () => {
    const first = createWorld({ seed: 42, startMs: start });
    const second = createWorld({ seed: 42, startMs: start });
    const other = createWorld({ seed: 43, startMs: start });
    expect(second.profiles()).toEqual(first.profiles());
    expect(other.profiles()).not.toEqual(first.profiles());

    let populated = 0;
    for (const at of checkpoints) {
      // Step by step, as the emulator moves when it is polled every 30 s.
      for (let time = first.now() + WORLD_STEP_MS; time <= at; time += WORLD_STEP_MS) {
        first.advanceTo(time);
        second.advanceTo(time);
        other.advanceTo(time);
      }
      expect(first.now()).toBe(at);
      const snapshots = allSnapshots(first);
      expect(allSnapshots(second)).toEqual(snapshots);
      expect(allSnapshots(other)).not.toEqual(snapshots);
      populated += Object.values(snapshots)
        .flat()
        .reduce((sum, server) => sum + humansOf(server).length, 0);
    }
    // Equal empty worlds would prove nothing: by then the evening crowd is on the servers.
    expect(populated).toBeGreaterThan(100);
  });

  it('reaches the same state in one jump, in uneven leaps, and step by step', () => {
    const end = checkpoints.at(-1) ?? start;
    const stepped = createWorld({ seed: 42, startMs: start });
    for (let time = start; time <= end; time += WORLD_STEP_MS) stepped.advanceTo(time);

    const jumped = createWorld({ seed: 42, startMs: start });
    jumped.advanceTo(end);

    // Leaps that end between steps: the world goes to the last step at or before each, never beyond.
    const leaping = createWorld({ seed: 42, startMs: start });
    for (let time = start; time < end; time += 7 * 60_000 + 13_457) {
      leaping.advanceTo(time);
      expect(leaping.now()).toBe(Math.floor(time / WORLD_STEP_MS) * WORLD_STEP_MS);
    }
    leaping.advanceTo(end);

    expect(jumped.now()).toBe(end);
    expect(allSnapshots(jumped)).toEqual(allSnapshots(stepped));
    expect(allSnapshots(leaping)).toEqual(allSnapshots(stepped));
  });

  it('starts on the step at or before its start time and never moves backwards', () => {
    const world = createWorld({ seed: 5, startMs: start + 12_345 });
    expect(world.now()).toBe(start);
    const before = allSnapshots(world);
    world.advanceTo(start - HOUR_MS);
    world.advanceTo(start + WORLD_STEP_MS - 1);
    expect(world.now()).toBe(start);
    expect(allSnapshots(world)).toEqual(before);
  });
});

/** What the plausibility walk saw, so the test can show that each rule was actually put to work. */
interface Coverage {
  serverSnapshots: number;
  humansSeen: number;
  mapChanges: number;
  sameMapRestarts: number;
  counterResets: number;
  rejoinsOrMoves: number;
  defaultNameBots: number;
  flaggedBots: number;
  fullServers: number;
  /** A name worn by two people: listed twice on one server, or on two servers at once. */
  sharedNames: number;
}

/**
 * Checks one server's snapshot against its profile and, when the server was listed at the previous step,
 * against that snapshot. Violations are collected as text (an `expect` per player per step would make the
 * walk many times slower, and a list shows every broken rule at once).
 */
function checkServer(
  snapshot: ServerSnapshot,
  profile: WorldServerProfile | undefined,
  previous: ServerSnapshot | undefined,
  coverage: Coverage,
  fail: (message: string) => void,
): void {
  const where = `${snapshot.game} ${snapshot.ip}:${snapshot.port} ${snapshot.mapName}`;
  if (!profile) return fail(`${where}: no profile`);
  coverage.serverSnapshots += 1;
  const { game, players } = snapshot;
  const hasClock = game !== 'fh2';

  if (snapshot.name !== profile.name || snapshot.maxPlayers !== profile.maxPlayers) fail(`${where}: not its profile`);
  if (snapshot.hasPassword !== profile.hasPassword) fail(`${where}: password differs from profile`);
  if (snapshot.numPlayers !== players.length) fail(`${where}: numPlayers ${snapshot.numPlayers} ≠ ${players.length}`);
  if (players.length > snapshot.maxPlayers) fail(`${where}: ${players.length} players on ${snapshot.maxPlayers} slots`);
  if (players.length === snapshot.maxPlayers) coverage.fullServers += 1;

  // Rotations hold distinct map names (world-generation/map-rotations.ts drawRotation), so the name finds the layer.
  const rotationIndex = profile.rotation.findIndex((map) => map.name === snapshot.mapName);
  const map: MapDefinition | undefined = profile.rotation[rotationIndex];
  if (!map || map.gameType !== snapshot.gameType) return fail(`${where}: map not in the server's rotation`);
  if (snapshot.teams.map((team) => team.label).join('|') !== map.teams.join('|')) fail(`${where}: team labels`);

  const clock = snapshot.roundTimeRemain;
  if (!hasClock) {
    if (clock !== null) fail(`${where}: FH2 has no round clock, got ${clock}`);
  } else if (clock === null || clock < 0 || clock > map.timeLimitSeconds) {
    fail(`${where}: round time ${clock} outside [0, ${map.timeLimitSeconds}]`);
  }
  const hasTickets = hasClock && map.tickets > 0;
  const sides = [snapshot.tickets1, snapshot.tickets2];
  if (!hasTickets) {
    if (sides.some((tickets) => tickets !== null)) fail(`${where}: tickets on a mode without them`);
  } else {
    if (sides.some((tickets) => tickets === null || tickets < 0 || tickets > map.tickets)) {
      fail(`${where}: tickets ${sides.join('/')} outside [0, ${map.tickets}]`);
    }
    if (snapshot.teams.some((team, index) => team.tickets !== sides[index])) fail(`${where}: team tickets differ`);
  }

  const names = new Set(players.map((player) => player.name));
  // Names are not unique (world.ts NAMESAKE_SHARE): two people may wear one. Their stays cannot be told apart by
  // name, so the per-name checks below leave such names out.
  const listedTwice = namesListedTwice(players);
  const sharedNames = new Set([...listedTwice, ...namesListedTwice(previous?.players ?? [])]);
  coverage.sharedNames += listedTwice.size;
  let bots = 0;
  for (const player of players) {
    if (player.team !== 1 && player.team !== 2) fail(`${where}: ${player.name} on team ${player.team}`);
    if (player.teamLabel !== map.teams[player.team - 1]) fail(`${where}: ${player.name} team label`);
    if (player.isBot) {
      bots += 1;
      coverage.flaggedBots += 1;
      if (game !== 'fh2' || snapshot.gameType !== 'gpm_coop') fail(`${where}: flagged bot ${player.name}`);
      if (isDefaultBotName(player.name)) fail(`${where}: flagged bot with a default name ${player.name}`);
    } else if (isDefaultBotName(player.name)) {
      bots += 1;
      coverage.defaultNameBots += 1;
      if (game === 'fh2' || snapshot.gameType !== 'coop') fail(`${where}: default-name bot ${player.name}`);
    } else {
      coverage.humansSeen += 1;
      if (!(player.ping > 0 && player.ping < 1000)) fail(`${where}: human ${player.name} ping ${player.ping}`);
    }
  }
  // Co-op bots stay on their server for good; humans never take their place.
  if (bots !== profile.bots) fail(`${where}: ${bots} bots, profile says ${profile.bots}`);

  if (!previous) return;

  // A new round shows as another map, or (where the feed has a clock) as the clock wound back up.
  const mapChanged = previous.mapName !== snapshot.mapName || previous.gameType !== snapshot.gameType;
  const clockRose = hasClock && clock !== null && previous.roundTimeRemain !== null && clock > previous.roundTimeRemain;
  const roundChanged = mapChanged || clockRose;
  if (mapChanged) {
    coverage.mapChanges += 1;
    const previousIndex = profile.rotation.findIndex((candidate) => candidate.name === previous.mapName);
    // The next map of the rotation; the same map again only on a restart, which is not a map change.
    if (rotationIndex !== (previousIndex + 1) % profile.rotation.length) fail(`${where}: map out of rotation order`);
  } else if (clockRose) {
    coverage.sameMapRestarts += 1;
  }
  if (hasClock) {
    if (roundChanged) {
      if (clock !== map.timeLimitSeconds) fail(`${where}: new round starts with ${clock} s left`);
      if (hasTickets && sides.some((tickets) => tickets !== map.tickets)) fail(`${where}: new round tickets`);
    } else {
      if (clock !== (previous.roundTimeRemain ?? 0) - STEP_SECONDS) fail(`${where}: clock did not run one step`);
      const before = [previous.tickets1, previous.tickets2];
      if (hasTickets && sides.some((tickets, index) => (tickets ?? 0) > (before[index] ?? 0))) {
        fail(`${where}: tickets rose within a round (${before.join('/')} → ${sides.join('/')})`);
      }
    }
  }
  if (roundChanged) {
    // A round start zeroes everyone present, and nobody plays before the next step.
    if (!players.every(isZero)) fail(`${where}: counters not reset at a new round`);
    coverage.counterResets += previous.players.filter((player) => names.has(player.name)).length;
  } else {
    const before = new Map(previous.players.map((player) => [player.name, player]));
    for (const player of players) {
      const earlier = before.get(player.name);
      if (!earlier || sharedNames.has(player.name)) continue;
      // Within one stay in one round kills and deaths only grow, and a score drops at most by a team kill's
      // penalty (it can even come back to 0 in play: objectives +3, team kills −2). Any other fall must be
      // all three counters back at 0 together: a rejoin, or (FH2 has no clock to show it) a restart.
      const fell =
        player.kills < earlier.kills ||
        player.deaths < earlier.deaths ||
        player.score < earlier.score - TEAM_KILL_PENALTY;
      if (fell && isZero(player)) coverage.counterResets += 1;
      else if (fell) fail(`${where}: ${player.name} counters fell ${countersOf(earlier)} → ${countersOf(player)}`);
      // A rejoin may balance the player onto the other side; a stay never does.
      else if (player.team !== earlier.team) fail(`${where}: ${player.name} changed team within a stay`);
    }
  }
  for (const earlier of previous.players) if (!names.has(earlier.name)) coverage.rejoinsOrMoves += 1;
}

describe('world plausibility', () => {
  it('over two days, shows every server in a state a real server could report', () => {
    const start = Date.UTC(2026, 0, 7, 12, 0, 0);
    const world = createWorld({ seed: 11, startMs: start });
    const profiles = profilesByServer(world);
    const violations: string[] = [];
    const fail = (message: string) => {
      if (violations.length < 20) violations.push(`${new Date(world.now()).toISOString()} ${message}`);
    };
    const coverage: Coverage = {
      serverSnapshots: 0,
      humansSeen: 0,
      mapChanges: 0,
      sameMapRestarts: 0,
      counterResets: 0,
      rejoinsOrMoves: 0,
      defaultNameBots: 0,
      flaggedBots: 0,
      fullServers: 0,
      sharedNames: 0,
    };
    let previous = new Map<string, ServerSnapshot>();
    const steps = (2 * DAY_MS) / WORLD_STEP_MS;
    for (let step = 1; step <= steps; step += 1) {
      world.advanceTo(start + step * WORLD_STEP_MS);
      const current = new Map<string, ServerSnapshot>();
      const onServer = new Map<string, string>();
      for (const game of GAME_IDS) {
        for (const snapshot of world.snapshots(game)) {
          const key = serverKey(snapshot);
          if (snapshot.game !== game) fail(`${key}: listed under ${game}`);
          if (current.has(key)) fail(`${key}: listed twice`);
          current.set(key, snapshot);
          checkServer(snapshot, profiles.get(key), previous.get(key), coverage, fail);
          // A person is on one server at a time, whatever the game; a name on two at once is worn by two people.
          for (const human of humansOf(snapshot)) {
            if (onServer.has(human.name) && onServer.get(human.name) !== key) coverage.sharedNames += 1;
            onServer.set(human.name, key);
          }
        }
      }
      previous = current;
    }

    expect(violations).toEqual([]);
    // Each rule above had something to bite on: otherwise a quiet or frozen world would pass.
    expect(coverage.serverSnapshots).toBeGreaterThan(steps * 50);
    expect(coverage.humansSeen).toBeGreaterThan(steps * 50);
    expect(coverage.mapChanges).toBeGreaterThan(1000);
    expect(coverage.sameMapRestarts).toBeGreaterThan(10);
    expect(coverage.counterResets).toBeGreaterThan(100);
    expect(coverage.rejoinsOrMoves).toBeGreaterThan(1000);
    expect(coverage.defaultNameBots).toBeGreaterThan(0);
    expect(coverage.flaggedBots).toBeGreaterThan(0);
    expect(coverage.sharedNames).toBeGreaterThan(0);
    expect(coverage.fullServers).toBeGreaterThan(0);
  }, 30_000);
});

describe('world population', () => {
  it('follows the time of day of a mostly European crowd, and is busier at weekends', () => {
    // Monday 5 January 2026, 00:00 UTC, with half a day before it so that the crowd has built up.
    const monday = Date.UTC(2026, 0, 5, 0, 0, 0);
    const world = createWorld({ seed: 3, startMs: monday - 12 * HOUR_MS });
    const byHour = Array.from({ length: 24 }, () => ({ sum: 0, samples: 0 }));
    const byDay = Array.from({ length: 7 }, () => ({ sum: 0, samples: 0 }));
    // Every fifth step (2.5 min) is plenty for hourly averages, and keeps the week under two seconds.
    const sampleEvery = 5 * WORLD_STEP_MS;
    for (let time = monday; time < monday + 7 * DAY_MS; time += sampleEvery) {
      world.advanceTo(time);
      const humans = GAME_IDS.flatMap((game) => world.snapshots(game)).reduce(
        (sum, server) => sum + humansOf(server).length,
        0,
      );
      const date = new Date(time);
      for (const bucket of [byHour[date.getUTCHours()], byDay[date.getUTCDay()]]) {
        if (!bucket) continue;
        bucket.sum += humans;
        bucket.samples += 1;
      }
    }
    const average = (buckets: readonly { sum: number; samples: number }[]) =>
      buckets.reduce((sum, bucket) => sum + bucket.sum, 0) / buckets.reduce((sum, bucket) => sum + bucket.samples, 0);

    // Three quarters of the players live at UTC+1/+2: their evening is 19–22 UTC, their night 3–6 UTC.
    const evening = average(byHour.slice(19, 23));
    const night = average(byHour.slice(3, 7));
    expect(night).toBeGreaterThan(0);
    expect(evening).toBeGreaterThanOrEqual(1.8 * night);
    // Saturday and Sunday (UTC days 6 and 0) against Monday to Friday.
    const weekend = average([byDay[6], byDay[0]].filter((bucket) => bucket !== undefined));
    const weekdays = average(byDay.slice(1, 6));
    expect(weekend).toBeGreaterThanOrEqual(weekdays);
  }, 30_000);
});

describe('world → wire → normaliser', () => {
  it('gives back every snapshot of every game unchanged, with nothing skipped', () => {
    const world = createWorld({ seed: 19, startMs: FRIDAY_AFTERNOON });
    const profiles = profilesByServer(world);
    let players = 0;
    // Through the evening peak (full servers, bots, long names) and into the quiet night.
    for (const hours of [0, 2, 4, 6, 10, 14]) {
      world.advanceTo(FRIDAY_AFTERNOON + hours * HOUR_MS);
      for (const game of GAME_IDS) {
        for (const snapshot of world.snapshots(game)) {
          // Through JSON text, as the HTTP feed carries it.
          const wire: unknown = JSON.parse(JSON.stringify(toBflistEntry(snapshot, profiles.get(serverKey(snapshot)))));
          expect(normaliseServerEntry(game, wire)).toStrictEqual({ snapshot, skippedPlayers: 0 });
          players += snapshot.players.length;
        }
      }
    }
    expect(players).toBeGreaterThan(500);
  });
});
