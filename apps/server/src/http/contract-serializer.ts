import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { answerJsonSchema } from './json-schema.ts';

/**
 * Answers go on the wire through their route's contract schema (DESIGN: the contract package is the only place a
 * response shape is written down). Each response schema is compiled once into a fast-json-stringify serializer,
 * which writes exactly the fields the contract lists. Outside production every answer is also checked, strictly:
 * a field the contract lacks (anywhere in the tree), a wrong type or a timestamp without `Z` fails the request,
 * where zod's own encoder would have dropped the field quietly and a test could never notice the leak.
 */

export type AnswerSerializer = (answer: unknown) => string;

/** An answer that does not match its route's contract: only thrown outside production, where answers are checked. */
export class ResponseContractError extends Error {
  readonly statusCode = 500;
  constructor(route: string, problem: string) {
    super(`The answer of ${route} does not match its contract: ${problem}`);
    this.name = 'ResponseContractError';
  }
}

/** Compiled serializers by schema: many routes share one (the error format), and every app built reuses them. */
const compiled = new WeakMap<z.ZodType, AnswerSerializer>();

/** The contract's own fast path: writes the schema's fields, in its order, without a per-answer check. */
export function compileAnswerSerializer(schema: z.ZodType): AnswerSerializer {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJson(withNullableTypeLists(answerJsonSchema(schema)) as fastJson.AnySchema);
    compiled.set(schema, serialize);
  }
  return serialize;
}

/**
 * zod writes a nullable field as `anyOf: [{ type: 'string' }, { type: 'null' }]`. fast-json-stringify serialises
 * an `anyOf` by validating the value against each branch with Ajv, which it compiles on the route's first answer
 * (measured: a player profile's first answer took 36 ms instead of 5) and runs on every answer after. The same
 * schema as a type list (`type: ['string', 'null']`) is written with a null check. Only the serializer's copy is
 * rewritten: the OpenAPI document keeps zod's own form.
 */
function withNullableTypeLists(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(withNullableTypeLists);
  if (json === null || typeof json !== 'object') return json;
  const node = Object.fromEntries(Object.entries(json).map(([key, value]) => [key, withNullableTypeLists(value)]));
  const branches = node.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex((branch) => isOnlyType(branch, 'null'));
    const other: unknown = branches[1 - nullIndex];
    if (nullIndex !== -1 && other !== null && typeof other === 'object' && 'type' in other) {
      const { anyOf: _branches, ...rest } = node;
      const otherType = other.type;
      if (typeof otherType === 'string') return { ...rest, ...other, type: [otherType, 'null'] };
    }
  }
  return node;
}

function isOnlyType(branch: unknown, type: string): boolean {
  return (
    branch !== null &&
    typeof branch === 'object' &&
    Object.keys(branch).length === 1 &&
    (branch as { type?: unknown }).type === type
  );
}

/**
 * The compiled serializer behind a strict check (tests, development): the answer must parse with the schema
 * (types, enums, timestamps), hold no field the schema lacks, and the compiled serializer must write the same
 * JSON zod's encoder does (so what production sends is what the tests checked).
 */
function compileCheckedAnswerSerializer(schema: z.ZodType, route: string): AnswerSerializer {
  const serialize = compileAnswerSerializer(schema);
  return (answer) => {
    const encoded = z.safeEncode(schema, answer);
    if (!encoded.success) throw new ResponseContractError(route, z.prettifyError(encoded.error));
    const leaked = findLeakedFields(answer, encoded.data);
    if (leaked.length > 0) {
      throw new ResponseContractError(route, `${describeFields(leaked)} not in its schema`);
    }
    const json = serialize(answer);
    if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(JSON.stringify(encoded.data)))) {
      throw new ResponseContractError(route, 'the compiled serializer writes it differently from the schema');
    }
    return json;
  };
}

/**
 * Fastify's serializer compiler for zod response schemas: compiled serializers, checked ones when `checkAnswers`
 * (everywhere but production).
 */
export function contractSerializerCompiler(options: { checkAnswers: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (!(schema instanceof z.ZodType)) {
      throw new Error(`${method} ${url}: response ${httpStatus} must be a zod schema from the contract`);
    }
    return options.checkAnswers
      ? compileCheckedAnswerSerializer(schema, `${method} ${url} (${httpStatus})`)
      : compileAnswerSerializer(schema);
  };
}

/**
 * Paths of the fields of `sent` that zod's encoder dropped from `kept` (unknown keys are stripped, so a key present
 * in one and missing from the other is a field the contract does not know). Undefined values are skipped: JSON
 * leaves them out anyway.
 */
function findLeakedFields(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, index) => findLeakedFields(item, kept[index], `${path}[${index}]`));
  }
  if (!isRecord(sent) || !isRecord(kept)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    if (value === undefined) return [];
    const fieldPath = path === '' ? key : `${path}.${key}`;
    return Object.hasOwn(kept, key) ? findLeakedFields(value, kept[key], fieldPath) : [fieldPath];
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A leak repeated in every row of a list is named a few times, not a thousand. */
function describeFields(paths: string[]): string {
  const shown = paths.slice(0, 5).join(', ');
  const more = paths.length > 5 ? ` and ${paths.length - 5} more` : '';
  return paths.length === 1 ? `${shown} is` : `${shown}${more} are`;
}
