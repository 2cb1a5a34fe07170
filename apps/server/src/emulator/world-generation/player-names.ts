import { encodeAsLegacyMojibake } from '@frontline/contract';
import { isDefaultBotName } from '../../domain/bots.ts';
import type { Random } from '../random.ts';
import { CLAN_TAGS } from '../world-data/clan-tags.ts';
import {
  ADJECTIVES,
  CYRILLIC_ADJECTIVES,
  CYRILLIC_CLAN_TAGS,
  CYRILLIC_COUNTRIES,
  CYRILLIC_FIRST_NAMES,
  CYRILLIC_NOUNS,
  DECORATIONS,
  FAVOURITE_NUMBERS,
  LEET,
  LOCAL_WORDS,
  NOUNS,
  NUMBER_TAILS_TO_AVOID,
  RANKS,
  SMALL_TAG_FORMATS,
  TAG_LETTERS,
} from '../world-data/player-name-words.ts';
import type { RegionDefinition } from '../world-types.ts';

/**
 * Names the emulated players by the grammar of the names people typed into these games: a word or two, a number,
 * a rank, a clan tag, a decoration, a local word; Cyrillic names arrive garbled as the feed delivers them. The
 * words come from world-data/player-name-words.ts; every choice is drawn from the `Random` passed in.
 */

/** The games cut player names at about 24 characters, so no longer name ever reaches the feed. */
const MAX_PLAYER_NAME_LENGTH = 24;

/** A number to hang on a name: a small one, a war year, a birth year, a favourite (1337), or three digits. */
function chooseNumber(random: Random): string {
  const roll = random.next();
  if (roll < 0.45) {
    let number = random.int(1, 99);
    while (NUMBER_TAILS_TO_AVOID.has(number)) number = random.int(1, 99);
    return String(number);
  }
  if (roll < 0.6) return String(random.int(1939, 1945));
  if (roll < 0.8) return String(random.int(1970, 2004));
  if (roll < 0.9) return random.pick(FAVOURITE_NUMBERS);
  return String(random.int(100, 999));
}

/** "Sniper" → "Sn1p3r": leet speak, keeping the first letter. */
function toLeet(word: string): string {
  return [...word]
    .map((char, index) => (index > 0 && LEET[char.toLowerCase()] ? LEET[char.toLowerCase()]! : char))
    .join('');
}

/** A name of the kind people typed into the game in 2003: a word or two, often a number, sometimes a rank. */
function composeNickname(random: Random, country: string, local: boolean): string {
  const locals = LOCAL_WORDS[country];
  const noun = local && locals ? random.pick(locals) : random.pick(NOUNS);
  const roll = random.next();
  if (roll < 0.24)
    return random.chance(0.55) ? `${noun}${random.pick(['', '_', '-', ''])}${chooseNumber(random)}` : noun;
  if (roll < 0.46) {
    const joiner = random.pick(['', '', '_', ' ', '-', '.']);
    const name = `${random.pick(ADJECTIVES)}${joiner}${noun}`;
    return random.chance(0.2) ? `${name}${chooseNumber(random)}` : name;
  }
  if (roll < 0.58) return `${random.pick(RANKS)}${random.pick(['.', '_', ' ', '', '.'])}${noun}`;
  if (roll < 0.7) return `${noun}${random.pick(['', '_', ''])}${random.pick(NOUNS)}`;
  if (roll < 0.77) return `${toLeet(noun)}${random.chance(0.4) ? chooseNumber(random) : ''}`;
  if (roll < 0.82) {
    const [before, after] = random.pick([
      ['xX', 'Xx'],
      ['Xx', 'xX'],
      ['x', 'x'],
      ['oO', 'Oo'],
    ] as const);
    return `${before}${noun}${after}`;
  }
  if (roll < 0.92) {
    const name = `${random.pick(['the', 'da', 'el', 'mr', ''])}${random.pick(['_', ''])}${noun}`.toLowerCase();
    return random.chance(0.4) ? `${name}${chooseNumber(random)}` : name;
  }
  return `${noun}${random.pick(['_', '-', ' '])}${country === 'GB' ? 'UK' : country}`;
}

