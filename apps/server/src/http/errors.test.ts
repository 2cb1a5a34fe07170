import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test/test-app.ts';

describe('one error format for every failure', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
    // A route like the ones later features add, to drive the shared validation and error handling.
    app.withTypeProvider<ZodTypeProvider>().post(
      '/stats/test/items',
      {
        schema: {
          querystring: z.object({
            page: z.coerce.number().int().positive(),
            pageSize: z.enum(['10', '20']).optional(),
          }),
          body: z.object({ name: z.string().min(1) }),
        },
      },
      (request) => ({ page: request.query.page, name: request.body.name }),
    );
    app.withTypeProvider<ZodTypeProvider>().get(
      '/stats/test/leak',
      { schema: { response: { 200: z.object({ name: z.string() }) } } },
      // A service that hands over more than the contract says (the cast stands for a row passed on whole).
      () => ({ name: 'Wake', passwordHash: 'x' }) as { name: string },
    );
    // Zod's two texts that would quote the request: a key the schema does not take, and a record's bad key.
    app.withTypeProvider<ZodTypeProvider>().post(
      '/stats/test/strict',
      {
        schema: {
          body: z.object({
            filter: z.strictObject({ map: z.string() }).optional(),
            labels: z.record(z.string().max(8), z.string()).optional(),
          }),
        },
      },
      () => ({ ok: true }),
    );
    app.get('/stats/test/crash', () => {
      throw new Error('secret internal detail');
    });
  });

  afterAll(() => app.close());

  it('passes valid input through', async () => {
    const response = await app.inject({ method: 'POST', url: '/stats/test/items?page=2', payload: { name: 'Wake' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ page: 2, name: 'Wake' });
  });

  it('answers a bad query parameter with 400, naming the parameter and the reason', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/stats/test/items?page=-1&pageSize=15',
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; message: string; details: { parameter: string; problem: string }[] }>();
    expect(body.error).toBe('bad_request');
    expect(body.message).toMatch(/^Invalid query parameter: page .*; pageSize /);
    expect(body.details.map((detail) => detail.parameter)).toEqual(['page', 'pageSize']);
    expect(body.details[0]?.problem).toMatch(/>0|positive|greater/i);
  });

  it('answers a bad body with 400 naming the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/stats/test/items?page=1', payload: { name: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad_request', details: [{ parameter: 'name' }] });
  });

  it('answers a key the schema does not take, or a bad record key, without repeating the key', async () => {
    for (const [payload, parameter, problem] of [
      [{ filter: { map: 'x', '<evil-key>': 1 } }, 'filter', 'has a key it does not take'],
      [{ labels: { '<evil-key>': 'x' } }, 'labels', 'has a key that is not valid'],
    ] as const) {
      const response = await app.inject({ method: 'POST', url: '/stats/test/strict', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'bad_request',
        message: `Invalid body field: ${parameter} ${problem}`,
        details: [{ parameter, problem }],
      });
      expect(response.body).not.toContain('evil');
    }
  });

  it('answers malformed JSON with 400 in the same format', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/stats/test/items?page=1',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad_request' });
    expect(typeof response.json<{ message: string }>().message).toBe('string');
  });

  it('answers an unknown /stats path with 404 JSON', async () => {
    const response = await app.inject('/stats/does-not-exist');
    expect(response.statusCode).toBe(404);
    // The address is not repeated back.
    expect(response.json()).toEqual({ error: 'not_found', message: 'No such endpoint answers GET here.' });
  });

  it('matches API paths whatever their letter case', async () => {
    const response = await app.inject('/STATS/Health');
    expect(response.statusCode).toBe(200);
  });

  it('fails an answer with a field its contract lacks (the app checks answers outside production)', async () => {
    const response = await app.inject('/stats/test/leak');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'response_contract_violation',
      message:
        'The answer of GET /stats/test/leak (200) does not match its contract: passwordHash is not in its schema',
    });
  });

  it('answers its own faults with 500 without leaking internals', async () => {
    const response = await app.inject('/stats/test/crash');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'internal_error',
      message: 'Something went wrong on our side. Please try again later.',
    });
    expect(response.body).not.toContain('secret');
  });
});
