import { crc32 } from 'node:zlib';

/**
 * Binary codec for a round's timeline: every poll's score, kills, deaths, ping and team per player.
 *
 * DESIGN.md asks for under 25 bytes of database per player-poll, all tables included. A timeline is stored
 * once per round, so the codec spends its effort where the volume is: the per-sample values. Between two
 * polls ~30 s apart most values do not move, so each sample is coded as the change against that player's
 * previous sample, with a one-byte header saying which fields changed; unchanged fields cost nothing.
 *
 * Timeline blob, version 1 (varint = unsigned LEB128, zigzag = signed value zigzag-mapped then varint):
 *
 *   u8       format version
 *   varint   name count; per name: varint UTF-8 byte length, then the bytes
 *   varint   poll count; per poll:
 *              zigzag   `at` minus the previous poll's `at` (0 before the first poll), in ms
 *              varint   sample count; per sample:
 *                u8       header: bit 0..4 = score, kills, deaths, ping, team changed; bit 5 = player explicit
 *                varint   player index (only with bit 5; otherwise the predicted player, see below)
 *                zigzag   for each changed field, in bit order: value minus the player's previous value
 *                         (all fields count as 0 before a player's first sample)
 *   u32 LE   CRC-32 of every byte before it, seeded per blob kind
 *
 * Player prediction: feeds list a roster in much the same order poll after poll, so the next sample's player is
 * predicted as the one that followed, in the previous poll, the latest player of this poll that was also in the
 * previous poll; when there is no such follower, it is the previous sample's player + 1 (or 0). A steady
 * roster costs no player bytes, and a join or leave costs about one explicit index.
 *
 * Poll blob (one open-round poll on its own, version 1): u8 version, zigzag `at`, varint sample count, samples
 * coded as above against zeros with the player predicted as previous sample's player + 1 (or 0), u32 CRC-32.
 *
 * Encodings are canonical (minimal varints, no "changed" bit for an unchanged field, no explicit index equal
 * to the prediction); the decoder rejects anything else, and checks the CRC before reading, so corrupt,
 * truncated or mixed-up bytes throw instead of decoding to plausible numbers.
 */

export interface TimelinePlayerSample {
  /** Index into the round's name list. */
  player: number;
  score: number;
  kills: number;
  deaths: number;
  ping: number;
  team: number;
}

export interface TimelinePoll {
  /** Poll time, unix ms (UTC). */
  at: number;
  samples: TimelinePlayerSample[];
}

export interface Timeline {
  names: string[];
  polls: TimelinePoll[];
}

const TIMELINE_CODEC_VERSION = 1;

/**
 * Largest magnitude of `at` and of every sample value. It keeps every delta and its zigzag form inside the
 * safe-integer range (|delta| ≤ 2^51, zigzag < 2^52), far beyond any score or time the games produce.
 */
const MAX_TIMELINE_VALUE = 2 ** 50;

/** Player indexes are kept in Int32Arrays while coding. */
const MAX_PLAYER_INDEX = 0x7fff_ffff;

/**
 * Thrown for bytes that are not a valid blob of the expected kind and version. Its name tells corrupt or foreign
 * data apart from a programming error (TypeError, RangeError) in a log line.
 */
class TimelineDecodeError extends Error {
  override name = 'TimelineDecodeError';
}

const FIELD_COUNT = 5;
const SCORE_CHANGED = 1 << 0;
const KILLS_CHANGED = 1 << 1;
const DEATHS_CHANGED = 1 << 2;
const PING_CHANGED = 1 << 3;
const TEAM_CHANGED = 1 << 4;
const PLAYER_EXPLICIT = 1 << 5;
const HEADER_BITS_IN_USE = 0b0011_1111;

const CHECKSUM_BYTES = 4;
/** Longest varint the format can hold: 8 × 7 bits covers every zigzag value below 2^53. */
const MAX_VARINT_BYTES = 8;

// Seeding the checksum per kind makes a poll blob fail as a timeline (and the reverse) instead of being read
// as one, at no cost in bytes.
const TIMELINE_CHECKSUM_SEED = crc32('frontline timeline');
const POLL_CHECKSUM_SEED = crc32('frontline timeline poll');

