import { COMPARISON_BUCKETS } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/api-client.ts';
import {
  COMPARISON_MESSAGES,
  PERFORMANCE_TABS,
  comparisonFailureMessage,
  comparisonPingTone,
  isSelfComparison,
  isUsableComparison,
  winnerOf,
} from './compare-rules.ts';
import { makeComparison } from './test-fixtures.ts';

describe('comparison rules', () => {
  it("names the contract's buckets, in its order, as the spec's tabs", () => {
    expect(PERFORMANCE_TABS.map((tab) => tab.value)).toEqual([...COMPARISON_BUCKETS]);
    expect(PERFORMANCE_TABS.map((tab) => tab.label)).toEqual([
      'Last 30 Days',
      'Last 6 Months',
      'Last Year',
      'All Time',
    ]);
  });

  it("§8: '404 gives One or both players not found…'; any other failure 'Failed to fetch comparison data…'", () => {
    expect(comparisonFailureMessage(new HttpError(404, { message: 'One or both… (player1: …)' }))).toBe(
      'One or both players not found. Please check the names and try again.',
    );
    expect(comparisonFailureMessage(new HttpError(500, null))).toBe(
      'Failed to fetch comparison data. Please try again later.',
    );
    expect(comparisonFailureMessage(new TypeError('Failed to fetch'))).toBe(COMPARISON_MESSAGES.failed);
  });

  it('§5 "A result lacking player1, player2, killRates or bucketTotals is invalid"', () => {
    expect(isUsableComparison(makeComparison())).toBe(true);
    expect(isUsableComparison({})).toBe(false);
    expect(isUsableComparison(null)).toBe(false);
    for (const missing of ['player1', 'player2', 'killRates', 'bucketTotals'] as const) {
      const answer: Partial<ReturnType<typeof makeComparison>> = makeComparison();
      delete answer[missing];
      expect(isUsableComparison(answer), missing).toBe(false);
    }
    expect(isUsableComparison(makeComparison({ player1: '' }))).toBe(false);
  });

  it('§9 ping bands "comparison: at most 50, at most 100": green, yellow, else red', () => {
    expect(comparisonPingTone(12)).toBe('good');
    expect(comparisonPingTone(50)).toBe('good');
    expect(comparisonPingTone(50.01)).toBe('warn');
    expect(comparisonPingTone(100)).toBe('warn');
    expect(comparisonPingTone(100.5)).toBe('low');
  });

  it('names the higher figure the winner, or the lower where lower is better; nobody on a tie or a missing figure', () => {
    expect(winnerOf(2, 1, { decimals: 0 })).toBe(1);
    expect(winnerOf(1, 2, { decimals: 0 })).toBe(2);
    expect(winnerOf(40, 90, { decimals: 0, lowerWins: true })).toBe(1);
    expect(winnerOf(1.5, 1.5, { decimals: 2 })).toBeNull();
    expect(winnerOf(null, 3, { decimals: 0 })).toBeNull();
  });

  it('calls a tie what reads as one: figures equal once rounded as the page shows them crown nobody', () => {
    // K/D to 2 decimals: 1.004 and 1.001 both read "1.00".
    expect(winnerOf(1.004, 1.001, { decimals: 2 })).toBeNull();
    expect(winnerOf(1.006, 1.001, { decimals: 2 })).toBe(1);
    // Pings in whole ms: 48.2 and 47.9 both read "48 ms".
    expect(winnerOf(48.2, 47.9, { decimals: 0, lowerWins: true })).toBeNull();
    expect(winnerOf(48.6, 47.9, { decimals: 0, lowerWins: true })).toBe(2);
  });

  it('refuses a player compared with himself (the same name after trimming; another letter case is another player)', () => {
    expect(isSelfComparison('Ann', 'Ann')).toBe(true);
    expect(isSelfComparison(' Ann ', 'Ann')).toBe(true);
    expect(isSelfComparison('Ann', 'ann')).toBe(false);
    expect(isSelfComparison('Ann', 'Ben')).toBe(false);
    expect(isSelfComparison('', '  ')).toBe(false);
  });
});
