import { describe, expect, it } from 'vitest';
import { AttemptLimiter, TokenBucketLimiter } from './attempt-limiter.ts';

/** A clock the test moves by hand. */
function manualClock(startMs = 1_000_000) {
  let now = startMs;
  return {
    clock: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const times = (count: number, run: () => number | undefined) => Array.from({ length: count }, run);

describe('AttemptLimiter (a sliding window: the sign-ins)', () => {
  it('allows `limit` attempts in the window, then says how long until the oldest leaves it', () => {
    const time = manualClock();
    const limiter = new AttemptLimiter({ limit: 3, windowMs: 60_000, clock: time.clock });
    expect(limiter.attempt('a')).toBeUndefined();
    time.advance(20_000);
    expect(times(2, () => limiter.attempt('a'))).toEqual([undefined, undefined]);
    expect(limiter.attempt('a')).toBe(40);
    time.advance(39_500);
    expect(limiter.attempt('a')).toBe(1);
    time.advance(500);
    expect(limiter.attempt('a')).toBeUndefined();
  });

  it('does not count refused attempts, and counts keys apart', () => {
    const time = manualClock();
    const limiter = new AttemptLimiter({ limit: 2, windowMs: 60_000, clock: time.clock });
    limiter.attempt('a');
    limiter.attempt('a');
    time.advance(1000);
    expect(times(100, () => limiter.attempt('a')).every((wait) => wait === 59)).toBe(true);
    expect(limiter.attempt('b')).toBeUndefined();
    time.advance(59_000);
    expect(limiter.attempt('a')).toBeUndefined();
  });

  it('forgets keys whose window has passed', () => {
    const time = manualClock();
    const limiter = new AttemptLimiter({ limit: 2, windowMs: 60_000, clock: time.clock });
    for (let key = 0; key < 1000; key += 1) limiter.attempt(`10.0.${key >> 8}.${key & 255}`);
    expect(limiter.size).toBe(1000);
    time.advance(60_001);
    limiter.attempt('late');
    expect(limiter.size).toBe(1);
  });
});

describe('AttemptLimiter with maxKeys (bounded memory)', () => {
  it('never remembers more than maxKeys, pushing out the key whose last attempt is oldest', () => {
    const time = manualClock();
    const limiter = new AttemptLimiter({ limit: 2, windowMs: 3_600_000, maxKeys: 100, clock: time.clock });
    limiter.attempt('kept');
    limiter.attempt('kept');
    for (let key = 0; key < 10_000; key += 1) {
      limiter.attempt(`key-${key}`);
      // The key under limit, attempted again now and then, is always among the recent ones.
      if (key % 50 === 0) expect(limiter.attempt('kept')).toBeGreaterThan(0);
      expect(limiter.size).toBeLessThanOrEqual(100);
    }
    expect(limiter.size).toBe(100);
    expect(limiter.attempt('kept')).toBeGreaterThan(0);
    // The stalest were forgotten: key-0 starts afresh.
    expect(limiter.attempt('key-0')).toBeUndefined();
  });
});

describe('TokenBucketLimiter (a burst, then a pace: the expensive reads)', () => {
  it('allows the burst at once, then one more per 60 / perMinute seconds', () => {
    const time = manualClock();
    const limiter = new TokenBucketLimiter({ perMinute: 60, burst: 5, clock: time.clock });
    expect(times(5, () => limiter.attempt('a'))).toEqual(Array(5).fill(undefined));
    expect(limiter.attempt('a')).toBe(1);
    time.advance(999);
    expect(limiter.attempt('a')).toBe(1);
    time.advance(1);
    expect(limiter.attempt('a')).toBeUndefined();
    expect(limiter.attempt('a')).toBe(1);
    // Over a minute after the burst: perMinute requests, no more.
    let allowed = 0;
    for (let second = 0; second < 60; second += 1) {
      time.advance(1000);
      allowed += times(10, () => limiter.attempt('a')).filter((wait) => wait === undefined).length;
    }
    expect(allowed).toBe(60);
  });

  it('says in whole seconds, at least 1, when the next token comes', () => {
    const time = manualClock();
    // 6 a minute: a token every 10 s.
    const limiter = new TokenBucketLimiter({ perMinute: 6, burst: 1, clock: time.clock });
    limiter.attempt('a');
    expect(limiter.attempt('a')).toBe(10);
    time.advance(2_500);
    expect(limiter.attempt('a')).toBe(8);
    time.advance(7_400);
    expect(limiter.attempt('a')).toBe(1);
    // 600 a minute: a token every 0.1 s, still "1" second at least (Retry-After has no fractions).
    const fast = new TokenBucketLimiter({ perMinute: 600, burst: 1, clock: time.clock });
    fast.attempt('a');
    expect(fast.attempt('a')).toBe(1);
  });

  it('does not count refused requests: hammering does not push the next token back', () => {
    const time = manualClock();
    const limiter = new TokenBucketLimiter({ perMinute: 60, burst: 2, clock: time.clock });
    limiter.attempt('a');
    limiter.attempt('a');
    for (let step = 0; step < 10; step += 1) {
      time.advance(99);
      expect(times(100, () => limiter.attempt('a')).every((wait) => wait === 1)).toBe(true);
    }
    time.advance(10);
    expect(limiter.attempt('a')).toBeUndefined();
  });

  it('counts keys apart and never holds more than the burst', () => {
    const time = manualClock();
    const limiter = new TokenBucketLimiter({ perMinute: 60, burst: 3, clock: time.clock });
    expect(times(4, () => limiter.attempt('a'))).toEqual([undefined, undefined, undefined, 1]);
    expect(limiter.attempt('b')).toBeUndefined();
    time.advance(3_600_000);
    expect(times(4, () => limiter.attempt('a'))).toEqual([undefined, undefined, undefined, 1]);
  });

  it('gives nothing back when the clock goes backwards', () => {
    const time = manualClock();
    const limiter = new TokenBucketLimiter({ perMinute: 60, burst: 1, clock: time.clock });
    limiter.attempt('a');
    time.advance(-30_000);
    expect(limiter.attempt('a')).toBe(1);
  });

  it('forgets buckets that have filled up again, and keeps those still being drained', () => {
    const time = manualClock();
    // Full again 30 s after the last request (30 tokens at one a second).
    const limiter = new TokenBucketLimiter({ perMinute: 60, burst: 30, clock: time.clock });
    for (let key = 0; key < 10_000; key += 1) limiter.attempt(`10.${key >> 16}.${(key >> 8) & 255}.${key & 255}`);
    time.advance(20_000);
    for (let request = 0; request < 30; request += 1) limiter.attempt('busy');
    expect(limiter.size).toBe(10_001);
    time.advance(10_001);
    limiter.attempt('newcomer');
    // The 10,000 are full again and forgotten (as good as new); the busy address is still 10 s short of full.
    expect(limiter.size).toBe(2);
    expect(limiter.attempt('busy')).toBeUndefined();
  });

  it('refuses settings that would limit nothing or everything', () => {
    const clock = () => 0;
    expect(() => new TokenBucketLimiter({ perMinute: 0, burst: 5, clock })).toThrow(RangeError);
    expect(() => new TokenBucketLimiter({ perMinute: 60, burst: 0, clock })).toThrow(RangeError);
  });
});
