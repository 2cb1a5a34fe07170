import { describe, expect, it } from 'vitest';
import {
  achievementsApiQuery,
  achievementsQueryParams,
  parseAchievementsQuery,
  withAchievementFilters,
  withAchievementsPageSize,
} from './achievements-query.ts';

const parse = (text: string) => parseAchievementsQuery(new URLSearchParams(text));

describe('achievements URL query', () => {
  // §2 "/players/{playerName}/achievements (query map, achievement, page, pageSize)"; §5; §9 default 50.
  it('reads map, achievement, page and pageSize, invalid values as defaults', () => {
    expect(parse('map=berlin&achievement=team_victory&page=3&pageSize=25')).toEqual({
      map: 'berlin',
      achievement: 'team_victory',
      page: 3,
      pageSize: 25,
    });
    expect(parse('page=0&pageSize=20')).toEqual({ map: '', achievement: '', page: 1, pageSize: 50 });
    expect(parse('page=abc&pageSize=100')).toMatchObject({ page: 1, pageSize: 100 });
  });

  it('writes only what differs from the defaults', () => {
    expect(achievementsQueryParams(parse('')).toString()).toBe('');
    expect(achievementsQueryParams(parse('map=+berlin+&page=2&pageSize=50')).toString()).toBe('map=berlin&page=2');
  });

  // §4 "changing either filter resets to page 1".
  it('starts a changed filter or page size from page 1', () => {
    const onPage4 = parse('page=4&map=berlin');
    expect(withAchievementFilters(onPage4, { achievement: 'kill_streak_5' })).toEqual({
      map: 'berlin',
      achievement: 'kill_streak_5',
      page: 1,
      pageSize: 50,
    });
    expect(withAchievementFilters(onPage4, { map: '' }).page).toBe(1);
    expect(withAchievementsPageSize(onPage4, 100)).toMatchObject({ page: 1, pageSize: 100 });
  });

  // §7 "query playerName, page, pageSize, sortBy=AchievedAt, sortOrder=desc, optional mapName, optional achievementId".
  it('asks the API newest first, blank filters left out', () => {
    expect(achievementsApiQuery('Sniper', parse('achievement=team_victory'), 'Europe/Berlin')).toEqual({
      playerName: 'Sniper',
      page: 1,
      pageSize: 50,
      sortBy: 'AchievedAt',
      sortOrder: 'desc',
      mapName: undefined,
      achievementId: 'team_victory',
      timeZone: 'Europe/Berlin',
    });
  });
});
