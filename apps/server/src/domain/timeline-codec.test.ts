import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../emulator/random.ts';
import {
  decodePoll,
  decodeTimeline,
  encodePoll,
  encodeTimeline,
  type Timeline,
  type TimelinePlayerSample,
  type TimelinePoll,
} from './timeline-codec.ts';

// The format as timeline-codec.ts documents it: the first byte is the format version, 1; every time and value is
// an integer within ±2^50; a blob that cannot be read throws an error named TimelineDecodeError (a caller can tell
// corrupt bytes from a programming error, which throws TypeError or RangeError).
const FORMAT_VERSION = 1;
const MAX_VALUE = 2 ** 50;
const isDecodeError = (error: unknown) => error instanceof Error && error.name === 'TimelineDecodeError';

/** The name of the error `run` throws, or 'nothing thrown'. */
function thrownName(run: () => unknown): string {
  try {
    run();
    return 'nothing thrown';
  } catch (error) {
    return error instanceof Error ? error.name : typeof error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Helpers

function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function shuffle<T>(random: () => number, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const NAME_PIECES = [
  'Sgt',
  '[RU]',
  'Âåðòîëåòèê',
  'Dylanÿ',
  'Вертолётик',
  '李小龙',
  '🎖️',
  '💀',
  '\uFEFF',
  '\u0000',
  ' ',
  '_',
  'ñ',
  '€‚ƒ',
  'Ω',
  '𝔉',
  'x',
] as const;

function randomName(random: () => number): string {
  let name = '';
  const pieces = randomInt(random, 0, 4);
  for (let i = 0; i < pieces; i++) name += pick(random, NAME_PIECES);
  return name;
}

function randomValue(random: () => number): number {
  const roll = random();
  if (roll < 0.3) return 0;
  if (roll < 0.6) return randomInt(random, -20, 200);
  if (roll < 0.8) return randomInt(random, -50_000, 50_000);
  if (roll < 0.97) return randomInt(random, -(2 ** 31), 2 ** 31);
  return pick(random, [MAX_VALUE, -MAX_VALUE, 2 ** 31, -(2 ** 31), 2 ** 31 - 1]);
}

/** Random rosters: joins, leaves, rejoins, reorderings, repeats of the last poll, empty polls, wild values. */
function createRandomTimeline(random: () => number): Timeline {
  const names = Array.from({ length: randomInt(random, 0, 40) }, () => randomName(random));
  const polls: TimelinePoll[] = [];
  const pollCount = randomInt(random, 0, 12);
  let at = pick(random, [0, 1_700_000_000_000, randomInt(random, -1e12, 4e12)]);
  let previous: TimelinePlayerSample[] = [];
  for (let p = 0; p < pollCount; p++) {
    at += pick(random, [30_000, randomInt(random, 29_000, 31_000), 0, -randomInt(random, 1, 5000), 3_600_000]);
    let samples: TimelinePlayerSample[];
    const style = random();
    if (names.length === 0 || style < 0.1) {
      samples = [];
    } else if (style < 0.5 && previous.length > 0) {
      // Mostly the same roster: a few values move, someone may leave or join.
      samples = previous
        .filter(() => random() > 0.05)
        .map((sample) => ({
          ...sample,
          score: random() < 0.3 ? nudge(sample.score, randomInt(random, -2, 6)) : sample.score,
          kills: random() < 0.2 ? nudge(sample.kills, 1) : sample.kills,
          ping: nudge(sample.ping, randomInt(random, -5, 5)),
        }));
      if (random() < 0.3) samples.splice(randomInt(random, 0, samples.length), 0, createRandomSample(random, names));
    } else {
      samples = Array.from({ length: randomInt(random, 0, Math.min(names.length + 3, 40)) }, () =>
        createRandomSample(random, names),
      );
      if (random() < 0.5) shuffle(random, samples);
    }
    polls.push({ at, samples });
    previous = samples;
  }
  return { names, polls };
}

/** Moves a value, staying inside the codec's range when it starts at an extreme. */
function nudge(value: number, change: number): number {
  return Math.max(-MAX_VALUE, Math.min(MAX_VALUE, value + change));
}

function createRandomSample(random: () => number, names: string[]): TimelinePlayerSample {
  return {
    player: randomInt(random, 0, names.length - 1),
    score: randomValue(random),
    kills: randomValue(random),
    deaths: randomValue(random),
    ping: random() < 0.7 ? randomInt(random, 0, 999) : Math.abs(randomValue(random)),
    team: random() < 0.9 ? randomInt(random, 0, 3) : randomValue(random),
  };
}

/**
 * A plausible round: 32 players, polls ~30 s apart, scores growing slowly, ping jittering ±5 around each
 * player's own level, the odd death and team switch, two players leaving and two joining mid-round.
 */
function createRealisticTimeline(pollCount: number, seed = 1942): Timeline {
  const random = seededRandom(seed);
  const playerCount = 32;
  const names = Array.from({ length: playerCount + 2 }, (_, i) => (i % 5 === 0 ? `Âàñÿ${i}` : `[CLAN]Soldier${i}`));
  const state = Array.from({ length: playerCount + 2 }, (_, player) => ({
    player,
    score: 0,
    kills: 0,
    deaths: 0,
    basePing: randomInt(random, 30, 220),
    ping: 0,
    team: (player % 2) + 1,
  }));
  const roster = state.slice(0, playerCount);
  const polls: TimelinePoll[] = [];
  let at = Date.UTC(2026, 0, 17, 20, 0, 0) + 123;
  for (let p = 0; p < pollCount; p++) {
    at += randomInt(random, 29_500, 30_500);
    if (p === Math.floor(pollCount / 2)) {
      roster.splice(5, 1, state[playerCount]!);
      roster.splice(20, 1, state[playerCount + 1]!);
    }
    for (const player of roster) {
      if (random() < 0.2) {
        player.kills += 1;
        player.score += 2;
      }
      if (random() < 0.05) player.score += 1;
      if (random() < 0.15) {
        player.deaths += 1;
        if (random() < 0.1) player.score -= 2; // a teamkill
      }
      if (random() < 0.005) player.team = 3 - player.team;
      player.ping = player.basePing + randomInt(random, -5, 5);
    }
    polls.push({
      at,
      samples: roster.map(({ player, score, kills, deaths, ping, team }) => ({
        player,
        score,
        kills,
        deaths,
        ping,
        team,
      })),
    });
  }
  return { names, polls };
}

function countSamples(timeline: Timeline): number {
  return timeline.polls.reduce((total, poll) => total + poll.samples.length, 0);
}

/** Seals a hand-written body the way the codec does, to reach the checks that sit behind the checksum. */
function sealBlob(body: number[], kind: 'timeline' | 'poll'): Uint8Array {
  const seed = crc32(kind === 'timeline' ? 'frontline timeline' : 'frontline timeline poll');
  const bytes = new Uint8Array(body.length + 4);
  bytes.set(body);
  new DataView(bytes.buffer).setUint32(body.length, crc32(bytes.subarray(0, body.length), seed), true);
  return bytes;
}

function sample(player: number, values: Partial<TimelinePlayerSample> = {}): TimelinePlayerSample {
  return { player, score: 0, kills: 0, deaths: 0, ping: 0, team: 1, ...values };
}

// ---------------------------------------------------------------------------------------------------------

describe('timeline codec: round trip', () => {
  it('"must round-trip exactly": an empty timeline', () => {
    const timeline: Timeline = { names: [], polls: [] };
    expect(decodeTimeline(encodeTimeline(timeline))).toEqual(timeline);
  });

  it('"must round-trip exactly": names with no polls, and polls with no samples', () => {
    const timeline: Timeline = {
      names: ['a', ''],
      polls: [
        { at: 1_700_000_000_000, samples: [] },
        { at: 1_700_000_030_000, samples: [] },
      ],
    };
    expect(decodeTimeline(encodeTimeline(timeline))).toEqual(timeline);
  });

  it('"names can hold any Unicode, including legacy mojibake": names are kept byte for byte', () => {
    const names = ['Âåðòîëåòèê', 'Вертолётик', '李小龙', '🎖️Sgt.💀', '\uFEFFbom-first', 'nul\u0000inside', '', ' '];
    const timeline: Timeline = { names, polls: [{ at: 0, samples: names.map((_, i) => sample(i)) }] };
    expect(decodeTimeline(encodeTimeline(timeline))).toEqual(timeline);
  });

  it('"scores, kills, deaths can be negative": negative and large values up to ±2^50 round-trip', () => {
    const extremes = [-(2 ** 31), 2 ** 31, 2 ** 31 - 1, -1, MAX_VALUE, -MAX_VALUE];
    const timeline: Timeline = {
      names: ['x', 'y'],
      polls: extremes.map((value, i) => ({
        at: 1_700_000_000_000 + i * 30_000,
        samples: [
          sample(0, { score: value, kills: -value, deaths: value, ping: Math.abs(value), team: value }),
          sample(1, { score: -5, kills: -1, deaths: 3, ping: 999, team: 2 }),
        ],
      })),
    };
    expect(decodeTimeline(encodeTimeline(timeline))).toEqual(timeline);
  });

  it('"the at values must round-trip exactly in ms": odd milliseconds, equal and backward times, the epoch', () => {
    const times = [0, 1, 1_700_000_000_123, 1_700_000_030_999, 1_700_000_030_999, 1_700_000_000_001, -86_400_000];
    const timeline: Timeline = { names: [], polls: times.map((at) => ({ at, samples: [] })) };
    expect(decodeTimeline(encodeTimeline(timeline)).polls.map((poll) => poll.at)).toEqual(times);
  });

  it('"players joining/leaving": a player who leaves and rejoins is coded against their last sample', () => {
    const timeline: Timeline = {
      names: ['a', 'b', 'c'],
      polls: [
        { at: 0, samples: [sample(0, { score: 10 }), sample(1, { score: 20 }), sample(2, { score: 30 })] },
        { at: 30_000, samples: [sample(0, { score: 11 }), sample(2, { score: 30 })] },
        { at: 60_000, samples: [] },
        { at: 90_000, samples: [sample(2, { score: 31 }), sample(1, { score: 0 }), sample(0, { score: 11 })] },
      ],
    };
    expect(decodeTimeline(encodeTimeline(timeline))).toEqual(timeline);
  });

  it('keeps the order of samples in a poll, and a player listed twice in one poll', () => {
    const timeline: Timeline = {
      names: ['a', 'b', 'c'],
      polls: [
        { at: 0, samples: [sample(2), sample(0), sample(1)] },
        { at: 30_000, samples: [sample(1), sample(1, { score: 4 }), sample(2)] },
        { at: 60_000, samples: [sample(1), sample(2), sample(0), sample(1)] },
      ],
    };
    expect(decodeTimeline(encodeTimeline(timeline))).toEqual(timeline);
  });

  it('"must round-trip exactly": 500 seeded random timelines (negatives, up to 2^31 and beyond, empty polls, joins and leaves, Unicode names)', () => {
    const random = seededRandom(20260117);
    let sampleTotal = 0;
    for (let i = 0; i < 500; i++) {
      const timeline = createRandomTimeline(random);
      sampleTotal += countSamples(timeline);
      const bytes = encodeTimeline(timeline);
      expect(bytes[0]).toBe(FORMAT_VERSION);
      expect(decodeTimeline(bytes), `random timeline ${i}`).toEqual(timeline);
    }
    // Guard against a generator that quietly produces nothing worth testing.
    expect(sampleTotal).toBeGreaterThan(20_000);
  });

  it('is canonical: re-encoding a decoded timeline gives the same bytes', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 100; i++) {
      const bytes = encodeTimeline(createRandomTimeline(random));
      expect(encodeTimeline(decodeTimeline(bytes))).toEqual(bytes);
    }
  });

  it('returns a compact copy, not a view into a larger buffer', () => {
    const bytes = encodeTimeline(createRealisticTimeline(10));
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  });
});

describe('timeline codec: size', () => {
  it('"≤ 6 bytes per player-sample on a realistic timeline (32 players, 60 polls)" (asserted ≤ 8 for margin)', () => {
    const timeline = createRealisticTimeline(60);
    const samples = countSamples(timeline);
    expect(samples).toBe(32 * 60);
    const bytes = encodeTimeline(timeline);
    const perSample = bytes.length / samples;
    console.info(
      `timeline codec: ${bytes.length} bytes for ${samples} samples = ${perSample.toFixed(2)} bytes per player-sample`,
    );
    expect(perSample).toBeLessThanOrEqual(8);
    expect(perSample).toBeLessThanOrEqual(6);
  });

  it('"most values do not change between polls, so deltas are mostly 0": an unchanged sample in a steady roster costs one byte', () => {
    const names = Array.from({ length: 32 }, (_, i) => `p${i}`);
    const poll = (at: number): TimelinePoll => ({
      at,
      samples: names.map((_, i) => sample(i, { score: 40 + i, kills: 20, deaths: 7, ping: 80 + i, team: (i % 2) + 1 })),
    });
    const one = encodeTimeline({ names, polls: [poll(0)] });
    const two = encodeTimeline({ names, polls: [poll(0), poll(30_000)] });
    // The second poll: 3 bytes of time delta, 1 byte of count, 1 header byte per player.
    expect(two.length - one.length).toBe(3 + 1 + 32);
  });

  it('"player indexes delta-coded": a join or leave costs about one explicit index, not a roster', () => {
    const names = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const roster = (players: number[], at: number): TimelinePoll => ({ at, samples: players.map((p) => sample(p)) });
    const steady = encodeTimeline({ names, polls: [roster([0, 1, 2, 3, 4, 5], 0), roster([0, 1, 2, 3, 4, 5], 1)] });
    const leave = encodeTimeline({ names, polls: [roster([0, 1, 2, 3, 4, 5], 0), roster([0, 1, 3, 4, 5], 1)] });
    const join = encodeTimeline({ names, polls: [roster([0, 1, 2, 3, 4, 5], 0), roster([0, 1, 2, 9, 3, 4, 5], 1)] });
    // Leave: one sample fewer (−1 byte) but the next one is explicit (+1 byte).
    expect(leave.length).toBe(steady.length);
    // Join: one more sample (header, explicit index, team) and the roster resumes without extra cost.
    expect(join.length).toBe(steady.length + 3);
  });
});

describe('timeline codec: bad input', () => {
  it('"first byte = format version"', () => {
    expect(encodeTimeline({ names: [], polls: [] })[0]).toBe(FORMAT_VERSION);
    expect(encodePoll({ at: 0, samples: [] })[0]).toBe(FORMAT_VERSION);
  });

  it('"decoding an unknown version … throws a clear error"', () => {
    const bytes = encodeTimeline(createRealisticTimeline(3));
    bytes[0] = 2;
    expect(thrownName(() => decodeTimeline(bytes))).toBe('TimelineDecodeError');
    expect(() => decodeTimeline(bytes)).toThrow(/format version 2; this build reads version 1 only/);
    const poll = encodePoll({ at: 0, samples: [] });
    poll[0] = 0;
    expect(() => decodePoll(poll)).toThrow(/format version 0/);
  });

  it('"truncating any encoded buffer at any point throws" (realistic timeline, every cut)', () => {
    const bytes = encodeTimeline(createRealisticTimeline(20));
    for (let cut = 0; cut < bytes.length; cut++) {
      expect(
        thrownName(() => decodeTimeline(bytes.subarray(0, cut))),
        `cut at ${cut}`,
      ).toBe('TimelineDecodeError');
    }
  });

  // About 3 s alone; a machine busy with other work can take more than twice that.
  it(
    '"truncating any encoded buffer at any point throws" (500 seeded random timelines and polls, every cut)',
    { timeout: 30_000 },
    () => {
      const random = seededRandom(1942);
      // Counted by hand: half a million expect() calls would cost more than the decoding under test.
      const survivors: string[] = [];
      let cuts = 0;
      const tryCut = (label: string, decode: () => unknown): void => {
        cuts++;
        try {
          decode();
          survivors.push(label);
        } catch (error) {
          if (!isDecodeError(error)) survivors.push(`${label}: ${String(error)}`);
        }
      };
      const stackTraceLimit = Error.stackTraceLimit;
      Error.stackTraceLimit = 0; // half a million stack traces nobody reads
      try {
        for (let i = 0; i < 500; i++) {
          const timeline = createRandomTimeline(random);
          const bytes = encodeTimeline(timeline);
          for (let cut = 0; cut < bytes.length; cut++) {
            tryCut(`timeline ${i} cut at ${cut}`, () => decodeTimeline(bytes.subarray(0, cut)));
          }
          const poll = timeline.polls[0];
          if (poll === undefined) continue;
          const pollBytes = encodePoll(poll);
          for (let cut = 0; cut < pollBytes.length; cut++) {
            tryCut(`poll ${i} cut at ${cut}`, () => decodePoll(pollBytes.subarray(0, cut)));
          }
        }
      } finally {
        Error.stackTraceLimit = stackTraceLimit;
      }
      expect(survivors).toEqual([]);
      expect(cuts).toBeGreaterThan(50_000);
    },
  );

  it('"truncating … throws" even past the checksum: every prefix of a body, sealed afresh, is refused', () => {
    const random = seededRandom(5);
    const timelines = [createRealisticTimeline(6), ...Array.from({ length: 8 }, () => createRandomTimeline(random))];
    for (const timeline of timelines) {
      const body = [...encodeTimeline(timeline).subarray(0, -4)];
      for (let cut = 1; cut < body.length; cut++) {
        expect(thrownName(() => decodeTimeline(sealBlob(body.slice(0, cut), 'timeline')))).toBe('TimelineDecodeError');
      }
    }
    const pollBody = [...encodePoll(createRealisticTimeline(3).polls[2]!).subarray(0, -4)];
    for (let cut = 1; cut < pollBody.length; cut++) {
      expect(thrownName(() => decodePoll(sealBlob(pollBody.slice(0, cut), 'poll')))).toBe('TimelineDecodeError');
    }
  });

  it('"corrupt bytes throw, never garbage": every single-bit flip is caught', () => {
    const bytes = encodeTimeline(createRealisticTimeline(4));
    for (let bit = 0; bit < bytes.length * 8; bit++) {
      const corrupt = bytes.slice();
      const index = bit >> 3;
      corrupt[index] = corrupt[index]! ^ (1 << (bit & 7));
      expect(
        thrownName(() => decodeTimeline(corrupt)),
        `bit ${bit}`,
      ).toBe('TimelineDecodeError');
    }
  });

  it('"corrupt bytes throw": appended bytes and random overwrites are caught', () => {
    const random = seededRandom(99);
    const bytes = encodeTimeline(createRealisticTimeline(4));
    expect(thrownName(() => decodeTimeline(Uint8Array.of(...bytes, 0)))).toBe('TimelineDecodeError');
    for (let i = 0; i < 500; i++) {
      const corrupt = bytes.slice();
      const at = randomInt(random, 1, bytes.length - 1);
      corrupt[at] = (corrupt[at]! + randomInt(random, 1, 255)) & 0xff;
      expect(thrownName(() => decodeTimeline(corrupt))).toBe('TimelineDecodeError');
    }
  });

  it('refuses a poll blob as a timeline and a timeline blob as a poll', () => {
    const poll: TimelinePoll = { at: 1_700_000_000_000, samples: [sample(0)] };
    expect(() => decodeTimeline(encodePoll(poll))).toThrow(/not a timeline/);
    expect(() => decodePoll(encodeTimeline({ names: ['a'], polls: [poll] }))).toThrow(/not a timeline poll/);
  });

  it('rejects an empty buffer', () => {
    expect(() => decodeTimeline(new Uint8Array(0))).toThrow(/empty/);
    expect(() => decodePoll(new Uint8Array(0))).toThrow(/empty/);
  });

  it('rejects well-sealed bodies that break the format (the checks behind the checksum)', () => {
    const v = FORMAT_VERSION;
    // A valid minimal timeline: one name "a", one poll at 0 with one predicted sample of all zeros.
    expect(decodeTimeline(sealBlob([v, 1, 1, 0x61, 1, 0, 1, 0], 'timeline'))).toEqual({
      names: ['a'],
      polls: [{ at: 0, samples: [{ player: 0, score: 0, kills: 0, deaths: 0, ping: 0, team: 0 }] }],
    });
    const cases: [string, number[], RegExp][] = [
      ['unknown header bits', [v, 1, 1, 0x61, 1, 0, 1, 0x40], /unknown bits/],
      ['explicit index equal to the prediction', [v, 1, 1, 0x61, 1, 0, 1, 0x20, 0], /equals the predicted/],
      ['player index beyond the names', [v, 1, 1, 0x61, 1, 0, 1, 0x20, 5], /out of range/],
      ['predicted player beyond the names', [v, 0, 1, 0, 1, 0], /out of range/],
      ['changed bit with a zero change', [v, 1, 1, 0x61, 1, 0, 1, 0x01, 0], /zero change/],
      ['non-minimal varint', [v, 1, 1, 0x61, 1, 0, 1, 0x01, 0x82, 0x00], /minimally/],
      ['over-long varint', [v, 0, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0], /too long/],
      ['varint beyond 2^53', [v, 0, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0], /safe integer/],
      ['value out of range', [v, 0, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x07, 0], /out of range/],
      ['invalid UTF-8', [v, 1, 1, 0xff, 0], /not valid UTF-8/],
      ['count larger than the data', [v, 100, 0], /exceeds the data left/],
      ['trailing bytes', [v, 0, 0, 0], /trailing/],
      ['missing poll count', [v, 0], /unexpected end/],
    ];
    for (const [what, body, message] of cases) {
      expect(() => decodeTimeline(sealBlob(body, 'timeline')), what).toThrow(message);
    }
    expect(() => decodePoll(sealBlob([v, 0, 1, 0x20, 0], 'poll'))).toThrow(/equals the predicted/);
    expect(() => decodePoll(sealBlob([v, 0, 0, 9], 'poll'))).toThrow(/trailing/);
  });

  it('refuses to encode what it could not decode exactly', () => {
    const names = ['a'];
    const encodeSample = (values: Partial<TimelinePlayerSample>) => () =>
      encodeTimeline({ names, polls: [{ at: 0, samples: [sample(0, values)] }] });
    expect(encodeSample({ score: 1.5 })).toThrow(/score = 1.5 is not an integer/);
    expect(encodeSample({ ping: Number.NaN })).toThrow(/ping/);
    expect(encodeSample({ kills: MAX_VALUE + 1 })).toThrow(RangeError);
    expect(encodeSample({ deaths: Number.POSITIVE_INFINITY })).toThrow(RangeError);
    expect(encodeSample({ player: 1 })).toThrow(/not an index into 1 names/);
    expect(encodeSample({ player: -1 })).toThrow(RangeError);
    expect(() => encodeTimeline({ names, polls: [{ at: 0.5, samples: [] }] })).toThrow(/at = 0.5/);
    expect(() => encodeTimeline({ names: ['lone \uD800 surrogate'], polls: [] })).toThrow(/well-formed/);
    expect(() => encodePoll({ at: 0, samples: [sample(2 ** 31)] })).toThrow(/not a valid name index/);
    expect(() => encodePoll({ at: 0, samples: [sample(0, { team: 0.1 })] })).toThrow(/^sample 0 team = 0.1/);
  });
});

describe('poll codec', () => {
  it('"one poll encoded on its own, with names referenced by index": round-trips', () => {
    const poll: TimelinePoll = {
      at: 1_700_000_000_123,
      samples: [
        sample(3, { score: -4, kills: 2, deaths: 9, ping: 999, team: 2 }),
        sample(4, { score: 2 ** 31 }),
        sample(0, { ping: 0, team: 0 }),
        sample(0),
        sample(2 ** 31 - 1, { score: -MAX_VALUE }),
      ],
    };
    expect(decodePoll(encodePoll(poll))).toEqual(poll);
    expect(decodePoll(encodePoll({ at: 0, samples: [] }))).toEqual({ at: 0, samples: [] });
  });

  it('"must round-trip exactly": 500 seeded random polls', () => {
    const random = seededRandom(31337);
    for (let i = 0; i < 500; i++) {
      const names = Array.from({ length: randomInt(random, 1, 64) }, () => 'n');
      const poll: TimelinePoll = {
        at: randomInt(random, -1e12, 4e12),
        samples: Array.from({ length: randomInt(random, 0, 64) }, () => createRandomSample(random, names)),
      };
      if (random() < 0.5) poll.samples.sort((a, b) => a.player - b.player);
      expect(decodePoll(encodePoll(poll)), `random poll ${i}`).toEqual(poll);
    }
  });

  it('stays small enough for the open-round table: a 32-player poll in under 10 bytes per sample', () => {
    const poll = createRealisticTimeline(40).polls[39]!;
    expect(encodePoll(poll).length / poll.samples.length).toBeLessThan(10);
  });
});
