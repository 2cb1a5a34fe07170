import fc from 'fast-check';
import { fillPath, type FuzzParameter, type FuzzRoute, type FuzzSchema } from './route-catalogue.ts';

/**
 * fast-check arbitraries of hostile requests for the API (issue 20 "Hostile input"): path and query values that are
 * huge, negative or fractional numbers, NaN and Infinity, exponent notation, repeated keys, empty, unicode of every
 * awkward kind, broken percent sequences, control characters, 10 kB strings, SQL-, path- and JSON-looking text; and
 * for the routes that take a body, bodies of the wrong type, deep, huge, not JSON, or sent as another content type.
 * Beside them come values the route accepts (names and ids from the served data, each parameter's edges), so that a
 * hostile value in one place reaches the code behind a valid one in another.
 */

/** Texts the served data knows, by parameter (or body field) name: a player's name, a round id… (decoded). */
export type KnownValues = Readonly<Record<string, readonly string[]>>;

export interface FuzzRequest {
  route: FuzzRoute;
  method: string;
  /** Path and query exactly as sent: percent-encoded, or deliberately broken. */
  url: string;
  /** Besides the ones below: a content type, a refresh cookie, a wrong `authorization`. */
  headers: Record<string, string>;
  body: string | undefined;
  /** Sign the request with a real user's access token (the runner has it; it replaces any `authorization`). */
  asUser: boolean;
  /** Send a real refresh cookie, of a sign-in of its own (a refresh rotates it, a logout ends it). */
  freshRefreshCookie: boolean;
  /** Send `Origin` as the server's own origin (the runner knows it), as the site's own pages do. */
  sameOrigin: boolean;
  /**
   * The texts the request carries, as the server reads them: each path value, query key and query value
   * percent-decoded (as sent when it does not decode), and the texts of a JSON body. An error must repeat none.
   */
  sentTexts: readonly string[];
}

// ── Texts (decoded), before they are put in a URL ──

const NUMBER_TEXTS = [
  '0',
  '-0',
  '-1',
  '-9007199254740993',
  '9007199254740993',
  '99999999999999999999999999',
  '1e308',
  '1e400',
  '-1e400',
  '1e3',
  '1E-7',
  '2.5',
  '0.0001',
  '.5',
  '5.',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b11',
  '0o17',
  '010',
  '+1',
  ' 1',
  '1 ',
  '1_000',
  '1,5',
  '١٢٣',
];

/** Times at the ends of what Date can hold, and ones that only look like times. */
const TIME_TEXTS = [
  '0000-01-01',
  '9999-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00Z',
  '2026-02-30',
  '2026-13-01',
  '2026-01-01T25:61:61Z',
  '2026-01-01T00:00:00+99:99',
  '2026-01-01T00:00:00.123456789Z',
  '2026-01-01T00:00:00-00:00',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '2026-W01',
  '1767225600000',
];

const INJECTION_TEXTS = [
  "' or 1=1 --",
  "' OR '1'='1",
  '"; drop table players; --',
  '1; select * from users --',
  "%' union select email, name from users --",
  '\\',
  "\\'",
  '%',
  '_',
  '%%',
  '*',
  '?',
  '[a-z]',
  '.*',
  '(?:a+)+$',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'a\r\nSet-Cookie: rt=stolen',
  '%s%s%s%n',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '....//....//etc/passwd',
  '.',
  '..',
  '~',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  '{"a":1}',
  '[1,2,3]',
  'null',
  'true',
  'undefined',
  '{"__proto__":{"polluted":true}}',
  '"quoted"',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
];

