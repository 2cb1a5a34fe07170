import { describe, expect, it } from 'vitest';
import { backFallbackPath, resolveLiveGameId } from './server-game.ts';

describe("live game id (spec §4: 'Live game id falls back on the server name: contains fh2 gives fh2; contains vietnam or bfv gives bfvietnam; else bf1942')", () => {
  it('guesses from the name, case-insensitively, when the details name no game', () => {
    expect(resolveLiveGameId(null, '=DoG= FH2 Realism')).toBe('fh2');
    expect(resolveLiveGameId(null, 'Vietnam Veterans')).toBe('bfvietnam');
    expect(resolveLiveGameId(null, '[BFV] Hue city')).toBe('bfvietnam');
    expect(resolveLiveGameId(null, 'Wake Island 24/7')).toBe('bf1942');
  });

  it("uses the details' game when it is one we know, and the name otherwise", () => {
    expect(resolveLiveGameId('fh2', 'BFV fans')).toBe('fh2');
    expect(resolveLiveGameId('bfv', 'anything')).toBe('bfvietnam');
    expect(resolveLiveGameId(null, 'FH2 server')).toBe('fh2');
    expect(resolveLiveGameId('quake', 'Vietnam')).toBe('bfvietnam');
    expect(resolveLiveGameId(undefined, 'Plain')).toBe('bf1942');
  });
});

describe("back button (spec §2: 'Back goes to /servers/fh2, /servers/bfv, /servers/bf1942 (default when game unknown), or /servers when none')", () => {
  it("goes to the browser of the server's game", () => {
    expect(backFallbackPath('fh2')).toBe('/servers/fh2');
    expect(backFallbackPath('bfvietnam')).toBe('/servers/bfv');
    expect(backFallbackPath('bf1942')).toBe('/servers/bf1942');
  });

  it('defaults to BF1942 for a game it does not know, and to /servers without a server', () => {
    expect(backFallbackPath('quake')).toBe('/servers/bf1942');
    expect(backFallbackPath(null)).toBe('/servers/bf1942');
    expect(backFallbackPath(undefined)).toBe('/servers');
  });
});
