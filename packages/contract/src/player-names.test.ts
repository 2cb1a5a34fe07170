import { describe, expect, it } from 'vitest';
import { decodePlayerNameForDisplay, encodeAsLegacyMojibake } from './player-names.ts';

/** Produces the feed's mojibake the way it arises: cp1251 bytes read as cp1252 (WHATWG decoders as reference). */
function garbleAsFeedDoes(name: string): string {
  const cp1251 = new TextDecoder('windows-1251');
  const byteByChar = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) byteByChar.set(cp1251.decode(Uint8Array.of(byte)), byte);
  const bytes = Uint8Array.from([...name], (char) => {
    const byte = byteByChar.get(char);
    if (byte === undefined) throw new Error(`${char} has no cp1251 byte`);
    return byte;
  });
  return new TextDecoder('windows-1252').decode(bytes);
}

describe('decodePlayerNameForDisplay', () => {
  it('"Âåðòîëåòèê" → "Вертолетик"', () => {
    expect(decodePlayerNameForDisplay('Âåðòîëåòèê')).toBe('Вертолетик');
  });

  it('"Dylanÿ" unchanged (1 high letter against 5 Latin ones is far below 0.8)', () => {
    expect(decodePlayerNameForDisplay('Dylanÿ')).toBe('Dylanÿ');
  });

  it('pure ASCII names are unchanged', () => {
    for (const name of ['Player', '[CLAN]Sgt.Pepper', 'x_1942', '   ', '!!!']) {
      expect(decodePlayerNameForDisplay(name)).toBe(name);
    }
  });

  it('the empty string is unchanged', () => {
    expect(decodePlayerNameForDisplay('')).toBe('');
  });

  it('"characters not representable in cp1252 → return the raw name unchanged" (a real Cyrillic letter, CJK, emoji)', () => {
    for (const name of ['Вася', 'Âàñÿ Вася', 'Âàñÿ李', 'Âàñÿ🎖️', 'Âàñÿ\u0080']) {
      expect(decodePlayerNameForDisplay(name)).toBe(name);
    }
  });

  it('"if high/(latin+high) ≥ 0.8 re-decode as cp1251": a clan tag with a long enough Cyrillic name is decoded', () => {
    // [RU] + Александр: 9 high letters, 2 Latin → 9/11 ≈ 0.82.
    expect(decodePlayerNameForDisplay('[RU]Àëåêñàíäð')).toBe('[RU]Александр');
  });

  it("a clan tag does not keep a Cyrillic name undecoded: the tag's Latin-only words are left out of the ratio", () => {
    // "=JG1=Êàòþøà" is 6 high letters against 2 Latin (0.75) over the whole name; the word "Êàòþøà" alone is 6/6.
    expect(decodePlayerNameForDisplay('=JG1=Êàòþøà')).toBe('=JG1=Катюша');
    expect(decodePlayerNameForDisplay('[RU]Âàñÿ')).toBe('[RU]Вася');
    // Names the emulator's generator makes (world-generation.ts, composeCyrillicName), as the feed sends them.
    expect(decodePlayerNameForDisplay('[RUS]Êîëÿí')).toBe('[RUS]Колян');
    expect(decodePlayerNameForDisplay('-=SPb=-Ïåòÿ')).toBe('-=SPb=-Петя');
    expect(decodePlayerNameForDisplay('{KGB}Áåëûé Êàòþøà')).toBe('{KGB}Белый Катюша');
    expect(decodePlayerNameForDisplay('=RU=Îð¸ë')).toBe('=RU=Орёл');
    expect(decodePlayerNameForDisplay('[MSK]Ïüÿíûé Ñ³ðêî')).toBe('[MSK]Пьяный Сірко');
    expect(decodePlayerNameForDisplay('x_Âàñÿ_x')).toBe('x_Вася_x');
  });

  it('every tag the generator puts before a Cyrillic name, with every length of name down to two letters', () => {
    const tags = ['[RUS]', '=RU=', '[UA]', '{KGB}', '-=SPb=-', '[MSK]', '=JG1=', 'RU|', '[RU] '];
    for (const tag of tags) {
      for (const name of ['Юг', 'Кот', 'Дед', 'Катюша', 'Ёжик', 'Сапёр', 'Злой Снайпер', 'Вертолетик_1942']) {
        expect(decodePlayerNameForDisplay(garbleAsFeedDoes(tag + name)), tag + name).toBe(tag + name);
      }
    }
  });

  it('Latin names with accented letters stay as they are, alone or with a tag or decoration', () => {
    const names = [
      'Dylanÿ',
      '[BFC]Dylanÿ',
      'Jääkäri',
      '=DoG=Häkä',
      'Mörkö',
      'Sjøbjørn',
      'Pierre à Paris',
      '[SAS] Zé',
      '×Zé×',
      '×Ørn×',
      '×_monk99×',
      '×Thunder1945×',
      '«Hans»',
      'Gégé_42',
    ];
    for (const name of names) expect(decodePlayerNameForDisplay(name), name).toBe(name);
  });

  it('a word needs two high letters to be judged: one letter beside a tag is not enough ("[RU]Я" stays as received)', () => {
    // [RU]Я: "ß" is the only high letter; the whole-name ratio (1 against 2 Latin) decides, and says no.
    expect(decodePlayerNameForDisplay('[RU]ß')).toBe('[RU]ß');
    // Without Latin letters the whole-name rule decides alone, as before: "À" is "А".
    expect(decodePlayerNameForDisplay('_À_')).toBe('_А_');
  });

  it('the ratio is inclusive at exactly 0.8 (4 high, 1 Latin)', () => {
    expect(decodePlayerNameForDisplay('XÂàñÿ')).toBe('XВася');
    // 4 high, 2 Latin: below.
    expect(decodePlayerNameForDisplay('XYÂàñÿ')).toBe('XYÂàñÿ');
  });

  it('only letters count: digits and symbols neither help nor hurt the ratio, and are kept', () => {
    expect(decodePlayerNameForDisplay('Ïåòÿ_1985!')).toBe('Петя_1985!');
    expect(decodePlayerNameForDisplay('1942')).toBe('1942');
    // No high letters at all: never re-decoded, even though « and ¹ would change under cp1251.
    expect(decodePlayerNameForDisplay('«¹»')).toBe('«¹»');
  });

  it('"bytes 192–255" are the high letters: 0xC0 is the lowest, 0xBF does not count', () => {
    // À is byte 0xC0 (А in cp1251): counted. ¿ is byte 0xBF (ї in cp1251): not a high letter.
    expect(decodePlayerNameForDisplay('À')).toBe('А');
    expect(decodePlayerNameForDisplay('¿')).toBe('¿');
  });

  it('decodes the cp1251 letters outside А–я that sit in 0x80–0xBF once the name qualifies (Ё, ё, Ў, Є, №, …)', () => {
    for (const name of ['Ёжик', 'Ёлка№1', 'Ўладзімір', 'Євгеній', 'Їжак', 'Ґрунт', 'Ђорђе', 'Љубав', 'Џон']) {
      expect(decodePlayerNameForDisplay(garbleAsFeedDoes(name)), name).toBe(name);
    }
  });

  it('maps cp1252 back to bytes and cp1251 to text exactly as the WHATWG windows-1252/1251 decoders do, for every byte', () => {
    const cp1252 = new TextDecoder('windows-1252');
    const cp1251 = new TextDecoder('windows-1251');
    for (let byte = 0xc0; byte <= 0xff; byte++) {
      // Four copies of one high byte: always over the threshold, so each byte's two mappings are checked alone.
      const raw = cp1252.decode(Uint8Array.of(byte, byte, byte, byte));
      expect(decodePlayerNameForDisplay(raw), `byte 0x${byte.toString(16)}`).toBe(
        cp1251.decode(Uint8Array.of(byte, byte, byte, byte)),
      );
    }
    for (let byte = 0x80; byte < 0xc0; byte++) {
      // A lower byte rides along with a qualifying letter: "ÀÀÀÀ" + byte must decode to "АААА" + its cp1251 char.
      const raw = cp1252.decode(Uint8Array.of(0xc0, 0xc0, 0xc0, 0xc0, byte));
      expect(decodePlayerNameForDisplay(raw), `byte 0x${byte.toString(16)}`).toBe(
        cp1251.decode(Uint8Array.of(0xc0, 0xc0, 0xc0, 0xc0, byte)),
      );
    }
  });

  it('round-trips every Russian name the feed could garble: decode(garble(name)) = name', () => {
    const names = ['Вертолетик', 'Снайпер', 'ДЕД', 'Щука', 'Ёж', 'Медведь', 'Сергей1984', 'Ъ'];
    for (const name of names) {
      expect(decodePlayerNameForDisplay(garbleAsFeedDoes(name)), name).toBe(name);
    }
  });
});

