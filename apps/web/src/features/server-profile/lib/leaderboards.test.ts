import type { PlacementStanding, ServerLeaderboard } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEADERBOARD_PERIOD,
  DEFAULT_MIN_PLAYERS,
  DEFAULT_PLACEMENT_VIEW,
  LEADERBOARD_PERIOD_LABELS,
  MIN_PLAYERS_OPTIONS,
  NO_PLACEMENTS_TEXT,
  findLeaderboard,
  hasPlacementData,
  noPlacementDataText,
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
