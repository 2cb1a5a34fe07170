import type { ApiError } from '@frontline/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.ts';
import { addressKey, createRateLimit, type RateLimitSettings } from './rate-limit.ts';

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

describe('addressKey', () => {
  it('keeps IPv4 as it is and maps IPv4-mapped IPv6 to it, in either spelling', () => {
    expect(addressKey('192.0.2.10')).toBe('192.0.2.10');
    expect(addressKey('::ffff:192.0.2.10')).toBe('192.0.2.10');
    expect(addressKey('::FFFF:c000:20a')).toBe('192.0.2.10');
    expect(addressKey('0:0:0:0:0:ffff:192.0.2.10')).toBe('192.0.2.10');
  });

  it('reduces IPv6 to its /64, however it is spelled', () => {
    expect(addressKey('2001:db8:a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:0DB8:000a:000b::9')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.10')).toBe('64:ff9b:0:0::/64');
  });

  it('passes anything else through (it is only a key)', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
