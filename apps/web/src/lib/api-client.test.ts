import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiRequest, buildQueryString, HttpError } from './api-client.ts';

function answerWith(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client (spec: "Non-OK stats calls raise \'HTTP error! status: {code}\'. Empty or no-content responses return an empty object.")', () => {
  it('calls paths under /stats and returns the parsed JSON', async () => {
    const fetchMock = answerWith(new Response('{"servers":[]}', { status: 200 }));
    await expect(apiGet('/liveservers/bf1942/servers')).resolves.toEqual({ servers: [] });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/stats/liveservers/bf1942/servers');
  });

  it("throws 'HTTP error! status: {code}' on a non-OK answer, keeping the server's error body", async () => {
    answerWith(new Response('{"error":"not_found","message":"No such player"}', { status: 404 }));
    const failure = apiGet('/players/nobody');
    await expect(failure).rejects.toThrow('HTTP error! status: 404');
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it('returns {} for 204 No Content and for an empty body', async () => {
    answerWith(new Response(null, { status: 204 }));
    await expect(apiGet('/anything')).resolves.toEqual({});
    answerWith(new Response('', { status: 200 }));
    await expect(apiGet('/anything')).resolves.toEqual({});
  });
  it('asks for JSON with same-origin credentials, and sets no timeout of its own', async () => {
    const fetchMock = answerWith(new Response('{}', { status: 200 }));
    await apiGet('/players', { query: { page: 2 } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/stats/players?page=2');
    expect(init?.headers).toMatchObject({ Accept: 'application/json' });
    expect(init?.credentials).toBe('same-origin');
    expect(init?.signal).toBeUndefined();
  });
});

describe('apiRequest (the calls that change something: sign-in and the account)', () => {
  it('sends a JSON body with its content type, extra headers and same-origin credentials', async () => {
    const fetchMock = answerWith(new Response('{"id":1}', { status: 201 }));
    await expect(
      apiRequest('/auth/player-names', {
        method: 'POST',
        body: { playerName: 'Sgt Pepper' },
        headers: { Authorization: 'Bearer t' },
      }),
    ).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/stats/auth/player-names');
    expect(init).toMatchObject({ method: 'POST', body: '{"playerName":"Sgt Pepper"}', credentials: 'same-origin' });
    expect(init?.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer t',
    });
  });

  it('sends no body and no content type without one, and gives {} for 204', async () => {
    const fetchMock = answerWith(new Response(null, { status: 204 }));
    await expect(apiRequest('/auth/buddies/3', { method: 'DELETE' })).resolves.toEqual({});
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('DELETE');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({ Accept: 'application/json' });
  });
});

describe('buildQueryString', () => {
  it('repeats keys for arrays and leaves out blank, null and undefined values', () => {
    expect(
      buildQueryString({
        serverGuids: ['a', 'b'],
        page: 1,
        query: '  ',
        mapName: undefined,
        player: null,
        active: true,
      }),
    ).toBe('?serverGuids=a&serverGuids=b&page=1&active=true');
    expect(buildQueryString({})).toBe('');
  });

  it('encodes names with reserved characters', () => {
    expect(buildQueryString({ player1: 'A&B #1?' })).toBe('?player1=A%26B+%231%3F');
  });
});
