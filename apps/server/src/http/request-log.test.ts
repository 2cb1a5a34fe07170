import { describe, expect, it } from 'vitest';
import { withoutAccessToken } from './request-log.ts';

describe('withoutAccessToken', () => {
  it('replaces the hub token in the query, whatever its place and case, and leaves the rest', () => {
    expect(withoutAccessToken('/hub?id=abc&access_token=eyJ.x.y')).toBe('/hub?id=abc&access_token=[redacted]');
    expect(withoutAccessToken('/hub?ACCESS_TOKEN=eyJ.x.y&id=1')).toBe('/hub?ACCESS_TOKEN=[redacted]&id=1');
    expect(withoutAccessToken('/stats/players?name=access_token')).toBe('/stats/players?name=access_token');
  });
});
