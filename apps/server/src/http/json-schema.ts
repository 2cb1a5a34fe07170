import { z } from 'zod';

/**
 * The contract's zod schemas as JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1): one translation serves
 * the compiled production serializer (contract-serializer.ts) and the OpenAPI document (api-docs/), so what the
 * docs describe is exactly what the wire carries.
 */

export type JsonSchema = z.core.JSONSchema.JSONSchema;

const answerSchemas = new WeakMap<z.ZodType, JsonSchema>();

/**
 * An answer's JSON Schema: the schema's output side (what a handler returns), every object closed
 * (`additionalProperties: false`). A part JSON cannot carry (a Date, a transform) stops start-up here instead of
 * being sent as something the contract does not describe.
 */
export function answerJsonSchema(schema: z.ZodType): JsonSchema {
  let json = answerSchemas.get(schema);
  if (!json) {
    json = withoutDialect(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }));
    answerSchemas.set(schema, json);
  }
  return json;
}

/**
 * A request part's JSON Schema (path, query): the schema's input side, what the client writes. Query rules turn
 * text into numbers and flags with transforms; their input side is the text, which is what a caller needs to know.
 */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return withoutDialect(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
}

/** The `$schema` key belongs to a whole document, not to a part embedded in a serializer or in OpenAPI. */
function withoutDialect(json: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = json;
  return rest;
}
