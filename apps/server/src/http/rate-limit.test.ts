import type { ApiError } from '@frontline/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.ts';
import { createRateLimit, type RateLimitSettings } from './rate-limit.ts';

/** One limited route on a bare Fastify, with a clock the test moves by hand and a count of the handler's runs. */
async function limitedApp(settings: RateLimitSettings) {
  let now = 5_000_000;
  let handled = 0;
  const app = Fastify();
  registerErrorHandler(app);
  const rateLimit = createRateLimit('searches', settings, () => now);
  app.get('/search', { onRequest: rateLimit }, async () => {
    handled += 1;
    return { ok: true };
  });
  app.get('/cheap', async () => ({ ok: true }));
  return {
    app,
    get: (remoteAddress = '198.51.100.7', url = '/search') => app.inject({ method: 'GET', url, remoteAddress }),
    advance: (ms: number) => {
      now += ms;
    },
    handled: () => handled,
  };
}

let open: FastifyInstance | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function statuses(get: () => Promise<{ statusCode: number }>, count: number): Promise<number[]> {
  const answers: number[] = [];
  for (let index = 0; index < count; index += 1) answers.push((await get()).statusCode);
  return answers;
}

describe('createRateLimit', () => {
  it('answers 429 JSON with Retry-After in whole seconds once the burst is spent, without running the route', async () => {
    const limited = await limitedApp({ perMinute: 60, burst: 3 });
    open = limited.app;
    expect(await statuses(() => limited.get(), 3)).toEqual([200, 200, 200]);
    const refused = await limited.get();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json<ApiError>()).toEqual({
      error: 'too_many_requests',
      message: 'Too many searches from this address (at most 3 at once and 60 a minute). Try again in 1 s.',
    });
    expect(limited.handled()).toBe(3);
  });

  it('lets the next request through once Retry-After has passed, however many were refused meanwhile', async () => {
    const limited = await limitedApp({ perMinute: 2, burst: 1 });
    open = limited.app;
    expect((await limited.get()).statusCode).toBe(200);
    const first = await limited.get();
    expect(first.headers['retry-after']).toBe('30');
    limited.advance(10_000);
    const refusals = await statuses(() => limited.get(), 50);
    expect(refusals.every((status) => status === 429)).toBe(true);
    const later = await limited.get();
    expect(later.headers['retry-after']).toBe('20');
    limited.advance(20_000);
    expect((await limited.get()).statusCode).toBe(200);
    expect(limited.handled()).toBe(2);
  });

  it('counts each address apart: IPv4 alone, IPv4-mapped IPv6 as its IPv4, IPv6 by its /64', async () => {
    const limited = await limitedApp({ perMinute: 60, burst: 1 });
    open = limited.app;
    expect((await limited.get('203.0.113.1')).statusCode).toBe(200);
    expect((await limited.get('::ffff:203.0.113.1')).statusCode).toBe(429);
    expect((await limited.get('203.0.113.2')).statusCode).toBe(200);
    expect((await limited.get('2001:db8:1:2::1')).statusCode).toBe(200);
    expect((await limited.get('2001:db8:1:2:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect((await limited.get('2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('leaves routes without the hook alone', async () => {
    const limited = await limitedApp({ perMinute: 60, burst: 1 });
    open = limited.app;
    await statuses(() => limited.get(), 5);
    expect(new Set(await statuses(() => limited.get(undefined, '/cheap'), 100))).toEqual(new Set([200]));
  });

  it('limits nothing at 0 a minute', async () => {
    const limited = await limitedApp({ perMinute: 0, burst: 1 });
    open = limited.app;
    expect(new Set(await statuses(() => limited.get(), 500))).toEqual(new Set([200]));
  });
});