const UNICODE_TEXTS = [
  '𝕏𝔽𝟙𝟡𝟜𝟚',
  '😀👍🏽👨‍👩‍👧‍👦',
  '\u202Eevil\u202C',
  'שלום عليكم',
  'e\u0301\u0301\u0301\u0301',
  'Z̴̡̛̖͙̈́a̷̬͆l̸̰̈́g̶̱̓o̵̪͠',
  '\uFEFFbom',
  '\u200B\u200C\u200D',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0007\u001b[31m',
  '\t\n\r\v\f',
  '\u0085\u2028\u2029',
  '\uFFFD\uFFFF',
  '\uD800',
  'a\uDC00b',
  'Ǆǅǆ ß ﬃ İ',
  '[ALI]Kowalski',
  '   ',
];

const hostileNumberText = fc.oneof(
  fc.constantFrom(...NUMBER_TEXTS),
  fc.double().map(String),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
);

/** About 10 kB once in a URL (a few kB more would pass Node's 16 kB header limit, another layer's matter). */
const longText = fc.oneof(
  fc.constantFrom('a', 'Z', '0', '9', '%', ' ', "'").map((unit) => unit.repeat(10_000)),
  fc.constantFrom('é', 'ж', '中', '😀').map((unit) => unit.repeat(800)),
  // A short random text repeated: as long, but drawn and shrunk as cheaply as a short one.
  fc
    .tuple(fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme-ascii' }), fc.integer({ min: 100, max: 2_000 }))
    .map(([text, times]) => text.repeat(times).slice(0, 3_000)),
);

/** Hostile text of every kind, decoded (as the server should see it once the URL is decoded). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileNumberText, weight: 4 },
  { arbitrary: fc.constantFrom(...INJECTION_TEXTS), weight: 4 },
  { arbitrary: fc.constantFrom(...TIME_TEXTS), weight: 1 },
  { arbitrary: fc.constantFrom(...UNICODE_TEXTS), weight: 3 },
  { arbitrary: fc.constant(''), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 2 },
  { arbitrary: longText, weight: 1 },
);

// ── Into a URL ──

/** UTF-8 bytes of a code point; a lone surrogate gets the bytes it would have (WTF-8), which no decoder accepts. */
function utf8Bytes(codePoint: number): number[] {
  if (codePoint < 0x80) return [codePoint];
  if (codePoint < 0x800) return [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f)];
  if (codePoint < 0x10000) {
    return [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
  }
  return [
    0xf0 | (codePoint >> 18),
    0x80 | ((codePoint >> 12) & 0x3f),
    0x80 | ((codePoint >> 6) & 0x3f),
    0x80 | (codePoint & 0x3f),
  ];
}

/**
 * `encodeURIComponent`, except that a lone surrogate is encoded as its WTF-8 bytes instead of throwing: the URL
 * is then what a careless client would send, invalid UTF-8 included.
 */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const character of text) {
    if (/^[A-Za-z0-9\-_.~]$/.test(character)) {
      encoded += character;
      continue;
    }
    // Iterating a string yields whole code points, and a lone surrogate alone.
    for (const byte of utf8Bytes(character.codePointAt(0) ?? 0)) {
      encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return encoded;
}

/** URL-ready text that does not decode: broken, overlong or invalid percent sequences, and encoded traversals. */
const BROKEN_PERCENT = [
  '%',
  '%%',
  '%2',
  '%ZZ',
  '%E0%A4%A',
  '%E0%A4',
  '%C0%AF',
  '%C0%AE%C0%AE%C0%AF',
  '%FF%FE',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%u0041',
  'a%',
  '100%',
  '%00',
  '%0A%0D',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e',
  '%252e%252e%252f',
  '%5c..%5c..%5c',
  '%3Cscript%3E',
];

/** A value ready to go in a URL: hostile text encoded, or a broken percent sequence. */
export const hostileUrlValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileText.map(percentEncode), weight: 5 },
  { arbitrary: fc.constantFrom(...BROKEN_PERCENT), weight: 2 },
  {
    // Valid text around a broken sequence.
    arbitrary: fc
      .tuple(fc.constantFrom('Kowalski', 'bf1942', '1', ''), fc.constantFrom(...BROKEN_PERCENT))
      .map(([text, broken]) => `${text}${broken}`),
    weight: 1,
  },
);

// ── Values near the edges of what a parameter accepts ──

