import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSharedJson } from './send-json.ts';

describe('sendSharedJson', () => {
  const app = Fastify();
  const big = { servers: Array.from({ length: 200 }, (_, index) => ({ name: `Server ${index}`, players: index })) };
  const small = { ok: true };

  beforeAll(async () => {
    app.get('/big', (request, reply) => sendSharedJson(request, reply, big));
    app.get('/small', (request, reply) => sendSharedJson(request, reply, small));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends brotli, gzip or plain JSON as the client accepts, always saying it varies by encoding', async () => {
    const brotli = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(big);

    const gzip = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(big);

    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.json()).toEqual(big);
  });

  it('sends the same bytes for the same answer object (encoded once)', async () => {
    const first = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br' } });
    const second = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br' } });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('does not compress small answers', async () => {
    const response = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(small);
  });
});
