import { describe, expect, it } from 'vitest';
import { visibleNavEntries } from './navigation.ts';

/** Every entry: a signed-in user sees them all. */
const allEntries = visibleNavEntries(true);

function entry(label: string) {
  const found = allEntries.find((candidate) => candidate.label === label);
  if (!found) throw new Error(`no navigation entry ${label}`);
  return found;
}

/** The labels of the entries that are current on a path. */
function currentOn(pathname: string): string[] {
  return allEntries.filter((candidate) => candidate.matches(pathname)).map((candidate) => candidate.label);
}

describe('main navigation', () => {
  it('has four entries, Dashboard only for signed-in users (site-account-and-realtime §1)', () => {
    expect(allEntries.map((candidate) => candidate.label)).toEqual(['Dashboard', 'Servers', 'Players', 'Compare']);
    expect(visibleNavEntries(false).map((candidate) => candidate.label)).toEqual(['Servers', 'Players', 'Compare']);
  });

  it('leads Compare to the comparison with its tooltip (§1 "Compare: two players side by side")', () => {
    expect(entry('Compare').to).toBe('/players/compare');
    expect(entry('Compare').tooltip).toBe('Two players side by side');
  });

  it('marks Compare current on the comparison, and Players on every other player screen', () => {
    expect(currentOn('/players/compare')).toEqual(['Compare']);
    expect(currentOn('/players/compare/')).toEqual(['Compare']);
    for (const path of ['/players', '/players/', '/players/Sgt%20Pepper', '/players/x/sessions', '/players/compare2']) {
      expect(currentOn(path), path).toEqual(['Players']);
    }
    expect(currentOn('/playersx')).toEqual([]);
  });

  it('marks Servers on the server screens and round reports, Dashboard on the dashboard', () => {
    for (const path of ['/servers', '/servers/bf1942', '/servers/x/rankings', '/rounds/7/report']) {
      expect(currentOn(path), path).toEqual(['Servers']);
    }
    expect(currentOn('/dashboard')).toEqual(['Dashboard']);
  });
});
