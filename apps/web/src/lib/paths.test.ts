import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('paths (spec: "Player and server names in paths are URL-encoded")', () => {
  it.each(['Sgt Pepper', 'AC/DC', '#1', '100%', 'Who?', 'Ölgötz', '日本'])('encodes %s as one path segment', (name) => {
    const path = paths.player(name);
    const segment = path.slice('/players/'.length);
    expect(segment).not.toContain('/');
    expect(decodeURIComponent(segment)).toBe(name);
  });

  it('builds server sub-pages and the comparison link', () => {
    expect(paths.serverRankings('A/B')).toBe('/servers/A%2FB/rankings');
    expect(paths.serverSessions('x y')).toBe('/servers/x%20y/sessions');
    expect(paths.compare('a b', 'c&d')).toBe('/players/compare?player1=a+b&player2=c%26d');
    expect(paths.compare()).toBe('/players/compare');
  });

  // §2: "/servers/{serverName}/sessions (optional query mapName)", "/players/{playerName}/sessions (optional query
  // map and server)"; the server profile's maps and the Map Performance modal link to them.
  it('builds session lists filtered by map (and server), every name encoded', () => {
    expect(paths.serverSessions('[KGB] Jungle #1', 'hue city')).toBe(
      '/servers/%5BKGB%5D%20Jungle%20%231/sessions?mapName=hue+city',
    );
    expect(paths.serverSessions('a/b', 'x&y=z')).toBe('/servers/a%2Fb/sessions?mapName=x%26y%3Dz');
    expect(paths.playerSessions('Sgt #1', { map: 'wake', server: 'A&B' })).toBe(
      '/players/Sgt%20%231/sessions?map=wake&server=A%26B',
    );
    expect(paths.playerSessions('Sgt', { map: '' })).toBe('/players/Sgt/sessions');
  });

  it('joins highlighted players of a round report with commas', () => {
    expect(paths.roundReport('r1', ['a', 'b c'])).toBe('/rounds/r1/report?players=a%2Cb%20c');
    expect(paths.roundReport('r1')).toBe('/rounds/r1/report');
  });
});
