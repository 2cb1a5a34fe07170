import { describe, expect, it } from 'vitest';
import { formatPlayerCount } from './player-count.ts';
import { describeRoundTime } from './round-time.ts';

const NOW = new Date('2026-01-09T21:00:00Z');
const fh2 = (roundStartedAt: string | null, roundTimeLimit: number | null = null) => ({
  game: 'fh2' as const,
  roundTimeRemain: -1,
  roundStartedAt,
  roundTimeLimit,
});

describe('describeRoundTime (spec §9 "Round time m:ss, \'-\' when missing or negative"; FH2 has no clock)', () => {
  it('keeps m:ss and the dash for games with a clock, whatever is known about the round start', () => {
    const started = '2026-01-09T20:00:00Z';
    expect(
      describeRoundTime({ game: 'bf1942', roundTimeRemain: 754, roundStartedAt: started, roundTimeLimit: 1800 }, NOW),
    ).toEqual({
      text: '12:34',
      elapsed: false,
    });
    expect(
      describeRoundTime({ game: 'bfvietnam', roundTimeRemain: -1, roundStartedAt: started, roundTimeLimit: null }, NOW)
        .text,
    ).toBe('-');
  });

  it('says how long an FH2 round has run, in minutes and hours, never as a countdown', () => {
    expect(describeRoundTime(fh2('2026-01-09T20:48:00Z'), NOW)).toMatchObject({ text: '12m in', elapsed: true });
    expect(describeRoundTime(fh2('2026-01-09T20:00:00Z'), NOW).text).toBe('1h in');
    expect(describeRoundTime(fh2('2026-01-09T19:25:30Z'), NOW).text).toBe('1h 34m in');
    expect(describeRoundTime(fh2('2026-01-09T20:59:40Z'), NOW).text).toBe('<1m in');
    // A start slightly after the browser's clock is skew: the round has just begun.
    expect(describeRoundTime(fh2('2026-01-09T21:00:20Z'), NOW).text).toBe('<1m in');
  });

  it("names the configured limit only when the server has one, and falls back to '-' with no open round", () => {
    expect(describeRoundTime(fh2('2026-01-09T20:48:00Z', 3600), NOW).title).toBe(
      'Round running for at least 12m; rounds here last up to 1h. The FH2 feed reports no time left.',
    );
    expect(describeRoundTime(fh2('2026-01-09T20:48:00Z'), NOW).title).toBe(
      'Round running for at least 12m. The FH2 feed reports no time left.',
    );
    expect(describeRoundTime(fh2(null, 3600), NOW)).toEqual({ text: '-', elapsed: false });
  });
});

describe('formatPlayerCount (shared rule PLAYER COUNTS: "`16 + 16 bots` when there are bots, `16` otherwise")', () => {
  it('writes people, then bots apart', () => {
    expect(formatPlayerCount(16, 16)).toBe('16 + 16 bots');
    expect(formatPlayerCount(16, 0)).toBe('16');
    expect(formatPlayerCount(0, 1)).toBe('0 + 1 bot');
  });
});
