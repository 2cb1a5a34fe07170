import { describe, expect, it } from 'vitest';
import { buildQueryString } from '../../../lib/api-client.ts';
import {
  parsePlayerSessionsQuery,
  playerSessionsApiQuery,
  playerSessionsQueryParams,
  withPlayerFilters,
  withPlayerPageSize,
} from './player-sessions-query.ts';

const parse = (search: string) => parsePlayerSessionsQuery(new URLSearchParams(search));
/** What the screen shows at a bare URL: the defaults. */
const defaults = parse('');

describe("player sessions URL query (spec §2 'optional query map and server'; §5; §9 sessions default 10)", () => {
  it('opens on every session, 10 a page, with nothing in the URL', () => {
    expect(parse('')).toEqual({ map: '', server: '', page: 1, pageSize: 10 });
    expect(playerSessionsQueryParams(defaults).toString()).toBe('');
  });

  it('round-trips filters, page and page size', () => {
    const query = { map: 'el_alamein', server: 'Grey Beards | Ostfront', page: 2, pageSize: 20 as const };
    const text = playerSessionsQueryParams(query).toString();
    expect(text).toBe('map=el_alamein&server=Grey+Beards+%7C+Ostfront&page=2&pageSize=20');
    expect(parse(text)).toEqual(query);
  });

  it('reads blank or invalid values as defaults', () => {
    expect(parse('map=%20&server=&page=x&pageSize=100')).toEqual(defaults);
  });

  it('asks the API with the same keys, blank filters left out', () => {
    expect(buildQueryString(playerSessionsApiQuery(defaults))).toBe('?page=1&pageSize=10');
    expect(buildQueryString(playerSessionsApiQuery(parse('map=wake&server=S%201&page=3')))).toBe(
      '?map=wake&server=S+1&page=3&pageSize=10',
    );
  });

  it('starts a changed filter or page size from page 1', () => {
    const onPage4 = { ...defaults, map: 'wake', page: 4 };
    expect(withPlayerFilters(onPage4, { server: ' S ' })).toEqual({ ...onPage4, server: 'S', page: 1 });
    expect(withPlayerFilters(onPage4, { map: '' })).toEqual({ ...onPage4, map: '', page: 1 });
    expect(withPlayerPageSize(onPage4, 50)).toEqual({ ...onPage4, pageSize: 50, page: 1 });
  });
});
