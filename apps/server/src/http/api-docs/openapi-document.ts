import { STATUS_CODES } from 'node:http';
import * as contract from '@frontline/contract';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { answerJsonSchema, inputJsonSchema, type JsonSchema } from '../json-schema.ts';

/**
 * The OpenAPI 3.1 document of the API, written from the routes as registered: their paths, their zod schemas for
 * path and query parameters, and their answers' contract schemas (the ones the serializer compiles), so the
 * document cannot drift from what the server accepts and sends. JSON Schema 2020-12 is OpenAPI 3.1's own dialect;
 * zod writes it directly.
 */

/** A route as Fastify's onRoute hook sees it. */
export interface DocumentedRoute {
  method: string;
  /** Fastify's form, with its prefix: `/stats/players/:playerName`. */
  url: string;
  schema?: FastifySchema;
}

interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

interface Operation {
  tags: string[];
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

const ERROR_SCHEMA_NAME = 'ApiError';

const DESCRIPTION = [
  'The statistics API of Frontline, the server browser and statistics site for Battlefield 1942, Forgotten Hope 2',
  'and Battlefield Vietnam. Every answer is JSON; times are ISO-8601 UTC ending with `Z`. Paths match whatever',
  'their letter case.',
  '',
  `Every failure answers the one error format (\`${ERROR_SCHEMA_NAME}\`): \`{ error, message, details? }\`, where`,
  '`error` is a short kind (`bad_request`, `not_found`, `internal_error`, …) and `message` a sentence a person can',
  'read. A bad path or query parameter is a 400 whose `details` name each parameter and its problem; an unknown',
  'path is a 404.',
].join('\n');

/** Every schema the contract exports, by identity, under its exported name (`liveServersResponseSchema` → `LiveServersResponse`). */
const CONTRACT_SCHEMA_NAMES = new Map<unknown, string>(
  Object.entries(contract)
    .filter(([name, value]) => name.endsWith('Schema') && value instanceof z.ZodType)
    .map(([name, value]) => [value, upperFirst(name.slice(0, -'Schema'.length))]),
);

export function buildOpenApiDocument(
  routes: readonly DocumentedRoute[],
  options: { title: string; version: string },
): OpenApiDocument {
  const components: Record<string, JsonSchema> = { [ERROR_SCHEMA_NAME]: answerJsonSchema(contract.apiErrorSchema) };
  /** An answer's schema: a reference to the contract's named schema, or inline for one the contract does not name. */
  const answerSchema = (schema: z.ZodType): JsonSchema => {
    const name = schema === contract.apiErrorSchema ? ERROR_SCHEMA_NAME : CONTRACT_SCHEMA_NAMES.get(schema);
    if (name === undefined) return answerJsonSchema(schema);
    components[name] ??= answerJsonSchema(schema);
    return { $ref: `#/components/schemas/${name}` };
  };

  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const path = openApiPath(route.url);
    const tag = tagOf(path);
    tags.add(tag);
    const parameters = [
      ...parametersOf(route.schema?.params, 'path'),
      ...parametersOf(route.schema?.querystring, 'query'),
    ];
    const operation: Operation = {
      tags: [tag],
      operationId: operationIdOf(route.method, path),
      ...(parameters.length > 0 && { parameters }),
      ...(route.schema?.body instanceof z.ZodType && {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: inputJsonSchema(route.schema.body) } },
        },
      }),
      responses: responsesOf(route, parameters.length > 0, answerSchema),
    };
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }

  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version, description: DESCRIPTION },
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: { schemas: components },
  };
}

/**
 * The route's declared answers, plus the failures every route can give in the one error format: a 400 when it
 * reads parameters (they are validated) and a 500.
 */
function responsesOf(
  route: DocumentedRoute,
  readsParameters: boolean,
  answerSchema: (schema: z.ZodType) => JsonSchema,
): Operation['responses'] {
  const responses: Operation['responses'] = {};
  const declared = route.schema?.response;
  for (const [status, schema] of Object.entries(typeof declared === 'object' && declared !== null ? declared : {})) {
    if (!(schema instanceof z.ZodType)) continue;
    if (status === '204') {
      // No content: no body to describe.
      responses[status] = { description: STATUS_CODES[204] ?? status };
      continue;
    }
    responses[status] = {
      description: STATUS_CODES[Number(status)] ?? status,
      content: { 'application/json': { schema: answerSchema(schema) } },
    };
  }
  const failure = (description: string) => ({
    description,
    content: { 'application/json': { schema: answerSchema(contract.apiErrorSchema) } },
  });
  if (readsParameters) responses['400'] ??= failure('A path or query parameter is invalid (details name each one)');
  responses['500'] ??= failure('A fault on the server (its details stay in the server log)');
  return responses;
}

function parametersOf(schema: unknown, place: Parameter['in']): Parameter[] {
  if (!(schema instanceof z.ZodType)) return [];
  const json = inputJsonSchema(schema);
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = typeof property === 'boolean' ? {} : property;
    return {
      name,
      in: place,
      required: place === 'path' || required.has(name),
      ...(description !== undefined && { description }),
      schema: propertySchema,
    };
  });
}

/** `/stats/players/:playerName` → `/stats/players/{playerName}` (a parameter's pattern, if any, dropped). */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}');
}

/** The first segment after the prefix, lower case: `/stats/GameTrends/…` → `gametrends`. */
function tagOf(path: string): string {
  return (path.split('/')[2] ?? 'api').toLowerCase();
}

/** `GET /stats/players/{playerName}/sessions` → `getPlayersPlayerNameSessions`. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .slice(2)
    .flatMap((segment) => segment.replace(/[{}]/g, '').split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map(upperFirst).join('');
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
