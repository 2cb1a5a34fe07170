import type { PlacementStanding, ServerLeaderboard } from '@frontline/contract';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  DEFAULT_LEADERBOARD_PERIOD,
  DEFAULT_MIN_PLAYERS,
  DEFAULT_PLACEMENT_VIEW,
  LEADERBOARD_PERIOD_LABELS,
  MIN_PLAYERS_OPTIONS,
  NO_PLACEMENTS_TEXT,
  combinedAddressesNote,
  findLeaderboard,
  hasPlacementData,
  leaderboardPeriodRule,
  noPlacementDataText,
  ratioBoardRule,
  resolvePlacementRows,
} from './leaderboards.ts';

function standing(playerName: string, rank = 1): PlacementStanding {
  return { rank, playerName, firstPlaces: 1, secondPlaces: 0, thirdPlaces: 0, placementPoints: 3 };
}

function board(
  period: ServerLeaderboard['period'],
  placements: { top?: PlacementStanding[]; weighted?: PlacementStanding[] } = {},
): ServerLeaderboard {
  return {
    period,
    startPeriod: '2026-01-01T00:00:00Z',
    endPeriod: '2026-01-08T00:00:00Z',
    minRoundsForRatios: 3,
    minMinutesForRatios: 30,
    mostActivePlayersByTime: [],
    topScores: [],
    topKDRatios: [],
    topKillRates: [],
    topPlacements: placements.top ?? [],
    weightedTopPlacements: placements.weighted ?? [],
  };
}

describe("leaderboard tabs (spec §4: 'Leaderboards tab: week (default), month, alltime')", () => {
  it('starts on the week and labels the three periods', () => {
    expect(DEFAULT_LEADERBOARD_PERIOD).toBe('Week');
    expect(Object.values(LEADERBOARD_PERIOD_LABELS)).toEqual(['Week', 'Month', 'All Time']);
  });

  it("finds a period's board", () => {
    const boards = [board('Week'), board('AllTime')];
    expect(findLeaderboard(boards, 'AllTime')?.period).toBe('AllTime');
    expect(findLeaderboard(boards, 'Month')).toBeUndefined();
  });
});

describe("minimum players (spec §9: 'Min players for weighting default 15; options 10, 15, 20, 25, 30')", () => {
  it('offers the five options with 15 chosen', () => {
    expect(MIN_PLAYERS_OPTIONS).toEqual([10, 15, 20, 25, 30]);
    expect(DEFAULT_MIN_PLAYERS).toBe(15);
  });
});

describe("placements (spec §4: 'Placement view: High-Stakes (weighted, default) or All Rounds; weighted falls back to unweighted when absent; section appears only when any placement data exists')", () => {
  it('defaults to the High-Stakes view', () => {
    expect(DEFAULT_PLACEMENT_VIEW).toBe('weighted');
  });

  it('shows the section only when some period has standings', () => {
    expect(hasPlacementData([board('Week'), board('Month')])).toBe(false);
    expect(hasPlacementData([board('Week'), board('Month', { top: [standing('a')] })])).toBe(true);
    expect(hasPlacementData([board('Week', { weighted: [standing('a')] })])).toBe(true);
  });

  it('shows the weighted standings in the High-Stakes view and every round in All Rounds', () => {
    const period = board('Week', { top: [standing('all')], weighted: [standing('big')] });
    expect(resolvePlacementRows(period, 'weighted')).toEqual({
      kind: 'rows',
      rows: [standing('big')],
      fellBack: false,
    });
    expect(resolvePlacementRows(period, 'all')).toEqual({ kind: 'rows', rows: [standing('all')], fellBack: false });
  });

  it('falls back to the unweighted standings when the weighted ones are absent from the answer', () => {
    const { weightedTopPlacements: _left, ...older } = board('Week', { top: [standing('all')] });
    expect(resolvePlacementRows(older, 'weighted')).toEqual({ kind: 'rows', rows: [standing('all')], fellBack: true });
    expect(resolvePlacementRows({ ...older, weightedTopPlacements: null }, 'weighted')).toMatchObject({
      fellBack: true,
    });
  });

  it("says so when the High-Stakes view is empty but All Rounds is not (spec §8: 'No {placement title} data available' with hints)", () => {
    expect(resolvePlacementRows(board('Week', { top: [standing('a')] }), 'weighted')).toEqual({ kind: 'empty-view' });
    expect(noPlacementDataText('weighted')).toBe('No High-Stakes data available');
    expect(noPlacementDataText('all')).toBe('No All Rounds data available');
  });

  it("says 'No placement standings available' for a period with none at all", () => {
    expect(resolvePlacementRows(board('Week'), 'weighted')).toEqual({ kind: 'none' });
    expect(resolvePlacementRows(board('Week'), 'all')).toEqual({ kind: 'none' });
    expect(resolvePlacementRows(undefined, 'all')).toEqual({ kind: 'none' });
    expect(NO_PLACEMENTS_TEXT).toBe('No placement standings available');
  });
});

describe('the rules the boards state (shared rule ONE WEEK: "today and the 6 days before, UTC")', () => {
  it('gives each period its rule and UTC dates (a UTC midnight is not the day before anywhere)', () => {
    // Read west of Greenwich, where 2 Jan 00:00 UTC is still 1 Jan (the tests otherwise run in UTC, which could not
    // tell the two apart).
    vi.stubEnv('TZ', 'America/Los_Angeles');
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    expect(new Date('2026-01-02T00:00:00Z').getDate()).toBe(1);
    const week = { period: 'Week', startPeriod: '2026-01-02T00:00:00Z', endPeriod: '2026-01-08T12:00:00Z' } as const;
    expect(leaderboardPeriodRule(week)).toMatch(/^Week: today and the 6 days before, UTC \((Jan 2, 2026|2 Jan 2026)/);
    expect(leaderboardPeriodRule({ ...week, period: 'Month' })).toMatch(/^Month: today and the 29 days before, UTC/);
    expect(leaderboardPeriodRule({ ...week, period: 'AllTime' })).toMatch(/^All Time: every closed round since /);
  });

  it('states the ratio boards minimum in rounds and minutes', () => {
    expect(ratioBoardRule({ period: 'Week', minRoundsForRatios: 3, minMinutesForRatios: 30 })).toBe(
      'At least 3 rounds and 30 min in the week',
    );
    expect(ratioBoardRule({ period: 'Month', minRoundsForRatios: 10, minMinutesForRatios: 30 })).toBe(
      'At least 10 rounds and 30 min in the month',
    );
    expect(ratioBoardRule({ period: 'AllTime', minRoundsForRatios: 1, minMinutesForRatios: 30 })).toBe(
      'At least 1 round and 30 min in all',
    );
  });

  it('notes the earlier addresses of a server name, newest first in the answer', () => {
    const address = (ip: string) => ({ serverGuid: ip, ip, port: 14567, firstSeen: '', lastSeen: '' });
    expect(combinedAddressesNote([address('192.0.2.1')])).toBeNull();
    expect(combinedAddressesNote([address('192.0.2.1'), address('192.0.2.2'), address('192.0.2.3')])).toContain(
      '3 addresses under this name. Its boards, rankings and activity combine them all (earlier: 192.0.2.2:14567, 192.0.2.3:14567)',
    );
  });
});