/** A schema's value (a default, an enum's member) as query text. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function mixedCase(text: string): string[] {
  return [text.toUpperCase(), text.toLowerCase(), ` ${text}`, `${text} `, `${text}${text}`];
}

/** Texts at and just past the edges of a parameter's schema: a bound ±1, an enum value in other letters… */
function edgeTexts(schema: FuzzSchema): string[] {
  const texts: string[] = [];
  const schemas = [schema, ...(schema.anyOf ?? []), ...(schema.items ? [schema.items] : [])];
  for (const part of schemas) {
    if (part.default !== undefined) texts.push(textOf(part.default));
    for (const value of part.enum ?? []) texts.push(textOf(value), ...mixedCase(textOf(value)));
    if (part.minimum !== undefined) texts.push(String(part.minimum), String(part.minimum - 1));
    if (part.maximum !== undefined) {
      texts.push(String(part.maximum), String(part.maximum + 1), `${part.maximum}.5`, `${part.maximum}0`);
    }
    if (part.type === 'integer') texts.push('1.5', '1e2', '-1', '0');
    if (part.maxLength !== undefined) {
      texts.push('a'.repeat(part.maxLength), 'a'.repeat(part.maxLength + 1), '😀'.repeat(part.maxLength));
    }
    if (part.minLength !== undefined && part.minLength > 0) texts.push('a'.repeat(part.minLength - 1));
  }
  return texts;
}

/** A value that matches a schema's pattern, when it has one. */
function patternValue(schema: FuzzSchema): fc.Arbitrary<string> | undefined {
  const pattern = schema.pattern ?? schema.anyOf?.find((part) => part.pattern)?.pattern;
  return pattern === undefined ? undefined : fc.stringMatching(new RegExp(pattern), { size: 'small' });
}

/**
 * Text the route should accept (decoded): a known name or id, an enum's value, a whole number in range, a match of
 * the pattern, the default. A parameter whose rule the schema does not show (`days` must be 1, 3, 7…) gets its
 * default or a known value.
 */
function acceptedText(name: string, schema: FuzzSchema, known: KnownValues): fc.Arbitrary<string> {
  const parts = [schema, ...(schema.anyOf ?? [])];
  const choices: fc.Arbitrary<string>[] = [];
  const knownTexts = known[name] ?? [];
  if (knownTexts.length > 0) choices.push(fc.constantFrom(...knownTexts));
  for (const part of parts) {
    if (part.enum && part.enum.length > 0) choices.push(fc.constantFrom(...part.enum.map(textOf)));
    if (part.type === 'integer') {
      const min = part.minimum ?? 0;
      choices.push(fc.integer({ min, max: Math.min(part.maximum ?? min + 100, min + 100) }).map(String));
    }
    if (part.default !== undefined) choices.push(fc.constant(textOf(part.default)));
  }
  const matching = patternValue(schema);
  if (matching) choices.push(matching);
  if (choices.length === 0) {
    // Nothing tells what the route accepts: a word, which a name or a search takes (see `knowsAccepted`).
    choices.push(
      fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 12 }),
    );
  }
  return fc.oneof(...choices);
}

/** Whether the schema or the served data tell a value the route accepts (else an optional one is better left out). */
function knowsAccepted(name: string, schema: FuzzSchema, known: KnownValues): boolean {
  return (
    (known[name] ?? []).length > 0 ||
    [schema, ...(schema.anyOf ?? [])].some(
      (part) => (part.enum?.length ?? 0) > 0 || part.type === 'integer' || part.default !== undefined || part.pattern,
    )
  );
}

/** A URL-ready value for one parameter: a hostile one, one at its edges, or (mostly, when not `hostile`) an accepted one. */
export function parameterValue(parameter: FuzzParameter, known: KnownValues, hostile: boolean): fc.Arbitrary<string> {
  const accepted = acceptedText(parameter.name, parameter.schema, known).map(percentEncode);
  if (!hostile) return accepted;
  const choices: fc.WeightedArbitrary<string>[] = [
    { arbitrary: hostileUrlValue, weight: 6 },
    { arbitrary: accepted, weight: 1 },
  ];
  const edges = edgeTexts(parameter.schema);
  if (edges.length > 0) choices.push({ arbitrary: fc.constantFrom(...edges).map(percentEncode), weight: 3 });
  return fc.oneof(...choices);
}

// ── The query ──

type QueryEntry = [key: string, value: string | undefined];

