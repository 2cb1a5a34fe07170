import { describe, expect, it } from 'vitest';
import { NAV_ENTRIES, visibleNavEntries } from './navigation.ts';

describe('main navigation', () => {
  it('shows Servers and Players to everyone, and Dashboard to signed-in users (site-account-and-realtime §1)', () => {
    expect(visibleNavEntries(false).map((entry) => entry.label)).toEqual(['Servers', 'Players']);
    expect(visibleNavEntries(true).map((entry) => entry.label)).toEqual(['Dashboard', 'Servers', 'Players']);
  });

  it('has no entry leading to a screen that does not exist yet (Compare joins with the comparison screen)', () => {
    expect(NAV_ENTRIES.map((entry) => entry.to)).not.toContain('/players/compare');
    expect(NAV_ENTRIES.some((entry) => entry.label === 'Compare')).toBe(false);
  });

  it('marks Players as the section of every player screen, the comparison address included', () => {
    const players = NAV_ENTRIES.find((entry) => entry.label === 'Players');
    for (const path of ['/players', '/players/Sgt%20Pepper', '/players/x/sessions', '/players/compare']) {
      expect(players?.matches(path), path).toBe(true);
    }
    expect(players?.matches('/playersx')).toBe(false);
    expect(players?.matches('/servers/bf1942')).toBe(false);
  });
});