const utf8Encoder = new TextEncoder();
// ignoreBOM keeps a name that starts with U+FEFF intact; fatal turns invalid UTF-8 into an error.
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// ---------------------------------------------------------------------------------------------------------
// Encoding

export function encodeTimeline(timeline: Timeline): Uint8Array {
  const { names, polls } = timeline;
  const writer = new ByteWriter(estimateTimelineSize(timeline));
  writer.writeByte(TIMELINE_CODEC_VERSION);

  writer.writeVarint(names.length);
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (typeof name !== 'string' || !name.isWellFormed()) {
      // A lone surrogate cannot survive UTF-8; refusing it keeps the round-trip exact.
      throw new TypeError(`timeline name ${i} is not a well-formed Unicode string`);
    }
    writer.writeUtf8(name);
  }

  const predictor = new RosterPredictor(names.length);
  const previousValues = new Float64Array(names.length * FIELD_COUNT);
  writer.writeVarint(polls.length);
  let previousAt = 0;
  for (let p = 0; p < polls.length; p++) {
    const poll = polls[p]!;
    if (!isCodableValue(poll.at)) checkValue(poll.at, `poll ${p} at`);
    writer.writeSigned(poll.at - previousAt);
    previousAt = poll.at;

    const { samples } = poll;
    writer.writeVarint(samples.length);
    predictor.startPoll();
    for (let s = 0; s < samples.length; s++) {
      const sample = samples[s]!;
      const { player } = sample;
      if (!Number.isInteger(player) || player < 0 || player >= names.length) {
        throw new RangeError(`poll ${p} sample ${s}: player ${player} is not an index into ${names.length} names`);
      }
      checkSample(sample, p, s);
      writeSample(writer, sample, predictor.predictPlayer(), previousValues, player * FIELD_COUNT);
      predictor.recordPlayer(player);
    }
  }
  return writer.finish(TIMELINE_CHECKSUM_SEED);
}

export function encodePoll(poll: TimelinePoll): Uint8Array {
  const { samples } = poll;
  const writer = new ByteWriter(16 + samples.length * 12);
  writer.writeByte(TIMELINE_CODEC_VERSION);
  checkValue(poll.at, 'poll at');
  writer.writeSigned(poll.at);
  writer.writeVarint(samples.length);
  // A lone poll has no earlier samples: values are coded against zeros.
  const zeros = new Float64Array(FIELD_COUNT);
  let predicted = 0;
  for (let s = 0; s < samples.length; s++) {
    const sample = samples[s]!;
    const { player } = sample;
    if (!Number.isInteger(player) || player < 0 || player > MAX_PLAYER_INDEX) {
      throw new RangeError(`sample ${s}: player ${player} is not a valid name index`);
    }
    checkSample(sample, null, s);
    zeros.fill(0);
    writeSample(writer, sample, predicted, zeros, 0);
    predicted = player + 1;
  }
  return writer.finish(POLL_CHECKSUM_SEED);
}

function writeSample(
  writer: ByteWriter,
  sample: TimelinePlayerSample,
  predictedPlayer: number,
  previous: Float64Array,
  offset: number,
): void {
  const score = sample.score - previous[offset]!;
  const kills = sample.kills - previous[offset + 1]!;
  const deaths = sample.deaths - previous[offset + 2]!;
  const ping = sample.ping - previous[offset + 3]!;
  const team = sample.team - previous[offset + 4]!;
  const explicit = sample.player !== predictedPlayer;
  const header =
    (score !== 0 ? SCORE_CHANGED : 0) |
    (kills !== 0 ? KILLS_CHANGED : 0) |
    (deaths !== 0 ? DEATHS_CHANGED : 0) |
    (ping !== 0 ? PING_CHANGED : 0) |
    (team !== 0 ? TEAM_CHANGED : 0) |
    (explicit ? PLAYER_EXPLICIT : 0);
  writer.writeByte(header);
  if (explicit) writer.writeVarint(sample.player);
  if (score !== 0) writer.writeSigned(score);
  if (kills !== 0) writer.writeSigned(kills);
  if (deaths !== 0) writer.writeSigned(deaths);
  if (ping !== 0) writer.writeSigned(ping);
  if (team !== 0) writer.writeSigned(team);
  previous[offset] = sample.score;
  previous[offset + 1] = sample.kills;
  previous[offset + 2] = sample.deaths;
  previous[offset + 3] = sample.ping;
  previous[offset + 4] = sample.team;
}

