import {
  BADGE_DEFINITIONS,
  KILLS_MILESTONES,
  KILL_STREAK_THRESHOLDS,
  PLAYTIME_MILESTONE_HOURS,
  SCORE_MILESTONES,
  TEAM_VICTORY_ID,
  TEAM_VICTORY_SWITCHED_ID,
  findBadgeDefinition,
  killStreakId,
  killsMilestoneId,
  playtimeMilestoneId,
  scoreMilestoneId,
  type Achievement,
  type AchievementsPageResponse,
  type GamificationResponse,
  type InitialDataResponse,
  type RoundAchievementsResponse,
  type StreakEntry,
  wholeMinutes,
} from '@frontline/contract';
import { awardMetadata } from '../../domain/achievements/award-storage.ts';
import type { RoundId } from '../../domain/ids.ts';
import { AnswerCache } from '../../lib/answer-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AchievementsRepository, AwardPageFilter, AwardRecord } from './achievements.repository.ts';
import { groupAwardsByDay } from './award-groups.ts';

/**
 * The achievements API (issue 18; site-statistics §3 "Gamification response", "Achievement"). Awards are stored by
 * the round-closed step (ingest/store/round-achievements.ts); this reads them and names them from the catalogue.
 */

const MILESTONE_IDS = [
  ...KILLS_MILESTONES.map(killsMilestoneId),
  ...PLAYTIME_MILESTONE_HOURS.map(playtimeMilestoneId),
  ...SCORE_MILESTONES.map(scoreMilestoneId),
];
const STREAK_IDS = KILL_STREAK_THRESHOLDS.map(killStreakId);
const TEAM_VICTORY_IDS = [TEAM_VICTORY_ID, TEAM_VICTORY_SWITCHED_ID];
/** "The newest awards" and "the newest team victories" of the profile. */
const NEWEST_LIMIT = 20;
/** §9: "16 shown as records". */
const RECENT_STREAKS_LIMIT = 16;

/** An award as the API sends it; an id the catalogue no longer defines is named by its id. */
export function toAchievement(award: AwardRecord): Achievement {
  const definition = findBadgeDefinition(award.achievementId);
  return {
    achievementId: award.achievementId,
    achievementType: definition?.achievementType ?? 'badge',
    achievementName: definition?.name ?? award.achievementId,
    tier: award.tier as Achievement['tier'],
    value: award.value,
    achievedAt: award.achievedAt,
    mapName: award.mapName,
    serverGuid: award.serverGuid,
    serverName: award.serverName,
    roundId: award.roundId,
    playerName: award.playerName,
    metadata: awardMetadata(award.achievementId, award.metadata, award.context),
  };
}

/**
 * One life's streak is the run of kill_streak awards its walk gave in one round: it starts at a 5-kill award (every
 * streak reaches 5 before any higher mark) and ends before the next one. Its count is the streak at its last award.
 */
export function streaksOf(awards: readonly AwardRecord[]): (StreakEntry & { roundKey: number })[] {
  const streaks: (StreakEntry & { roundKey: number })[] = [];
  const firstMark = killStreakId(KILL_STREAK_THRESHOLDS[0]);
  for (const award of awards) {
    // Stored as [actual streak] (domain/achievements/award-storage.ts).
    const [actual] = JSON.parse(award.metadata) as [number];
    const current = streaks.at(-1);
    if (award.achievementId === firstMark || !current || current.roundKey !== award.roundKey) {
      streaks.push({
        roundKey: award.roundKey,
        streakCount: actual,
        streakStart: award.achievedAt,
        streakEnd: award.achievedAt,
        serverGuid: award.serverGuid,
        serverName: award.serverName,
        mapName: award.mapName,
        roundId: award.roundId,
        isActive: award.roundIsActive,
      });
    } else {
      current.streakCount = Math.max(current.streakCount, actual);
      current.streakEnd = award.achievedAt;
    }
  }
  return streaks;
}

function bestStreaksOf(streakAwards: readonly AwardRecord[]) {
  const streaks = streaksOf(streakAwards);
  // The highest count; of equal ones the first reached.
  const best = streaks.reduce<(typeof streaks)[number] | undefined>(
    (top, streak) => (!top || streak.streakCount > top.streakCount ? streak : top),
    undefined,
  );
  return {
    bestSingleRoundStreak: best?.streakCount ?? 0,
    bestStreakDate: best?.streakEnd ?? null,
    bestStreakMap: best?.mapName ?? null,
    bestStreakServer: best?.serverName ?? null,
    recentStreaks: streaks
      .slice(-RECENT_STREAKS_LIMIT)
      .reverse()
      .map(({ roundKey: _roundKey, ...entry }) => entry),
  };
}

const totalPagesOf = (total: number, pageSize: number) => Math.ceil(total / pageSize);