/** Most tagged players wear a known clan's tag; the rest belong to the countless two-to-four-man clans. */
function chooseClanTag(random: Random): string {
  if (random.chance(0.7)) return random.pick(CLAN_TAGS);
  let core = '';
  const length = random.int(2, 4);
  for (let i = 0; i < length; i++) {
    const letter = TAG_LETTERS.charAt(random.int(0, TAG_LETTERS.length - 1));
    core += i > 0 && random.chance(0.3) ? letter.toLowerCase() : letter;
  }
  return random.pick(SMALL_TAG_FORMATS)(core);
}

/**
 * Share of the players from CYRILLIC_COUNTRIES whose name is Cyrillic (and so reaches the feed as
 * cp1251-as-cp1252 mojibake).
 */
const CYRILLIC_NAME_CHANCE = 0.4;

/** A Russian-, Ukrainian- or Belarusian-speaking player's name as typed (in Cyrillic), before the feed garbles it. */
function composeCyrillicName(random: Random): string {
  const roll = random.next();
  let name: string;
  if (roll < 0.45) name = random.pick(CYRILLIC_NOUNS);
  else if (roll < 0.7)
    name = `${random.pick(CYRILLIC_ADJECTIVES)}${random.pick(['', '_', ' '])}${random.pick(CYRILLIC_NOUNS)}`;
  else name = random.pick(CYRILLIC_FIRST_NAMES);
  const decoration = random.next();
  if (decoration < 0.3) name = `${name}${random.pick(['', '_'])}${chooseNumber(random)}`;
  else if (decoration < 0.4) name = random.pick(DECORATIONS.slice(0, 10))(name);
  // A Latin clan tag in front is common too; short names with one stay undecoded, as on the real sites.
  else if (decoration < 0.5) name = `${random.pick(CYRILLIC_CLAN_TAGS)}${name}`;
  return name;
}

function composePlayerName(random: Random, country: string): string {
  if (CYRILLIC_COUNTRIES.has(country) && random.chance(CYRILLIC_NAME_CHANCE)) {
    return encodeAsLegacyMojibake(composeCyrillicName(random));
  }
  const local = LOCAL_WORDS[country] !== undefined && random.chance(0.2);
  const roll = random.next();
  if (roll < 0.22) {
    const tag = chooseClanTag(random);
    const nickname = composeNickname(random, country, local);
    const separator = random.pick(['', '', '', '_', ' ', '.']);
    // A few wear the tag behind the name.
    return random.chance(0.1) ? `${nickname}${tag}` : `${tag}${separator}${nickname}`;
  }
  if (roll < 0.34) return random.pick(DECORATIONS)(composeNickname(random, country, local));
  return composeNickname(random, country, local);
}

function isAcceptablePlayerName(name: string): boolean {
  return (
    name.length >= 2 &&
    name.length <= MAX_PLAYER_NAME_LENGTH &&
    name === name.trim() &&
    !name.includes('  ') &&
    !isDefaultBotName(name)
  );
}

/**
 * A new player's name, unique within `taken` (and added to it): plain nicknames, clan tags, decorations,
 * local accented words and, for Russian-speaking countries, Cyrillic names garbled as the feed delivers them.
 * The country defaults to one drawn from the region.
 */
export function generatePlayerName(
  random: Random,
  region: RegionDefinition,
  taken: Set<string>,
  country?: string,
): string {
  const home = country ?? random.weightedPick(region.countries, (candidate) => candidate.weight).code;
  for (let attempt = 0; attempt < 30; attempt++) {
    const name = composePlayerName(random, home);
    if (isAcceptablePlayerName(name) && !taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  // The common names are all taken by now: a number sets this one apart, as it did for late joiners.
  for (;;) {
    const base = composeNickname(random, home, false)
      .slice(0, MAX_PLAYER_NAME_LENGTH - 4)
      .trim();
    const name = `${base}${random.int(1, 9999)}`;
    if (isAcceptablePlayerName(name) && !taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}
