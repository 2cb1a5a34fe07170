/**
 * Every operation of the API as its OpenAPI document (`/stats/docs/json`) describes it, for the hostile-input fuzz:
 * the fuzz reads the routes from the document the server publishes rather than from a list of its own, so a route
 * added later is fuzzed without anyone remembering to.
 */

/** The part of a parameter's or body's JSON Schema the fuzz reads to aim at the edges of what is accepted. */
export interface FuzzSchema {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  anyOf?: FuzzSchema[];
  items?: FuzzSchema;
  properties?: Record<string, FuzzSchema>;
  required?: string[];
}

export interface FuzzParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: FuzzSchema;
}

export interface FuzzRoute {
  method: string;
  /** The document's form: `/stats/players/{playerName}`. */
  path: string;
  operationId: string;
  parameters: FuzzParameter[];
  /** The JSON body's schema, for the routes that take one. */
  body: FuzzSchema | undefined;
  /** The route answers 401: it is (or can be) about the signed-in user, so the fuzz also sends a real token. */
  signedIn: boolean;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The routes of an OpenAPI 3.1 document (parsed JSON), in the document's order. */
export function routeCatalogue(document: unknown): FuzzRoute[] {
  if (!isRecord(document) || !isRecord(document.paths)) throw new Error('not an OpenAPI document: no paths');
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!isRecord(operations)) continue;
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method) || !isRecord(operation)) continue;
      const parameters = (Array.isArray(operation.parameters) ? operation.parameters : [])
        .filter(isRecord)
        .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
        .map((parameter): FuzzParameter => ({
          name: String(parameter.name),
          in: parameter.in as FuzzParameter['in'],
          required: parameter.required === true,
          schema: isRecord(parameter.schema) ? (parameter.schema as FuzzSchema) : {},
        }));
      const content = isRecord(operation.requestBody) ? operation.requestBody.content : undefined;
      const json = isRecord(content) ? content['application/json'] : undefined;
      const responses = isRecord(operation.responses) ? operation.responses : {};
      routes.push({
        method: method.toUpperCase(),
        path,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : `${method} ${path}`,
        parameters,
        body: isRecord(json) && isRecord(json.schema) ? json.schema : undefined,
        signedIn: '401' in responses,
      });
    }
  }
  return routes;
}

/**
 * The route's path with each `{name}` replaced by its value, which must already be URL-ready (percent-encoded, or
 * deliberately not: the fuzz sends broken percent sequences on purpose).
 */
export function fillPath(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for the path parameter ${name} of ${path}`);
    return value;
  });
}

/**
 * The route ends the sign-in of the token it is sent with (a logout, the account's deletion): a runner signs in
 * afresh for each such request, so the other requests keep a live token.
 */
export function endsSignIn(route: FuzzRoute): boolean {
  const path = route.path.toLowerCase();
  return (
    (route.method === 'POST' && path.endsWith('/auth/logout')) ||
    (route.method === 'DELETE' && path.endsWith('/auth/account'))
  );
}
