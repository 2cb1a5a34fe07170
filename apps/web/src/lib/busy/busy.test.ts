import { selectBusyGuids } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { busyLevelStyle } from './busy.ts';

// The contract's busy-guids.test.ts holds the rest of the rule (busiest first, batches of 25, the top 10 as
// one call); these are the cases of the list the browser hands it.
describe("selectBusyGuids on the browser's list (spec §5: 'Busy lookups skipped for servers without guid')", () => {
  it('skips blank guids and still fills the 10', () => {
    const servers = [
      { guid: '', numPlayers: 99 },
      { guid: '  ', numPlayers: 98 },
      ...Array.from({ length: 12 }, (_, index) => ({ guid: `g${index}`, numPlayers: 50 - index })),
    ];
    const guids = selectBusyGuids(servers);
    expect(guids).toHaveLength(10);
    expect(guids[0]).toBe('g0');
    expect(guids).not.toContain('');
  });

  it('keeps the list order among equal player counts', () => {
    const servers = [
      { guid: 'a', numPlayers: 3 },
      { guid: 'b', numPlayers: 3 },
      { guid: 'a', numPlayers: 3 },
    ];
    expect(selectBusyGuids(servers)).toEqual(['a', 'b']);
  });
});

describe("busy levels (spec §3: 'Busy level: very_busy, busy, moderate, quiet, very_quiet, else Unknown')", () => {
  it('names each level and reads anything else as Unknown', () => {
    expect(
      ['very_busy', 'busy', 'moderate', 'quiet', 'very_quiet', 'unknown'].map((level) => busyLevelStyle(level).label),
      // The words of the API's busyText (docs/formulas.md "Busy level (now)"): a level is against the usual.
    ).toEqual(['Busier than usual', 'Busy', 'As busy as usual', 'Not too busy', 'Quieter than usual', 'Unknown']);
    expect(busyLevelStyle('something_else').label).toBe('Unknown');
  });
});
