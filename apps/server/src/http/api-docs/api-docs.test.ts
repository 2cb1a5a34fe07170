import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliDecompressSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import type { buildOpenApiDocument } from './openapi-document.ts';

type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/**
 * The routes Fastify's own route table lists (`printRoutes`, a tree whose lines add a segment to their parent's
 * path), as `METHOD /path` with every parameter written `{}` and in lower case (the router matches any case): an
 * independent account of what the document must list. HEAD routes are Fastify's twins of the GET ones.
 */
function routeTable(app: FastifyInstance): Set<string> {
  const routes = new Set<string>();
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4;
    const path = (parents[depth - 1] ?? '') + segment;
    parents[depth] = path;
    for (const method of methods.split(', ').filter((name) => name && name !== 'HEAD')) {
      routes.add(`${method} ${normalise(path)}`);
    }
  }
  return routes;
}

function normalise(path: string): string {
  return path
    .replace(/\{[^}]+\}|:[^/]+/g, '{}')
    .toLowerCase()
    .replace(/\/$/, '');
}

function documentedRoutes(document: OpenApiDocument): Set<string> {
  return new Set(
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${normalise(path)}`),
    ),
  );
}

describe('the API documentation', () => {
  let app: FastifyInstance;
  let document: OpenApiDocument;

  beforeAll(async () => {
    app = await createTestApp();
    const response = await app.inject('/stats/docs/json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    document = response.json<OpenApiDocument>();
  });
  afterAll(() => app.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every /stats route of the app, and nothing else (the docs pages are not API operations)', () => {
    const table = [...routeTable(app)].filter(
      (route) => route.split(' ')[1]?.startsWith('/stats/') && !route.includes('/stats/docs'),
    );
    expect(table.length).toBeGreaterThanOrEqual(19);
    expect([...documentedRoutes(document)].sort()).toEqual(table.sort());
  });

  it('gives every operation its answer’s schema and the one error format for its failures', () => {
    const operations = Object.values(document.paths).flatMap((operations) => Object.values(operations));
    for (const operation of operations) {
      // An operation answers a JSON body (200, or 201 for something new), or nothing at all (204).
      const answer = operation.responses['200'] ?? operation.responses['204'];
      expect(answer, operation.operationId).toBeDefined();
      if (operation.responses['200']) {
        expect(operation.responses['200'].content?.['application/json']?.schema, operation.operationId).toBeDefined();
      }
      expect(operation.responses['500']?.content?.['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/ApiError',
      });
      if (operation.parameters?.length) expect(operation.responses['400'], operation.operationId).toBeDefined();
    }
    expect(document.components.schemas.ApiError).toMatchObject({
      required: ['error', 'message'],
      properties: { error: { type: 'string' }, message: { type: 'string' }, details: { type: 'array' } },
    });
  });

  it('describes parameters as callers write them and timestamps as UTC date-times', () => {
    const sessions = document.paths['/stats/players/{playerName}/sessions']?.get;
    expect(sessions?.parameters).toContainEqual(
      expect.objectContaining({ name: 'playerName', in: 'path', required: true }),
    );
    const history = document.paths['/stats/LiveServers/{id}/players-online-history']?.get;
    expect(history?.parameters).toContainEqual(
      expect.objectContaining({ name: 'period', in: 'query', required: false }),
    );
    const profile = document.components.schemas.PlayerStatsResponse as {
      properties: Record<string, { format?: string; pattern?: string }>;
    };
    expect(profile.properties.lastPlayed).toMatchObject({ type: 'string', format: 'date-time' });
    expect(profile.properties.lastPlayed?.pattern).toMatch(/Z\)\)\$$/);
  });
});

describe('the API documentation page', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers HTML that loads Swagger UI from this server, and the files it loads', async () => {
    const page = await app.inject('/stats/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources).toHaveLength(3);
    expect(sources.every((source) => source.startsWith('/stats/docs/'))).toBe(true);

    const uiDirectory = createRequire(import.meta.url)
      .resolve('swagger-ui-dist/package.json')
      .replace(/package\.json$/, '');
    for (const source of sources.filter((path) => path.includes('/swagger-ui/'))) {
      const asset = await app.inject({ url: source, headers: { 'accept-encoding': 'gzip, br' } });
      expect(asset.statusCode, source).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-encoding']).toBe('br');
      const file = source.split('/').at(-1) ?? '';
      expect(brotliDecompressSync(asset.rawPayload).equals(readFileSync(uiDirectory + file)), file).toBe(true);
    }

    const init = await app.inject(sources.find((source) => source.endsWith('/init.js')) ?? '');
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('SwaggerUIBundle({');
    expect(init.body).toContain('"/stats/docs/json"');
  });

  it('serves no other file of the library', async () => {
    const page = await app.inject('/stats/docs');
    const bundle = /src="([^"]+\/swagger-ui-bundle\.js)"/.exec(page.body)?.[1] ?? '';
    const response = await app.inject(bundle.replace('swagger-ui-bundle.js', 'package.json'));
    expect(response.statusCode).toBe(400);
  });
});