/** One key's place in the query: left out, once, or repeated (an array where the route expects one value). */
function queryEntries(parameter: FuzzParameter, known: KnownValues, hostile: boolean): fc.Arbitrary<QueryEntry[]> {
  const key = percentEncode(parameter.name);
  const value = parameterValue(parameter, known, hostile);
  const once = value.map((text): QueryEntry[] => [[key, text]]);
  if (!hostile) {
    if (parameter.required) return once;
    const omitted = fc.constant<QueryEntry[]>([]);
    return knowsAccepted(parameter.name, parameter.schema, known) ? fc.oneof(omitted, once) : omitted;
  }
  return fc.oneof(
    { arbitrary: fc.constant<QueryEntry[]>([]), weight: parameter.required ? 1 : 2 },
    { arbitrary: once, weight: 6 },
    {
      arbitrary: fc
        .array(value, { minLength: 2, maxLength: 4 })
        .map((texts) => texts.map((text): QueryEntry => [key, text])),
      weight: 2,
    },
    // Hundreds of times (a list filter's every value a query parameter of its own).
    {
      arbitrary: fc
        .tuple(fc.constantFrom(60, 300, 1_000), acceptedText(parameter.name, parameter.schema, known))
        .map(([count, text]) =>
          Array.from({ length: count }, (_, index): QueryEntry => [key, percentEncode(`${text}${index}`)]),
        ),
      weight: 1,
    },
    // `key` alone, and `key=`.
    { arbitrary: fc.constantFrom<QueryEntry[]>([[key, undefined]], [[key, '']]), weight: 1 },
    // The key in other letters, or with brackets, as some frameworks would read it.
    {
      arbitrary: fc
        .tuple(fc.constantFrom(key.toUpperCase(), `${key}[]`, `${key}[0]`, `${key}%00`, `%20${key}`), value)
        .map(([odd, text]): QueryEntry[] => [[odd, text]]),
      weight: 1,
    },
  );
}

/** Keys the route does not know. */
const strangeQueryEntry: fc.Arbitrary<QueryEntry> = fc.tuple(
  fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'a[b]', 'a.b', '', '%', '%ZZ', '==', '%26'),
    hostileText.map(percentEncode),
  ),
  fc.option(hostileUrlValue, { nil: undefined }),
);

function queryString(
  parameters: readonly FuzzParameter[],
  known: KnownValues,
  hostile: readonly boolean[],
): fc.Arbitrary<QueryEntry[]> {
  return fc
    .tuple(
      fc.tuple(...parameters.map((parameter, index) => queryEntries(parameter, known, hostile[index] ?? false))),
      fc.array(strangeQueryEntry, { maxLength: hostile.some(Boolean) ? 2 : 1 }),
    )
    .chain(([entries, strange]) => {
      const all = [...entries.flat(), ...strange];
      return fc.shuffledSubarray(all, { minLength: all.length });
    });
}

// ── The body ──

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/json; charset="latin1"',
  'application/vnd.api+json',
  'application/json, text/plain',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  '*/*',
  'garbage',
  'application/',
];

const NOT_JSON = [
  '',
  ' ',
  '{',
  '}',
  '{"a":}',
  "{'playerName':'x'}",
  '{"playerName":"x",}',
  '{"playerName":"x"',
  '{"playerName":"\\x41"}',
  '{"playerName":"\\u12"}',
  'NaN',
  'Infinity',
  'undefined',
  '\uFEFF{"playerName":"x"}',
  '\u0000',
  '{"playerName":"x"}{"playerName":"y"}',
  'playerName=x',
  '<xml/>',
];

/** A wrong-typed value for a field. */
const wrongTypedValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, true, false, null, [], {}, ['a'], { a: 'b' }),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A JSON object the route should accept: each required field (and some optional ones) an accepted text. */
function acceptedBody(schema: FuzzSchema, known: KnownValues): fc.Arbitrary<string> {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {});
  return fc
    .tuple(
      ...fields.map(([name, field]) => {
        const text = acceptedText(name, field, known);
        if (required.has(name)) return text;
        return knowsAccepted(name, field, known) ? fc.option(text, { nil: undefined }) : fc.constant(undefined);
      }),
    )
    .map((values) => {
      const object: Record<string, unknown> = {};
      fields.forEach(([name], index) => {
        if (values[index] !== undefined) object[name] = values[index];
      });
      return JSON.stringify(object);
    });
}

