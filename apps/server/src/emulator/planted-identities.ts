import type { GameId } from '@frontline/contract';
import type { Random } from './random.ts';

/**
 * What the world plants for similar players and alias detection (issue 19; docs/decisions/0005-emulator-and-demo.md,
 * "Planted aliases and look-alikes"), and what it tells tests and the bench about them: the feed never says that
 * two names are one person, the world does.
 *
 * - An alias pair is one person with two names: one skill, one home region (so the same pings), the same favourite
 *   servers, and never online under both at once, because it is one population entry. Each time the person comes
 *   online the new name is worn with a chance that rises from 0 to 1 over the pair's fade (`fadeStartMs`,
 *   `fadeDays`), so the old name fades out as the new one appears; a rejoin or a server switch keeps the name worn.
 * - A look-alike pair is two people of one game and region with the same favourite servers and nearly the same
 *   skill and activity: the strangers a similar-players search should find alike and alias detection should not
 *   take for one person (they play the same evenings, so they meet).
 *
 * Both are chosen from the population after it and its habits are drawn, from a stream of their own, and among
 * names worn by one person only; the simulation's own stream draws nothing more, so the world is the same
 * step after step as before, only some people's later sessions carry their second name.
 */

export interface PlantedAliasPair {
  /** The name worn first, then the one that replaces it. */
  names: readonly [oldName: string, newName: string];
  game: GameId;
  fadeStartMs: number;
  fadeDays: number;
}

export interface PlantedLookAlikePair {
  names: readonly [string, string];
  game: GameId;
}

export interface PlantedIdentities {
  aliasPairs: readonly PlantedAliasPair[];
  lookAlikePairs: readonly PlantedLookAlikePair[];
}

/**
 * When each pair's fade starts (days after the world's start) and how long it lasts: the first ones show both names
 * within a few days of history (tests), the slower ones take weeks (the 30-day demo); every one leaves days of play
 * under each name in the demo's 30 days.
 */
export const ALIAS_FADES: readonly { startDays: number; days: number }[] = [
  { startDays: 0.5, days: 8 },
  { startDays: 1, days: 8 },
  { startDays: 3, days: 10 },
  { startDays: 6, days: 18 },
];
export const LOOK_ALIKE_PAIRS = 4;
/**
 * Alias persons are among the most regular players (activity runs to 3), so that even a quick fade leaves hours
 * under each name, and have one favourite server, the one both names are seen on most.
 */
const MIN_ALIAS_ACTIVITY = 2.5;
const MIN_LOOK_ALIKE_ACTIVITY = 1;
const LOOK_ALIKE_SKILL_GAP = 0.05;

export interface PlantablePerson {
  name: string;
  region: string;
  game: GameId;
  skill: number;
  activity: number;
  favourites: readonly number[];
}

/** Names worn by exactly one person (namesakes share theirs): the only ones a planted pair may use. */
function uniquelyNamed<T extends PlantablePerson>(people: readonly T[]): T[] {
  const wearers = new Map<string, number>();
  for (const person of people) wearers.set(person.name, (wearers.get(person.name) ?? 0) + 1);
  return people.filter((person) => wearers.get(person.name) === 1);
}

/** The people who will wear a second name, in fade order. */
export function chooseAliasPersons<T extends PlantablePerson>(people: readonly T[], random: Random): T[] {
  const eligible = uniquelyNamed(people).filter(
    (person) => person.activity >= MIN_ALIAS_ACTIVITY && person.favourites.length === 1,
  );
  return random.shuffle([...eligible]).slice(0, ALIAS_FADES.length);
}

/** Look-alike strangers, in population order (no draws), among people not already planted. */
export function chooseLookAlikes<T extends PlantablePerson>(people: readonly T[], excluded: ReadonlySet<T>): [T, T][] {
  const pairs: [T, T][] = [];
  const used = new Set<T>(excluded);
  const eligible = uniquelyNamed(people).filter(
    (person) => !used.has(person) && person.activity >= MIN_LOOK_ALIKE_ACTIVITY,
  );
  const favouritesKey = (person: T) => [...person.favourites].sort((a, b) => a - b).join(',');
  for (const [index, person] of eligible.entries()) {
    if (pairs.length >= LOOK_ALIKE_PAIRS) break;
    if (used.has(person)) continue;
    const twin = eligible
      .slice(index + 1)
      .find(
        (other) =>
          !used.has(other) &&
          other.game === person.game &&
          other.region === person.region &&
          favouritesKey(other) === favouritesKey(person) &&
          Math.abs(other.skill - person.skill) <= LOOK_ALIKE_SKILL_GAP,
      );
    if (!twin) continue;
    used.add(person);
    used.add(twin);
    pairs.push([person, twin]);
  }
  return pairs;
}

/** The chance that the person comes online under the new name at `timeMs`: 0 before the fade, 1 after it. */
export function newNameChance(pair: Pick<PlantedAliasPair, 'fadeStartMs' | 'fadeDays'>, timeMs: number): number {
  const progress = (timeMs - pair.fadeStartMs) / (pair.fadeDays * 86_400_000);
  return Math.min(1, Math.max(0, progress));
}
