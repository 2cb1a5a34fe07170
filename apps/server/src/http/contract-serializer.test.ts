import { utcTimestamp } from '@frontline/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileAnswerSerializer, contractSerializerCompiler } from './contract-serializer.ts';
import { registerErrorHandler } from './errors.ts';

/** A schema with every construct the contract uses: nullable, optional, enums, records, unions, timestamps. */
const serverSchema = z.object({
  name: z.string(),
  game: z.enum(['bf1942', 'fh2']),
  port: z.number().int(),
  country: z.string().nullable(),
  lastSeen: utcTimestamp,
  roundStartedAt: utcTimestamp.nullable(),
  note: z.string().optional(),
  teams: z.record(z.string(), z.number()),
  status: z.union([z.literal('online'), z.object({ offlineSince: utcTimestamp })]),
});
const listSchema = z.object({ servers: z.array(serverSchema), total: z.number() });

const wake = {
  name: 'Wake "Island" \u2014 24/7',
  game: 'bf1942',
  port: 14567,
  country: null,
  lastSeen: '2024-05-01T18:30:00.000Z',
  roundStartedAt: null,
  teams: { Axis: 120, Allies: 87 },
  status: 'online',
};
const omaha = {
  ...wake,
  name: 'Omaha',
  game: 'fh2',
  country: 'DE',
  roundStartedAt: '2024-05-01T18:00:00Z',
  note: 'ranked',
  status: { offlineSince: '2024-05-01T19:00:00.000Z' },
};

/** What each route answers (a handler may return anything: that is what the check is for). */
const answers: Record<string, unknown> = {
  '/good': { servers: [wake, omaha], total: 2 },
  '/leak': { servers: [wake, { ...omaha, adminPassword: 'hunter2' }], total: 2, debugSql: 'SELECT 1' },
  '/wrong-type': { servers: [{ ...wake, port: '14567' }], total: 1 },
  '/local-time': { servers: [{ ...wake, lastSeen: '2024-05-01 18:30:00' }], total: 1 },
  '/offset-time': { servers: [{ ...wake, lastSeen: '2024-05-01T20:30:00+02:00' }], total: 1 },
};

async function appWith(checkAnswers: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(contractSerializerCompiler({ checkAnswers }));
  registerErrorHandler(app);
  for (const [url, answer] of Object.entries(answers)) {
    app.get(url, { schema: { response: { 200: listSchema } } }, () => answer);
  }
  await app.ready();
  return app;
}

describe('answers outside production are checked strictly against their contract', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith(true);
  });
  afterAll(() => app.close());

  it('lets an answer that matches its schema through, unchanged', async () => {
    const response = await app.inject('/good');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(answers['/good']);
  });

  it('fails an answer with a field its schema lacks, naming every leaked field wherever it is', async () => {
    const response = await app.inject('/leak');
    expect(response.statusCode).toBe(500);
    const body = response.json<{ error: string; message: string }>();
    expect(body.error).toBe('response_contract_violation');
    expect(body.message).toBe(
      'The answer of GET /leak (200) does not match its contract: servers[1].adminPassword, debugSql are not in its schema',
    );
    expect(response.body).not.toContain('hunter2');
  });

  it('fails a wrong type, naming the field', async () => {
    const response = await app.inject('/wrong-type');
    expect(response.statusCode).toBe(500);
    expect(response.json<{ message: string }>().message).toMatch(/expected number.*\n.*at servers\[0\]\.port/s);
  });

  it('fails a timestamp that is not UTC with Z', async () => {
    for (const url of ['/local-time', '/offset-time']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(500);
      expect(response.json<{ message: string }>().message, url).toMatch(/datetime.*\n.*at servers\[0\]\.lastSeen/is);
    }
  });
});

describe('answers in production go through the compiled contract serializer', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith(false);
  });
  afterAll(() => app.close());

  it('writes nullable, optional, enum, record, union and timestamp fields as JSON.stringify would', async () => {
    const response = await app.inject('/good');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(answers['/good']);
  });

  it('writes only the fields the contract lists (a leaked field never reaches the wire)', async () => {
    const response = await app.inject('/leak');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ servers: [wake, omaha], total: 2 });
  });
});

describe('compileAnswerSerializer', () => {
  it('refuses at compile time a schema JSON cannot carry, instead of sending something undocumented', () => {
    expect(() => compileAnswerSerializer(z.object({ when: z.date() }))).toThrow(/Date/);
  });
});
