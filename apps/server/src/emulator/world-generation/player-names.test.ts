import { decodePlayerNameForDisplay } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { isDefaultBotName } from '../../domain/bots.ts';
import { Random } from '../random.ts';
import { CLAN_TAGS } from '../world-data/clan-tags.ts';
import { REGIONS } from '../world-data/regions.ts';
import { generatePlayerName } from './player-names.ts';

/** The games cut names at about 24 characters: no longer name can reach the feed. */
const LONGEST_PLAYER_NAME = 24;

function generateNames(seed: number, count: number): string[] {
  const random = new Random(seed).fork('population');
  const taken = new Set<string>();
  return Array.from({ length: count }, () =>
    generatePlayerName(
      random,
      random.weightedPick(REGIONS, (region) => region.playerShare),
      taken,
    ),
  );
}

/** Every character cp1252 can encode, i.e. every character a legacy game name can arrive with. */
const CP1252_CHARACTERS: ReadonlySet<string> = new Set(
  [...new TextDecoder('windows-1252').decode(Uint8Array.from({ length: 256 }, (_, byte) => byte))].filter(
    (char, byte) => byte >= 0x20 && byte !== 0x7f && (byte < 0x80 || byte > 0x9f || char.charCodeAt(0) > 0xff),
  ),
);

describe('generatePlayerName', () => {
  const names = generateNames(1942, 5000);

  it('is deterministic per seed', () => {
    expect(generateNames(1942, 500)).toEqual(names.slice(0, 500));
    expect(generateNames(1943, 500)).not.toEqual(names.slice(0, 500));
  });

  it('gives 5,000 unique names and records each in `taken`', () => {
    expect(new Set(names).size).toBe(5000);
    const taken = new Set<string>(['Rusty']);
    const random = new Random(1);
    const region = REGIONS[0]!;
    const name = generatePlayerName(random, region, taken);
    expect(taken.has(name)).toBe(true);
    expect(taken.size).toBe(2);
  });

  it('never gives a default bot name, a too long name, or surrounding spaces', () => {
    for (const name of names) {
      expect(isDefaultBotName(name), name).toBe(false);
      expect(name.length, name).toBeLessThanOrEqual(LONGEST_PLAYER_NAME);
      expect(name.length, name).toBeGreaterThanOrEqual(2);
      expect(name, name).toBe(name.trim());
    }
  });

  it('uses only characters a cp1252 game name can carry', () => {
    for (const name of names) {
      for (const char of name) expect(CP1252_CHARACTERS.has(char), `${name}: ${char}`).toBe(true);
    }
  });

  it('mixes plain names, clan tags, decorations and accented letters', () => {
    const tagged = names.filter(
      (name) => /^(\[|=|-=|\{|\||\(|\.:|~|<)/.test(name) || CLAN_TAGS.some((tag) => name.includes(tag)),
    );
    const decorated = names.filter((name) => /[\^*~|_†«»×•¤°]/.test(name));
    const accented = names.filter((name) => /[À-ÖØ-öø-ÿ]/.test(name) && decodePlayerNameForDisplay(name) === name);
    const withDigits = names.filter((name) => /[0-9]/.test(name));
    const plain = names.filter((name) => /^[A-Za-z]+$/.test(name));
    expect(tagged.length / names.length).toBeGreaterThan(0.12);
    expect(decorated.length / names.length).toBeGreaterThan(0.15);
    expect(accented.length).toBeGreaterThan(50);
    expect(withDigits.length / names.length).toBeGreaterThan(0.15);
    expect(plain.length / names.length).toBeGreaterThan(0.15);
    // Members of the same clans show up more than once.
    const clanMembers = CLAN_TAGS.map((tag) => names.filter((name) => name.includes(tag)).length);
    expect(Math.max(...clanMembers)).toBeGreaterThanOrEqual(5);
  });

  it('sends some Russian-speaking players as cp1251 mojibake that decodes to Cyrillic; other names decode unchanged', () => {
    const decoded = names.map((name) => ({ name, shown: decodePlayerNameForDisplay(name) }));
    const cyrillic = decoded.filter(({ name, shown }) => shown !== name);
    expect(cyrillic.length).toBeGreaterThan(50);
    expect(cyrillic.length / names.length).toBeLessThan(0.1);
    for (const { shown } of cyrillic) expect(shown, shown).toMatch(/[А-яЁёІіЇїЄєЎў]/);
    // Names that are not mojibake never look like it: accents and symbols stay as they are.
    const latin = decoded.filter(({ name }) => !/[À-ÿ¨¸³²º¿¡¢ª¯]{3}/.test(name));
    for (const { name, shown } of latin) expect(shown, name).toBe(name);
  });

  it('gives Cyrillic names only to players from Russian-speaking countries', () => {
    const random = new Random(5);
    const taken = new Set<string>();
    const region = REGIONS.find((candidate) => candidate.id === 'europe-north-east')!;
    const russians = Array.from({ length: 500 }, () => generatePlayerName(random, region, taken, 'RU'));
    const swedes = Array.from({ length: 500 }, () => generatePlayerName(random, region, taken, 'SE'));
    const isMojibake = (name: string): boolean => decodePlayerNameForDisplay(name) !== name;
    const russianShare = russians.filter(isMojibake).length / russians.length;
    expect(russianShare).toBeGreaterThan(0.2);
    expect(russianShare).toBeLessThan(0.5);
    expect(swedes.filter(isMojibake)).toEqual([]);
  });

  it('still finds a unique name when the common ones are taken', () => {
    const random = new Random(9);
    const taken = new Set<string>();
    const region = REGIONS[0]!;
    const many = Array.from({ length: 30_000 }, () => generatePlayerName(random, region, taken, 'DE'));
    expect(new Set(many).size).toBe(many.length);
    expect(many.every((name) => name.length <= LONGEST_PLAYER_NAME && !isDefaultBotName(name))).toBe(true);
  });
});