/** `poll` is null for a lone poll, which has no position to report. */
function checkSample(sample: TimelinePlayerSample, poll: number | null, index: number): void {
  // Called for every sample: the message is only built when a value is refused.
  if (
    !isCodableValue(sample.score) ||
    !isCodableValue(sample.kills) ||
    !isCodableValue(sample.deaths) ||
    !isCodableValue(sample.ping) ||
    !isCodableValue(sample.team)
  ) {
    for (const field of ['score', 'kills', 'deaths', 'ping', 'team'] as const) {
      checkValue(sample[field], `${poll === null ? '' : `poll ${poll} `}sample ${index} ${field}`);
    }
  }
}

function checkValue(value: number, what: string): void {
  if (!isCodableValue(value)) throw new RangeError(`${what} = ${value} is not an integer within ±2^50`);
}

function isCodableValue(value: number): boolean {
  return Number.isInteger(value) && value <= MAX_TIMELINE_VALUE && value >= -MAX_TIMELINE_VALUE;
}

function estimateTimelineSize({ names, polls }: Timeline): number {
  let size = 16 + polls.length * 12;
  for (const name of names) size += 5 + name.length * 3;
  for (const poll of polls) size += poll.samples.length * 4;
  return size;
}

/** One growing buffer per encode, so no value allocates. */
class ByteWriter {
  bytes: Uint8Array;
  length = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(64, capacity));
  }

  writeByte(value: number): void {
    if (this.length === this.bytes.length) this.grow(1);
    this.bytes[this.length++] = value;
  }

  writeVarint(value: number): void {
    if (this.length + MAX_VARINT_BYTES > this.bytes.length) this.grow(MAX_VARINT_BYTES);
    const bytes = this.bytes;
    let rest = value;
    // Above 2^31 the bit operators would truncate, so the wide part is split off arithmetically.
    while (rest > 0x7fff_ffff) {
      bytes[this.length++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    while (rest > 0x7f) {
      bytes[this.length++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    bytes[this.length++] = rest;
  }

  writeSigned(value: number): void {
    this.writeVarint(value >= 0 ? value * 2 : -value * 2 - 1);
  }

  writeUtf8(text: string): void {
    const byteLength = measureUtf8(text);
    this.writeVarint(byteLength);
    if (this.length + byteLength > this.bytes.length) this.grow(byteLength);
    const { written } = utf8Encoder.encodeInto(text, this.bytes.subarray(this.length, this.length + byteLength));
    if (written !== byteLength) throw new Error(`UTF-8 length mismatch for a name (${written} ≠ ${byteLength})`);
    this.length += byteLength;
  }

  finish(checksumSeed: number): Uint8Array {
    const checksum = crc32(this.bytes.subarray(0, this.length), checksumSeed);
    if (this.length + CHECKSUM_BYTES > this.bytes.length) this.grow(CHECKSUM_BYTES);
    new DataView(this.bytes.buffer).setUint32(this.length, checksum, true);
    this.length += CHECKSUM_BYTES;
    return this.bytes.slice(0, this.length);
  }

  private grow(needed: number): void {
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + needed));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
}

/** UTF-8 length of a well-formed string, without encoding it. */
function measureUtf8(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) length += 1;
    else if (unit < 0x800) length += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      // A high surrogate starts a pair (the string is checked well-formed): 4 bytes for both units.
      length += 4;
      i++;
    } else length += 3;
  }
  return length;
}

// ---------------------------------------------------------------------------------------------------------
// Decoding

