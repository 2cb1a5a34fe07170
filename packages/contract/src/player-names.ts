/**
 * Display decoding of legacy player names (domain-facts §2, "Player name decoding").
 *
 * Russian-speaking players' names reach us as cp1251 bytes that the feed decoded as cp1252, so "Вертолетик"
 * arrives as "Âåðòîëåòèê". Names are stored exactly as received (they are identities); this undoes the mix-up
 * for display only, and only when the name looks overwhelmingly like such mojibake.
 */

/**
 * cp1252 for bytes 0x80–0x9F (0xA0–0xFF are U+00A0–U+00FF). The five bytes cp1252 leaves undefined (0x81,
 * 0x8D, 0x8F, 0x90, 0x9D) decode to the C1 control of the same value, as Windows and the WHATWG decoder do: in
 * cp1251 those bytes are Ѓ Ќ Џ ђ ќ, so a name holding them arrives with those controls and must map back.
 */
const CP1252_0X80_TO_0X9F = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d,
  0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x009d, 0x017e, 0x0178,
] as const;

// cp1251 for bytes 0x80–0xBF, one row of 16 per constant. 0x98, undefined in cp1251, decodes to U+0098 as in
// the WHATWG decoder.
const CP1251_0X80 = [
  0x0402, 0x0403, 0x201a, 0x0453, 0x201e, 0x2026, 0x2020, 0x2021, 0x20ac, 0x2030, 0x0409, 0x2039, 0x040a, 0x040c,
  0x040b, 0x040f,
] as const;
const CP1251_0X90 = [
  0x0452, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x0098, 0x2122, 0x0459, 0x203a, 0x045a, 0x045c,
  0x045b, 0x045f,
] as const;
const CP1251_0XA0 = [
  0x00a0, 0x040e, 0x045e, 0x0408, 0x00a4, 0x0490, 0x00a6, 0x00a7, 0x0401, 0x00a9, 0x0404, 0x00ab, 0x00ac, 0x00ad,
  0x00ae, 0x0407,
] as const;
const CP1251_0XB0 = [
  0x00b0, 0x00b1, 0x0406, 0x0456, 0x0491, 0x00b5, 0x00b6, 0x00b7, 0x0451, 0x2116, 0x0454, 0x00bb, 0x0458, 0x0405,
  0x0455, 0x0457,
] as const;

/** cp1251 for bytes 0x80–0xFF; 0xC0–0xFF are А–я in alphabetical order, U+0410–U+044F. */
const CP1251_0X80_TO_0XFF: readonly number[] = [
  ...CP1251_0X80,
  ...CP1251_0X90,
  ...CP1251_0XA0,
  ...CP1251_0XB0,
  ...Array.from({ length: 64 }, (_, i) => 0x0410 + i),
];

/** Code unit → cp1252 byte for the characters cp1252 places in 0x80–0x9F. */
const CP1252_BYTE_BY_CHAR = new Map<number, number>(CP1252_0X80_TO_0X9F.map((char, i) => [char, 0x80 + i]));

/** Decoded cp1251 text for every byte, so decoding is one lookup per byte. */
const CP1251_TEXT_BY_BYTE: readonly string[] = Array.from({ length: 256 }, (_, byte) =>
  String.fromCharCode(byte < 0x80 ? byte : CP1251_0X80_TO_0XFF[byte - 0x80]!),
);

/** The share of high letters (bytes 192–255) among the letters judged from which a name is taken for mojibake. */
const MOJIBAKE_THRESHOLD = 0.8;

/**
 * High letters a word needs to be judged when Latin-only words (clan tags) are left out: two, so that a lone
 * accented letter ("Pierre à Paris") or a lone decoration ("×_monk99×", × being byte 0xD7) never turns a Latin
 * name Cyrillic.
 */
const MIN_HIGH_LETTERS_PER_JUDGED_WORD = 2;