export interface AchievementsPageRequest {
  page: number;
  /** Cards per page. */
  pageSize: number;
  sortOrder: 'asc' | 'desc';
  /** The visitor's zone (an IANA name), whose calendar days the cards are. */
  timeZone: string;
}

export function createAchievementsService({
  achievementsRepository,
  clock,
}: {
  achievementsRepository: AchievementsRepository;
  clock: Clock;
}) {
  const repository = achievementsRepository;
  // Awards change only when a round closes: a short reuse spares a busy profile the reads.
  const playerCache = new AnswerCache<GamificationResponse>({ reuseMs: 30_000, maxEntries: 500 });
  const pageCache = new AnswerCache<AchievementsPageResponse>({ reuseMs: 30_000, maxEntries: 500 });
  const initialData: InitialDataResponse = {
    badgeDefinitions: BADGE_DEFINITIONS.map(({ id, name, description, category, tier, requirements }) => ({
      id,
      name,
      description,
      category,
      tier,
      requirements: { ...requirements },
    })),
  };

  async function describePlayer(playerName: string): Promise<GamificationResponse | undefined> {
    // Unknown: undefined, which the cache does not keep (the player may appear with the next poll).
    if (!(await repository.playerExists(playerName))) return undefined;
    const [owned, milestones, victories, recent, streakAwards, totals] = await Promise.all([
      repository.ownedBadges(playerName),
      repository.newestAwards(playerName, MILESTONE_IDS.length, MILESTONE_IDS),
      repository.newestAwards(playerName, NEWEST_LIMIT, TEAM_VICTORY_IDS),
      repository.newestAwards(playerName, NEWEST_LIMIT),
      repository.allAwardsOf(playerName, STREAK_IDS),
      repository.milestoneTotals(playerName),
    ]);
    return {
      playerName,
      milestones: milestones.map(toAchievement),
      allBadges: owned
        .sort((a, b) => b.achievedAt.localeCompare(a.achievedAt) || a.achievementId.localeCompare(b.achievementId))
        .map((award) => ({ ...toAchievement(award), count: award.count })),
      teamVictories: victories.map(toAchievement),
      recentAchievements: recent.map(toAchievement),
      bestStreaks: bestStreaksOf(streakAwards),
      milestoneTotals: {
        kills: totals?.kills ?? 0,
        score: totals?.score ?? 0,
        playTimeMinutes: wholeMinutes(totals?.playedMs ?? 0),
      },
    };
  }

  /**
   * A page of the achievements page: `pageSize` cards (the awards of one id on one calendar day of `timeZone`) with
   * every award of each, so that a card's count is the whole day's wherever the page falls (docs/formulas.md,
   * "Achievements page"). `totalItems` counts the awards, `totalPages` the pages of cards.
   */
  async function listAchievements(
    filter: AwardPageFilter,
    page: AchievementsPageRequest,
  ): Promise<AchievementsPageResponse | undefined> {
    if (!(await repository.playerExists(filter.playerName))) return undefined;
    const [keys, owned, playerMaps] = await Promise.all([
      repository.awardKeys(filter, page.sortOrder),
      repository.ownedBadges(filter.playerName),
      repository.awardMaps(filter.playerName),
    ]);
    const groups = groupAwardsByDay(keys, page.timeZone);
    const shown = groups.slice((page.page - 1) * page.pageSize, page.page * page.pageSize);
    const items = await repository.awardsOf(
      filter.playerName,
      shown.flatMap((group) => group.awards),
      page.sortOrder,
    );
    return {
      items: items.map(toAchievement),
      page: page.page,
      pageSize: page.pageSize,
      totalItems: keys.length,
      totalPages: totalPagesOf(groups.length, page.pageSize),
      playerAchievementLabels: owned
        .map(({ achievementId }) => ({
          achievementId,
          displayName: findBadgeDefinition(achievementId)?.name ?? achievementId,
        }))
        .sort((a, b) => a.displayName.localeCompare(b.displayName) || a.achievementId.localeCompare(b.achievementId)),
      playerMaps,
    };
  }

  return {
    initialData: () => initialData,

    describePlayer: (playerName: string) => playerCache.reuse(playerName, clock(), () => describePlayer(playerName)),

    listAchievements: (filter: AwardPageFilter, page: AchievementsPageRequest) =>
      pageCache.reuse(JSON.stringify([filter, page]), clock(), () => listAchievements(filter, page)),

    async roundAchievements(roundId: RoundId): Promise<RoundAchievementsResponse | undefined> {
      const roundKey = await repository.roundKeyOf(roundId);
      if (roundKey === undefined) return undefined;
      return { roundId, items: (await repository.roundAwards(roundKey)).map(toAchievement) };
    },
  };
}

export type AchievementsService = ReturnType<typeof createAchievementsService>;
