import { describe, expect, it } from 'vitest';
import { visibleNavEntries } from './navigation.ts';

/** Every entry: a signed-in user sees them all. */
const allEntries = visibleNavEntries(true);

describe('main navigation', () => {
  it('shows Servers and Players to everyone, and Dashboard to signed-in users (site-account-and-realtime §1)', () => {
    expect(visibleNavEntries(false).map((entry) => entry.label)).toEqual(['Servers', 'Players']);
    // No Compare yet: it joins with the comparison screen, rather than leading to 'Coming soon'.
    expect(allEntries.map((entry) => entry.label)).toEqual(['Dashboard', 'Servers', 'Players']);
  });

  it('marks Players as the section of every player screen, the comparison address included', () => {
    const players = allEntries.find((entry) => entry.label === 'Players');
    for (const path of ['/players', '/players/Sgt%20Pepper', '/players/x/sessions', '/players/compare']) {
      expect(players?.matches(path), path).toBe(true);
    }
    expect(players?.matches('/playersx')).toBe(false);
    expect(players?.matches('/servers/bf1942')).toBe(false);
  });
});