export function decodeTimeline(bytes: Uint8Array): Timeline {
  const reader = openBlob(bytes, TIMELINE_CHECKSUM_SEED, 'timeline');

  const nameCount = reader.readCount(1, 'name count');
  const names: string[] = [];
  for (let i = 0; i < nameCount; i++) names.push(reader.readUtf8());

  const pollCount = reader.readCount(2, 'poll count');
  const predictor = new RosterPredictor(nameCount);
  const previousValues = new Float64Array(nameCount * FIELD_COUNT);
  const polls: TimelinePoll[] = [];
  let previousAt = 0;
  for (let p = 0; p < pollCount; p++) {
    const at = reader.applyDelta(previousAt, 'poll time');
    previousAt = at;
    const sampleCount = reader.readCount(1, 'sample count');
    const samples: TimelinePlayerSample[] = [];
    predictor.startPoll();
    for (let s = 0; s < sampleCount; s++) {
      const sample = readSample(reader, predictor.predictPlayer(), nameCount, previousValues, true);
      predictor.recordPlayer(sample.player);
      samples.push(sample);
    }
    polls.push({ at, samples });
  }
  reader.expectEnd();
  return { names, polls };
}

export function decodePoll(bytes: Uint8Array): TimelinePoll {
  const reader = openBlob(bytes, POLL_CHECKSUM_SEED, 'timeline poll');
  const at = reader.applyDelta(0, 'poll time');
  const sampleCount = reader.readCount(1, 'sample count');
  const zeros = new Float64Array(FIELD_COUNT);
  const samples: TimelinePlayerSample[] = [];
  let predicted = 0;
  for (let s = 0; s < sampleCount; s++) {
    zeros.fill(0);
    const sample = readSample(reader, predicted, MAX_PLAYER_INDEX + 1, zeros, false);
    predicted = sample.player + 1;
    samples.push(sample);
  }
  reader.expectEnd();
  return { at, samples };
}

/** Checks version and checksum, and returns a reader over the body (after the version, before the CRC). */
function openBlob(bytes: Uint8Array, checksumSeed: number, kind: string): ByteReader {
  if (!(bytes instanceof Uint8Array)) throw new TypeError(`${kind} bytes must be a Uint8Array`);
  if (bytes.length === 0) throw new TimelineDecodeError(`${kind} blob is empty`);
  const version = bytes[0]!;
  if (version !== TIMELINE_CODEC_VERSION) {
    throw new TimelineDecodeError(
      `${kind} blob has format version ${version}; this build reads version ${TIMELINE_CODEC_VERSION} only`,
    );
  }
  const bodyEnd = bytes.length - CHECKSUM_BYTES;
  if (bodyEnd < 1) throw new TimelineDecodeError(`${kind} blob is truncated (${bytes.length} bytes)`);
  const stored = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(bodyEnd, true);
  if (crc32(bytes.subarray(0, bodyEnd), checksumSeed) !== stored) {
    throw new TimelineDecodeError(
      `${kind} blob fails its checksum: the bytes are truncated, corrupt, or not a ${kind}`,
    );
  }
  return new ByteReader(bytes.subarray(0, bodyEnd), 1, kind);
}

function readSample(
  reader: ByteReader,
  predictedPlayer: number,
  playerLimit: number,
  previous: Float64Array,
  rememberValues: boolean,
): TimelinePlayerSample {
  const header = reader.readByte();
  if ((header & ~HEADER_BITS_IN_USE) !== 0) reader.fail(`sample header 0x${header.toString(16)} has unknown bits`);

  let player = predictedPlayer;
  if ((header & PLAYER_EXPLICIT) !== 0) {
    player = reader.readVarint();
    if (player === predictedPlayer) reader.fail('explicit player index equals the predicted one');
  }
  if (player >= playerLimit) reader.fail(`player index ${player} is out of range`);

  const offset = rememberValues ? player * FIELD_COUNT : 0;
  const score = readField(reader, header, SCORE_CHANGED, previous[offset]!);
  const kills = readField(reader, header, KILLS_CHANGED, previous[offset + 1]!);
  const deaths = readField(reader, header, DEATHS_CHANGED, previous[offset + 2]!);
  const ping = readField(reader, header, PING_CHANGED, previous[offset + 3]!);
  const team = readField(reader, header, TEAM_CHANGED, previous[offset + 4]!);
  if (rememberValues) {
    previous[offset] = score;
    previous[offset + 1] = kills;
    previous[offset + 2] = deaths;
    previous[offset + 3] = ping;
    previous[offset + 4] = team;
  }
  return { player, score, kills, deaths, ping, team };
}

