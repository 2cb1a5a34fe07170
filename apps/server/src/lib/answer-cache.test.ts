import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

describe('AnswerCache', () => {
  it('reuses an answer for reuseMs, then computes it again', async () => {
    const cache = new AnswerCache<number>({ reuseMs: 1000, maxEntries: 10 });
    let computed = 0;
    const compute = () => Promise.resolve(++computed);
    expect(await cache.reuse('a', 0, compute)).toBe(1);
    expect(await cache.reuse('a', 999, compute)).toBe(1);
    expect(await cache.reuse('a', 1000, compute)).toBe(2);
    // A clock gone backwards is a miss, not a stale hit.
    expect(await cache.reuse('a', 500, compute)).toBe(3);
  });

  it('computes once for requests that arrive while the answer is being computed', async () => {
    const cache = new AnswerCache<string>({ reuseMs: 1000, maxEntries: 10 });
    let calls = 0;
    let release: (value: string) => void = () => {};
    const compute = () => {
      calls += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const burst = [cache.reuse('k', 0, compute), cache.reuse('k', 1, compute), cache.reuse('k', 2, compute)];
    release('answer');
    expect(await Promise.all(burst)).toEqual(['answer', 'answer', 'answer']);
    expect(calls).toBe(1);
  });

  it('does not keep undefined answers or failures, and forgets the oldest entry when full', async () => {
    const cache = new AnswerCache<string>({ reuseMs: 1000, maxEntries: 2 });
    let calls = 0;
    const missing = () => {
      calls += 1;
      return Promise.resolve(undefined);
    };
    await cache.reuse('x', 0, missing);
    await cache.reuse('x', 1, missing);
    expect(calls).toBe(2);
    await expect(cache.reuse('y', 0, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.reuse('y', 1, () => Promise.resolve('ok'))).toBe('ok');
    cache.set('a', 0, 'A');
    cache.set('b', 0, 'B');
    expect(cache.get('y', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe('A');
  });

  it('forgets the oldest answers while the kept ones weigh more than maxWeight, keeping the newest', () => {
    const cache = new AnswerCache<string>({
      reuseMs: 1000,
      maxEntries: 10,
      weigh: (answer) => answer.length,
      maxWeight: 10,
    });
    cache.set('a', 0, 'aaaa');
    cache.set('b', 0, 'bbbb');
    expect([cache.get('a', 1), cache.get('b', 1)]).toEqual(['aaaa', 'bbbb']);
    cache.set('c', 0, 'cccc');
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)]).toEqual([undefined, 'bbbb', 'cccc']);
    // Replacing an answer replaces its weight.
    cache.set('c', 0, 'c');
    cache.set('d', 0, 'ddddd');
    expect([cache.get('b', 1), cache.get('c', 1), cache.get('d', 1)]).toEqual(['bbbb', 'c', 'ddddd']);
    cache.set('huge', 0, 'x'.repeat(50));
    expect([cache.get('b', 1), cache.get('d', 1), cache.get('huge', 1)]).toEqual([
      undefined,
      undefined,
      'x'.repeat(50),
    ]);
  });

  it('clear() forgets every answer, and an answer computed from before it is returned but not kept', async () => {
    const cache = new AnswerCache<string>({ reuseMs: 1000, maxEntries: 10 });
    cache.set('a', 0, 'old');
    cache.clear();
    expect(cache.get('a', 1)).toBeUndefined();

    let release: (value: string) => void = () => {};
    const slow = cache.reuse('b', 0, () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    // A request after the change does not wait for the computation that began before it.
    const fresh = cache.reuse('b', 1, () => Promise.resolve('after'));
    release('before');
    expect(await slow).toBe('before');
    expect(await fresh).toBe('after');
    expect(cache.get('b', 2)).toBe('after');
  });
});