describe('encodeAsLegacyMojibake', () => {
  it('decodePlayerNameForDisplay(encodeAsLegacyMojibake("Вертолетик")) === "Вертолетик"', () => {
    expect(encodeAsLegacyMojibake('Вертолетик')).toBe('Âåðòîëåòèê');
    expect(decodePlayerNameForDisplay(encodeAsLegacyMojibake('Вертолетик'))).toBe('Вертолетик');
  });

  it('garbles exactly as the feed does (WHATWG windows-1251 bytes read as windows-1252), for every byte', () => {
    const cp1251 = new TextDecoder('windows-1251');
    const cp1252 = new TextDecoder('windows-1252');
    for (let byte = 0; byte < 256; byte++) {
      const text = cp1251.decode(Uint8Array.of(byte));
      expect(encodeAsLegacyMojibake(text), `byte 0x${byte.toString(16)}`).toBe(cp1252.decode(Uint8Array.of(byte)));
    }
  });

  it('round-trips names with digits, symbols and the letters outside А–я', () => {
    for (const name of ['Снайпер_1985', 'Ёжик', 'Сапёр', '^Медведь^', 'Т-34', 'Їжак№1', 'Ђорђе', 'ДЕД']) {
      expect(garbleAsFeedDoes(name), name).toBe(encodeAsLegacyMojibake(name));
      expect(decodePlayerNameForDisplay(encodeAsLegacyMojibake(name)), name).toBe(name);
    }
  });

  it('leaves ASCII as it is and refuses characters cp1251 cannot encode', () => {
    expect(encodeAsLegacyMojibake('[RU]Sasha_77')).toBe('[RU]Sasha_77');
    for (const text of ['Ä', 'ü', '李', '🎖️']) expect(() => encodeAsLegacyMojibake(text), text).toThrow(RangeError);
  });
});