/** A JSON object shaped like the schema's, each field a known value, a hostile text, or the wrong type. */
function shapedBody(schema: FuzzSchema, known: KnownValues): fc.Arbitrary<string> {
  const fields = Object.entries(schema.properties ?? {});
  const fieldValue = (name: string, field: FuzzSchema): fc.Arbitrary<unknown> => {
    const edges = edgeTexts(field);
    return fc.oneof(
      { arbitrary: hostileText, weight: 5 },
      { arbitrary: acceptedText(name, field, known), weight: 2 },
      { arbitrary: edges.length > 0 ? fc.constantFrom(...edges) : fc.string(), weight: 2 },
      { arbitrary: wrongTypedValue, weight: 2 },
    );
  };
  return fc
    .tuple(
      fc.tuple(...fields.map(([name, field]) => fc.option(fieldValue(name, field), { freq: 6, nil: undefined }))),
      fc.dictionary(
        fc.constantFrom('extra', '__proto__', 'constructor', 'prototype', 'id', 'userId'),
        wrongTypedValue,
        {
          maxKeys: 2,
        },
      ),
    )
    .map(([values, extra]) => {
      const object: Record<string, unknown> = {};
      fields.forEach(([name], index) => {
        if (values[index] !== undefined) object[name] = values[index];
      });
      // Own keys named `__proto__` survive JSON.stringify, as they would in a hand-written body.
      for (const [name, value] of Object.entries(extra))
        Object.defineProperty(object, name, { value, enumerable: true });
      return JSON.stringify(object);
    });
}

/** Bodies no reasonable client sends, by the field they bury things in: built once, they take milliseconds each. */
const monstrousTexts = new Map<string, string[]>();

/** Bodies no reasonable client sends: very deep, very long, very wide, or with a field buried deep. */
function monstrousBody(schema: FuzzSchema | undefined): fc.Arbitrary<string> {
  const field = Object.keys(schema?.properties ?? { playerName: {} })[0] ?? 'playerName';
  let texts = monstrousTexts.get(field);
  if (texts === undefined) {
    const name = JSON.stringify(field);
    texts = [
      ...[100, 5_000, 100_000].map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
      ...[100, 5_000, 50_000].map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
      ...[1_000, 20_000].map((depth) => `{${name}:${'['.repeat(depth)}"x"${']'.repeat(depth)}}`),
      ...[10_000, 150_000].map((length) => `[${'0,'.repeat(length - 1)}0]`),
      ...[1_000, 100_000].map((length) => `{${name}:[${'"x",'.repeat(length - 1)}"x"]}`),
      // Around the body limits a server may have (16 kB, Fastify's default 1 MiB).
      ...[16_000, 16_400, 1_100_000].map((length) => `{${name}:"${'x'.repeat(length)}"}`),
      `{${Array.from({ length: 20_000 }, (_, index) => `"k${index}":${index}`).join(',')}}`,
    ];
    monstrousTexts.set(field, texts);
  }
  return fc.constantFrom(...texts);
}

export interface FuzzBody {
  /** Undefined: the header is left out. */
  contentType: string | undefined;
  body: string | undefined;
}

const NO_BODY: FuzzBody = { contentType: undefined, body: undefined };
const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];

