import { describe, expect, it } from 'vitest';
import { safeJoinUrl, safeWebUrl } from './safe-url.ts';

describe('links from the feed', () => {
  it('lets web links through and blocks script and data URLs', () => {
    expect(safeWebUrl('https://discord.gg/abc')).toBe('https://discord.gg/abc');
    expect(safeWebUrl('http://forum.example.org/')).toBe('http://forum.example.org/');
    expect(safeWebUrl('javascript:alert(1)')).toBeNull();
    expect(safeWebUrl('data:text/html,hi')).toBeNull();
    expect(safeWebUrl('not a url')).toBeNull();
    expect(safeWebUrl(null)).toBeNull();
  });

  it("accepts join links in the games' own schemes (spec §9: 'Join link: game's own URL scheme with ip and port')", () => {
    expect(safeJoinUrl('bf1942://1.2.3.4:14567')).toBe('bf1942://1.2.3.4:14567');
    expect(safeJoinUrl('bfvietnam://1.2.3.4:15567')).toBe('bfvietnam://1.2.3.4:15567');
    expect(safeJoinUrl('https://joinme.click/g/bf1942/1.2.3.4:14567')).toBe(
      'https://joinme.click/g/bf1942/1.2.3.4:14567',
    );
    expect(safeJoinUrl('javascript:alert(1)')).toBeNull();
    expect(safeJoinUrl('')).toBeNull();
  });
});