function readField(reader: ByteReader, header: number, bit: number, previous: number): number {
  if ((header & bit) === 0) return previous;
  const value = reader.applyDelta(previous, 'sample value');
  if (value === previous) reader.fail('a field marked as changed has a zero change');
  return value;
}

class ByteReader {
  bytes: Uint8Array;
  position: number;
  kind: string;

  constructor(bytes: Uint8Array, position: number, kind: string) {
    this.bytes = bytes;
    this.position = position;
    this.kind = kind;
  }

  fail(problem: string): never {
    throw new TimelineDecodeError(`${this.kind} blob is corrupt at byte ${this.position}: ${problem}`);
  }

  readByte(): number {
    const value = this.bytes[this.position];
    if (value === undefined) this.fail('unexpected end of data');
    this.position++;
    return value;
  }

  readVarint(): number {
    let byte = this.readByte();
    if (byte < 0x80) return byte;
    let value = byte & 0x7f;
    let scale = 0x80;
    for (let count = 2; ; count++) {
      byte = this.readByte();
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) {
        if (byte === 0) this.fail('varint is not minimally encoded');
        break;
      }
      if (count === MAX_VARINT_BYTES) this.fail('varint is too long');
      scale *= 0x80;
    }
    if (value > Number.MAX_SAFE_INTEGER) this.fail('varint exceeds the safe integer range');
    return value;
  }

  /** A count of items that each take at least `minBytesEach`: a count the rest cannot hold is corrupt. */
  readCount(minBytesEach: number, what: string): number {
    const count = this.readVarint();
    if (count * minBytesEach > this.bytes.length - this.position) this.fail(`${what} ${count} exceeds the data left`);
    return count;
  }

  /** Reads a zigzag delta and applies it, keeping the result inside the codec's value range. */
  applyDelta(base: number, what: string): number {
    const zigzag = this.readVarint();
    const delta = zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
    const value = base + delta;
    if (value > MAX_TIMELINE_VALUE || value < -MAX_TIMELINE_VALUE) this.fail(`${what} ${value} is out of range`);
    return value;
  }

  readUtf8(): string {
    const length = this.readCount(1, 'name length');
    const start = this.position;
    this.position += length;
    try {
      return utf8Decoder.decode(this.bytes.subarray(start, this.position));
    } catch {
      this.position = start;
      return this.fail('a name is not valid UTF-8');
    }
  }

  expectEnd(): void {
    const left = this.bytes.length - this.position;
    if (left !== 0) this.fail(`${left} unexpected trailing bytes`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Shared by encoder and decoder, so both sides predict the same player from the same history.

class RosterPredictor {
  /** Per player: the poll number (from 1) the player was last recorded in; -1 for never. */
  lastSeenPoll: Int32Array;
  /** Per player: position in the poll they were last recorded in. */
  positionInPoll: Int32Array;
  previousRoster = new Int32Array(64);
  previousLength = 0;
  currentRoster = new Int32Array(64);
  currentLength = 0;
  poll = 0;
  /** Position, in the previous roster, of this poll's latest player that was also in the previous poll. */
  anchor = -1;

  constructor(playerCount: number) {
    this.lastSeenPoll = new Int32Array(playerCount).fill(-1);
    this.positionInPoll = new Int32Array(playerCount);
  }

  startPoll(): void {
    const previous = this.previousRoster;
    this.previousRoster = this.currentRoster;
    this.previousLength = this.currentLength;
    this.currentRoster = previous;
    this.currentLength = 0;
    this.poll++;
    this.anchor = -1;
  }

  predictPlayer(): number {
    const follower = this.anchor + 1;
    if (follower < this.previousLength) return this.previousRoster[follower]!;
    return this.currentLength > 0 ? this.currentRoster[this.currentLength - 1]! + 1 : 0;
  }

  recordPlayer(player: number): void {
    if (this.lastSeenPoll[player] === this.poll - 1) this.anchor = this.positionInPoll[player]!;
    this.lastSeenPoll[player] = this.poll;
    this.positionInPoll[player] = this.currentLength;
    if (this.currentLength === this.currentRoster.length) {
      const grown = new Int32Array(this.currentRoster.length * 2);
      grown.set(this.currentRoster);
      this.currentRoster = grown;
    }
    this.currentRoster[this.currentLength++] = player;
  }
}