/** A body for a route whose body has `schema` (or none): as the route expects it, unless `hostile`. */
export function requestBody(
  schema: FuzzSchema | undefined,
  known: KnownValues,
  hostile: boolean,
): fc.Arbitrary<FuzzBody> {
  if (!hostile) {
    return schema
      ? fc
          .tuple(fc.constantFrom(...JSON_TYPES), acceptedBody(schema, known))
          .map(([contentType, body]) => ({ contentType, body }))
      : fc.constant(NO_BODY);
  }
  const jsonBody = fc.oneof(
    { arbitrary: schema ? shapedBody(schema, known) : fc.constant('{}'), weight: 8 },
    { arbitrary: fc.constantFrom('1', '"playerName"', 'null', 'true', '[]', '[{}]', '{}'), weight: 2 },
    { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)), weight: 1 },
    { arbitrary: fc.constantFrom(...NOT_JSON), weight: 2 },
    { arbitrary: monstrousBody(schema), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: fc.record({ contentType: fc.constantFrom(...JSON_TYPES), body: jsonBody }), weight: 10 },
    // JSON under another content type, and other bodies under JSON's.
    { arbitrary: fc.record({ contentType: fc.constantFrom(...CONTENT_TYPES), body: jsonBody }), weight: 3 },
    { arbitrary: fc.record({ contentType: fc.constant(undefined), body: jsonBody }), weight: 1 },
    // No body at all, with and without a content type.
    {
      arbitrary: fc.record({ contentType: fc.constantFrom(undefined, ...JSON_TYPES), body: fc.constant(undefined) }),
      weight: 2,
    },
  );
}

// ── Whole requests ──

/** A path or query text as the server decodes it; one that does not decode is read (or refused) as it is. */
function decodedText(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** At most this many texts of a body: a monstrous one holds 100,000 of the same. */
const MAX_BODY_TEXTS = 100;

/** The strings of a JSON body, its keys included, the first MAX_BODY_TEXTS of them; none when it is not JSON. */
function bodyTexts(body: string | undefined): string[] {
  if (body === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const texts: string[] = [];
  const pending: unknown[] = [parsed];
  while (pending.length > 0 && texts.length < MAX_BODY_TEXTS) {
    const value = pending.pop();
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) pending.push(...(value as unknown[]).slice(0, MAX_BODY_TEXTS));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value).slice(0, MAX_BODY_TEXTS)) pending.push(key, item);
    }
  }
  return texts;
}

/** Printable ASCII only: a header value with a line break is refused by the client before it reaches the server. */
const headerText = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer  ',
    'bearer x',
    'Basic YWRtaW46YWRtaW4=',
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
    'Bearer a.b.c',
    'Bearer a.b',
    `Bearer ${'A'.repeat(9_000)}`,
    'Bearer null',
    'Bearer undefined',
    "Bearer ' or 1=1 --",
  ),
);

/** A refresh cookie's value: whatever text, as a cookie can carry it. */
const cookieValue = fc.oneof(hostileUrlValue, fc.string({ unit: 'grapheme-ascii', maxLength: 80 }).map(percentEncode));

/**
 * The refresh cookie goes only to the sign-in routes (its path is /stats/auth): a real one (a fresh sign-in's, as
 * the runner has it), a hostile one, or none. Elsewhere a browser sends none; a hostile client still might.
 */
/** Stands for a real refresh cookie, which the runner makes. */
const REAL_COOKIE = { real: true } as const;

function refreshCookie(route: FuzzRoute): fc.Arbitrary<string | typeof REAL_COOKIE | undefined> {
  if (!route.path.toLowerCase().includes('/auth/')) return fc.option(cookieValue, { freq: 8, nil: undefined });
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 3 },
    { arbitrary: cookieValue, weight: 2 },
    { arbitrary: fc.constant(REAL_COOKIE), weight: route.method === 'POST' ? 2 : 1 },
  );
}

/**
 * Which of the request's places (each parameter, then the body) get hostile values: none (a request the route
 * should answer), one (the others valid, so the route's code runs up to it), or any.
 */
function hostilePlaces(count: number): fc.Arbitrary<boolean[]> {
  const none = fc.constant(Array.from({ length: count }, () => false));
  if (count === 0) return none;
  return fc.oneof(
    { arbitrary: none, weight: 2 },
    { arbitrary: fc.nat(count - 1).map((at) => Array.from({ length: count }, (_, index) => index === at)), weight: 4 },
    { arbitrary: fc.array(fc.boolean(), { minLength: count, maxLength: count }), weight: 3 },
  );
}