/**
 * The name to show for a raw feed name: re-decoded as cp1251 when it reads as cp1251 mojibake, unchanged
 * otherwise, including when the name holds a character cp1252 cannot encode (it then cannot be this mojibake).
 *
 * The rule of domain-facts §2: the name's cp1252 bytes hold at least 80 % high letters (bytes 192–255, Cyrillic
 * in cp1251) against Latin letters A–Z/a–z. That rule alone leaves a Cyrillic name behind a clan tag undecoded
 * ("=JG1=Êàòþøà" is 6 high letters against 2 Latin), although the tag's letters are plain ASCII, the same in both
 * code pages, and say nothing about the rest. So the ratio is also taken over the name's words that hold at least
 * two high letters (a word: a run of letters and other bytes 0x80–0xFF between ASCII digits, punctuation or
 * spaces), leaving out the words of Latin letters only. "Dylanÿ" stays as it is: its one word has 1 high letter
 * (and 5 Latin ones).
 */
export function decodePlayerNameForDisplay(raw: string): string {
  const bytes = encodeCp1252(raw);
  if (bytes === null) return raw;
  return readsAsCp1251Mojibake(bytes) ? decodeCp1251(bytes) : raw;
}

function readsAsCp1251Mojibake(bytes: Uint8Array): boolean {
  let latin = 0;
  let high = 0;
  // The same counts over the judged words; a word's counts join them when the word ends.
  let latinInJudgedWords = 0;
  let highInJudgedWords = 0;
  let wordLatin = 0;
  let wordHigh = 0;
  const endWord = () => {
    if (wordHigh >= MIN_HIGH_LETTERS_PER_JUDGED_WORD) {
      latinInJudgedWords += wordLatin;
      highInJudgedWords += wordHigh;
    }
    wordLatin = 0;
    wordHigh = 0;
  };
  for (const byte of bytes) {
    if (byte >= 192) {
      high++;
      wordHigh++;
    } else if (isAsciiLetter(byte)) {
      latin++;
      wordLatin++;
    } else if (byte < 0x80) {
      endWord();
    }
  }
  endWord();
  // No high letters at all (plain ASCII, digits, punctuation, empty): nothing says which code page is meant.
  if (high === 0) return false;
  if (high / (latin + high) >= MOJIBAKE_THRESHOLD) return true;
  return highInJudgedWords > 0 && highInJudgedWords / (latinInJudgedWords + highInJudgedWords) >= MOJIBAKE_THRESHOLD;
}

function isAsciiLetter(byte: number): boolean {
  return (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
}

/** cp1252 bytes of the text, or null when a character has no cp1252 byte. */
function encodeCp1252(text: string): Uint8Array | null {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80 || (unit >= 0xa0 && unit <= 0xff)) {
      bytes[i] = unit;
      continue;
    }
    const byte = CP1252_BYTE_BY_CHAR.get(unit);
    if (byte === undefined) return null;
    bytes[i] = byte;
  }
  return bytes;
}

/** cp1251 byte for every character cp1251 can encode, so encoding is one lookup per character. */
const CP1251_BYTE_BY_CHAR = new Map<string, number>(CP1251_TEXT_BY_BYTE.map((text, byte) => [text, byte]));

/**
 * The feed's mojibake made on purpose: the text's cp1251 bytes read as cp1252, the mix-up that
 * `decodePlayerNameForDisplay` undoes ("Вертолетик" → "Âåðòîëåòèê"). The emulator uses it to send Russian-speaking
 * players' names the way the real feed does. Throws for a character cp1251 has no byte for.
 */
export function encodeAsLegacyMojibake(text: string): string {
  let garbled = '';
  for (const char of text) {
    const byte = CP1251_BYTE_BY_CHAR.get(char);
    if (byte === undefined) throw new RangeError(`"${char}" has no cp1251 byte`);
    // Bytes 0x80–0x9F are where cp1252 differs from Latin-1; the rest read as the code point of the same value.
    garbled += String.fromCharCode(byte >= 0x80 && byte <= 0x9f ? CP1252_0X80_TO_0X9F[byte - 0x80]! : byte);
  }
  return garbled;
}

function decodeCp1251(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += CP1251_TEXT_BY_BYTE[byte]!;
  return text;
}
