import { describe, expect, it } from 'vitest';
import { problemsOf, type FuzzAnswer } from './answer-rules.ts';
import type { FuzzRequest } from './hostile-values.ts';
import type { FuzzRoute } from './route-catalogue.ts';

// The rules the fuzz holds every answer to, on answers the server gave before issue 20 (the router's own errors)
// and on made-up faults: each must be caught, or the fuzz would pass whatever the server says.

const route: FuzzRoute = {
  method: 'GET',
  path: '/stats/players/{playerName}/sessions',
  operationId: 'getPlayersPlayerNameSessions',
  parameters: [
    { name: 'playerName', in: 'path', required: true, schema: { type: 'string' } },
    { name: 'page', in: 'query', required: false, schema: { type: 'integer' } },
  ],
  body: undefined,
  signedIn: false,
};

function request(url: string, extra: Partial<FuzzRequest> = {}): FuzzRequest {
  return {
    route,
    method: 'GET',
    url,
    headers: {},
    body: undefined,
    asUser: false,
    freshRefreshCookie: false,
    sameOrigin: false,
    sentTexts: [],
    ...extra,
  };
}

const json = 'application/json; charset=utf-8';
const kinds = (url: string, answer: FuzzAnswer, extra?: Partial<FuzzRequest>) =>
  problemsOf(request(url, extra), answer).map((problem) => problem.kind);

describe('the answers a hostile request may get', () => {
  it('passes an answer, a 204 and errors in the one format naming the parameter', () => {
    expect(kinds('/stats/players/a/sessions', { status: 200, contentType: json, body: '{"items":[]}' })).toEqual([]);
    expect(kinds('/stats/players/a/sessions', { status: 204, contentType: undefined, body: '' })).toEqual([]);
    const named =
      '{"error":"bad_request","message":"Invalid query parameter: page must be a whole number","details":[{"parameter":"page","problem":"x"}]}';
    expect(kinds('/stats/players/a/sessions?page=x', { status: 400, contentType: json, body: named })).toEqual([]);
    const notFound = '{"error":"not_found","message":"No player named \'a\' has been seen by Frontline"}';
    expect(kinds('/stats/players/a/sessions', { status: 404, contentType: json, body: notFound })).toEqual([]);
  });

  it('catches a 5xx, whatever its body', () => {
    const body = '{"error":"internal_error","message":"Something went wrong on our side."}';
    expect(kinds('/stats/players/a/sessions', { status: 500, contentType: json, body })).toEqual(['server_error']);
  });

  it("catches the router's own errors of before: Fastify's format, echoing the address", () => {
    const badUrl =
      '{"error":"Bad Request","code":"FST_ERR_BAD_URL","message":"\'/stats/players/%ZZ\' is not a valid url component","statusCode":400}';
    expect(
      kinds('/stats/players/%ZZ/sessions', { status: 400, contentType: 'application/json', body: badUrl }),
    ).toEqual(['error_format']);
    const tooLong =
      '{"error":"Bad Request","code":"FST_ERR_MAX_PARAM_LENGTH","message":"\'/stats/players/aaaa\'","statusCode":400}';
    expect(
      kinds('/stats/players/aaaa/sessions', { status: 414, contentType: 'application/json', body: tooLong }),
    ).toEqual(['error_format']);
  });

  it('catches an error that is not JSON, or not an object of error and message', () => {
    expect(kinds('/stats/players/a/sessions', { status: 431, contentType: undefined, body: '' })).toContain(
      'error_format',
    );
    expect(kinds('/stats/players/a/sessions', { status: 404, contentType: json, body: '["not_found"]' })).toEqual([
      'error_format',
    ]);
    expect(
      kinds('/stats/players/a/sessions', { status: 404, contentType: json, body: '{"error":"not_found"}' }),
    ).toEqual(['error_format']);
  });

  it('catches a 400 that names no parameter of the route, unless a body was sent', () => {
    const vague = '{"error":"bad_request","message":"Invalid input"}';
    expect(kinds('/stats/players/a/sessions?page=x', { status: 400, contentType: json, body: vague })).toEqual([
      'parameter_not_named',
    ]);
    expect(
      kinds(
        '/stats/players/a/sessions',
        { status: 400, contentType: json, body: vague },
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{',
        },
      ),
    ).toEqual([]);
  });

  it('catches an error repeating a text the request sent, in its message or its details', () => {
    const sent = (texts: string[]) => ({ sentTexts: texts });
    // The 404 of before issue 20: the name sent, quoted back.
    const notFound = (name: string) =>
      JSON.stringify({ error: 'not_found', message: `No player named '${name}' has been seen by Frontline` });
    for (const name of ["' or 1=1 --", '<script>alert(1)</script>', 'Kowalski', '𝕏𝔽𝟙𝟡𝟜𝟚', '\u202Eevil\u202C']) {
      expect(
        kinds('/stats/players/x/sessions', { status: 404, contentType: json, body: notFound(name) }, sent([name])),
        name,
      ).toEqual(['input_echoed']);
    }
    const inDetails = JSON.stringify({
      error: 'bad_request',
      message: 'Invalid query parameter: page must be a whole number',
      details: [{ parameter: 'page', problem: 'got "1; select * from users --"' }],
    });
    expect(
      kinds(
        '/stats/players/a/sessions?page=x',
        { status: 400, contentType: json, body: inDetails },
        sent(['1; select * from users --']),
      ),
    ).toEqual(['input_echoed']);
    // A long text repeated cut short, and one repeated after the server trimmed it.
    const long = 'z'.repeat(5_000);
    expect(
      kinds(
        '/stats/players/x/sessions',
        { status: 404, contentType: json, body: notFound(long.slice(0, 100)) },
        sent([long]),
      ),
    ).toEqual(['input_echoed']);
    expect(
      kinds(
        '/stats/players/x/sessions',
        { status: 404, contentType: json, body: notFound('Medic_42') },
        sent(['  Medic_42 ']),
      ),
    ).toEqual(['input_echoed']);
  });

  it('does not count what a fixed message says anyway: short texts, the route’s own words, parts of words', () => {
    const fixed = JSON.stringify({
      error: 'bad_request',
      message: 'Invalid query parameter: page must be from 1 to 100000; playerName must be one of bf1942, fh2',
      details: [{ parameter: 'page', problem: 'must be from 1 to 100000' }],
    });
    const withPage: FuzzRoute = {
      ...route,
      parameters: [
        ...route.parameters.slice(0, 1),
        { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100_000 } },
      ],
    };
    const sentTexts = [
      // Shorter than 4, or letters and digits shorter than 6.
      'NaN',
      ': p',
      'must',
      // The route's parameter names, schema bounds and the games' names, trimmed.
      'playerName',
      '100000',
      ' bf1942 ',
      // Letters and digits inside a longer word.
      'paramete',
      'Invali',
    ];
    expect(
      problemsOf(request('/stats/players/a/sessions?page=x', { route: withPage, sentTexts }), {
        status: 400,
        contentType: json,
        body: fixed,
      }),
    ).toEqual([]);
  });

  it('catches a success that is not JSON, and a 204 with a body', () => {
    expect(kinds('/stats/players/a/sessions', { status: 200, contentType: 'text/html', body: '<p>' })).toEqual([
      'answer_format',
    ]);
    expect(kinds('/stats/players/a/sessions', { status: 204, contentType: json, body: '{}' })).toEqual([
      'answer_format',
    ]);
  });
});