/** A hostile request for `route`: its path, query, body and headers drawn together. */
export function hostileRequest(route: FuzzRoute, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const pathParameters = route.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = route.parameters.filter((parameter) => parameter.in === 'query');
  const takesBody = route.method !== 'GET' && route.method !== 'HEAD';
  const places = pathParameters.length + queryParameters.length + (takesBody ? 1 : 0);
  return hostilePlaces(places)
    .chain((hostile) =>
      fc.record({
        pathValues: fc.tuple(
          ...pathParameters.map((parameter, index) => parameterValue(parameter, known, hostile[index] ?? false)),
        ),
        query: queryString(queryParameters, known, hostile.slice(pathParameters.length)),
        body: takesBody ? requestBody(route.body, known, hostile[places - 1] ?? false) : fc.constant(NO_BODY),
        // Signed-in routes are mostly sent signed in, so their code runs beyond the 401.
        auth: fc.oneof(
          { arbitrary: fc.constant<'user' | 'none'>('user'), weight: route.signedIn ? 8 : 1 },
          { arbitrary: fc.constant<'user' | 'none'>('none'), weight: 2 },
          { arbitrary: headerText, weight: 2 },
        ),
        sameOrigin: fc.boolean(),
        cookie: refreshCookie(route),
        pathShape: fc.oneof(
          { arbitrary: fc.constant((path: string) => path), weight: 12 },
          {
            arbitrary: fc.constantFrom(
              (path: string) => path.toUpperCase(),
              (path: string) => `${path}/`,
              (path: string) => path.replace('/stats/', '/stats//'),
              (path: string) => path.replace('/stats/', '/stats/./'),
              (path: string) => `${path}%00`,
              (path: string) => `${path};jsessionid=1`,
            ),
            weight: 1,
          },
        ),
      }),
    )
    .map(({ pathValues, query, body, auth, sameOrigin, cookie, pathShape }) => {
      const path = pathShape(
        fillPath(
          route.path,
          Object.fromEntries(pathParameters.map((parameter, index) => [parameter.name, pathValues[index] ?? ''])),
        ),
      );
      const search = query.map(([key, value]) => (value === undefined ? key : `${key}=${value}`)).join('&');
      const headers: Record<string, string> = {};
      if (body.contentType !== undefined) headers['content-type'] = body.contentType;
      if (auth !== 'user' && auth !== 'none') headers.authorization = auth;
      if (typeof cookie === 'string') headers.cookie = `rt=${cookie}`;
      const request: FuzzRequest = {
        route,
        method: route.method,
        url: search === '' ? path : `${path}?${search}`,
        headers,
        body: body.body,
        asUser: auth === 'user',
        freshRefreshCookie: cookie === REAL_COOKIE,
        sameOrigin,
        sentTexts: [
          ...pathValues.map(decodedText),
          ...query.flatMap(([key, value]) => [key, ...(value === undefined ? [] : [value])]).map(decodedText),
          ...bodyTexts(body.body),
        ],
      };
      // fast-check prints a failing request this way, not as the whole route object.
      return Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request) });
    });
}

/** The request in a line, for a failure message (long parts shortened). */
export function describeRequest(request: FuzzRequest): string {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text);
  const parts = [`${request.method} ${cut(request.url)}`];
  if (Object.keys(request.headers).length > 0) parts.push(`headers ${cut(JSON.stringify(request.headers))}`);
  if (request.asUser) parts.push('signed in');
  if (request.freshRefreshCookie) parts.push('a real refresh cookie');
  if (request.sameOrigin) parts.push('same origin');
  if (request.body !== undefined) parts.push(`body ${cut(JSON.stringify(request.body))}`);
  return parts.join(', ');
}

/**
 * The request's headers as sent: a real user's bearer token and refresh cookie when it asks for them, the server's
 * own origin.
 */
export function headersOf(
  request: FuzzRequest,
  {
    accessToken,
    refreshToken,
    origin,
  }: { accessToken: string | undefined; refreshToken: string | undefined; origin: string },
): Record<string, string> {
  const headers = { ...request.headers };
  if (request.asUser && accessToken !== undefined) headers.authorization = `Bearer ${accessToken}`;
  if (request.freshRefreshCookie && refreshToken !== undefined) headers.cookie = `rt=${refreshToken}`;
  if (request.sameOrigin) headers.origin = origin;
  return headers;
}
