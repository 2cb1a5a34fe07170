import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler } from './contract-serializer.ts';
import { registerErrorHandler } from './errors.ts';
import { sendSharedJson } from './send-json.ts';

const serverSchema = z.object({ name: z.string(), players: z.number() });
const bigSchema = z.object({ servers: z.array(serverSchema) });
const smallSchema = z.object({ ok: z.boolean() });

describe('sendSharedJson', () => {
  const app = Fastify();
  const big = { servers: Array.from({ length: 200 }, (_, index) => ({ name: `Server ${index}`, players: index })) };
  const small = { ok: true };

  beforeAll(async () => {
    app.setSerializerCompiler(contractSerializerCompiler({ checkAnswers: false }));
    app.get('/big', { schema: { response: { 200: bigSchema } } }, (request, reply) =>
      sendSharedJson(request, reply, big),
    );
    app.get('/small', { schema: { response: { 200: smallSchema } } }, (request, reply) =>
      sendSharedJson(request, reply, small),
    );
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

describe('sendSharedJson writes through the route’s contract schema', () => {
  const answer = { servers: [{ name: 'Wake', players: 12, adminPassword: 'hunter2' }] };

  async function appWith(checkAnswers: boolean) {
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(contractSerializerCompiler({ checkAnswers }));
    registerErrorHandler(app);
    app.get('/shared', { schema: { response: { 200: bigSchema } } }, (request, reply) =>
      sendSharedJson(request, reply, answer),
    );
    app.get('/unschemed', (request, reply) => sendSharedJson(request, reply, answer));
    await app.ready();
    return app;
  }

  it('sends only the contract’s fields in production (no check, the compiled serializer)', async () => {
    const app = await appWith(false);
    const response = await app.inject('/shared');
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ servers: [{ name: 'Wake', players: 12 }] });
  });

  it('fails a shared answer that leaks a field outside production, naming it', async () => {
    const app = await appWith(true);
    const response = await app.inject('/shared');
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.json<{ message: string }>().message).toContain('servers[0].adminPassword');
    expect(response.body).not.toContain('hunter2');
  });

  it('refuses a shared answer on a route without a response schema (nothing to serialise it through)', async () => {
    const app = await appWith(false);
    const response = await app.inject('/unschemed');
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
  });
});
