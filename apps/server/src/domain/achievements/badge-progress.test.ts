import { describe, expect, it } from 'vitest';
import {
  advanceBadgeProgress,
  emptyBadgeProgress,
  type BadgeAward,
  type BadgeProgress,
  type PlayedRound,
} from './badge-progress.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 2024-05-01T00:00:00Z: day 0 of every dataset. */
const DAY0 = Date.parse('2024-05-01T00:00:00Z');

/** A 30-minute session on server A, fully played, 10 kills and 10 deaths, started at 14:00 on the server's clock. */
function session(overrides: Partial<PlayedRound> = {}): PlayedRound {
  const startMs = overrides.startMs ?? DAY0;
  return {
    startMs,
    endMs: startMs + 30 * MINUTE,
    serverGuid: 'server-a',
    kills: 10,
    deaths: 10,
    score: 100,
    playedMs: 30 * MINUTE,
    localStartHour: 14,
    ...overrides,
  };
}

/**
 * Sessions one after another, 40 minutes apart (a 10-minute break: never one sitting), starting on `day`; each is
 * the default session with the overrides of its index.
 */
function series(count: number, each: (index: number) => Partial<PlayedRound> = () => ({}), day = 0): PlayedRound[] {
  return Array.from({ length: count }, (_, index) => {
    const startMs = DAY0 + day * DAY + index * 40 * MINUTE;
    return session({ startMs, endMs: startMs + 30 * MINUTE, ...each(index) });
  });
}

interface Earned extends BadgeAward {
  /** The index of the session that earned it. */
  at: number;
}

/** Feeds the sessions in order, owning each award from then on, as the round-closed step does. */
function play(sessions: readonly PlayedRound[], owned: ReadonlySet<string> = new Set(), start = emptyBadgeProgress()) {
  const ownedNow = new Set(owned);
  let progress = start;
  const earned: Earned[] = [];
  sessions.forEach((round, at) => {
    const result = advanceBadgeProgress(progress, round, ownedNow);
    progress = result.progress;
    for (const award of result.awards) {
      ownedNow.add(award.achievementId);
      earned.push({ ...award, at });
    }
  });
  return { progress, earned };
}

const earnedOf = (sessions: readonly PlayedRound[], id: string) =>
  play(sessions).earned.filter((award) => award.achievementId === id);

/** Kills that make `total` kills over `count` sessions, as evenly as whole kills allow (the first ones get one more). */
const spread = (total: number, count: number) => (index: number) =>
  Math.floor(total / count) + (index < total % count ? 1 : 0);

describe('sharpshooter: "1.0/1.5/2.0/2.5 KPM over 10/25/50/100 rounds"', () => {
  it('earns bronze at the 10th counted round at exactly 1.0 kills per minute, with its figures', () => {
    const earned = earnedOf(
      series(10, () => ({ kills: 30 })),
      'sharpshooter_bronze',
    );
    expect(earned).toEqual([
      {
        achievementId: 'sharpshooter_bronze',
        value: 100,
        tier: 'bronze',
        metadata: { kills_per_minute: 1, rounds: 10, kills: 300, minutes_played: 300 },
        at: 9,
      },
    ]);
  });

  it('misses bronze one round short, or a hundredth below the rate (0.99)', () => {
    expect(
      earnedOf(
        series(9, () => ({ kills: 30 })),
        'sharpshooter_bronze',
      ),
    ).toEqual([]);
    const kills = spread(297, 10);
    expect(
      earnedOf(
        series(10, (i) => ({ kills: kills(i) })),
        'sharpshooter_bronze',
      ),
    ).toEqual([]);
  });

  it('reads the last N counted rounds only: ten poor rounds before ten good ones delay it, they do not prevent it', () => {
    const earned = earnedOf(
      series(20, (i) => ({ kills: i < 10 ? 0 : 30 })),
      'sharpshooter_bronze',
    );
    expect(earned.map((award) => award.at)).toEqual([19]);
  });

  it('earns each tier at its own round count; 2.49 over the last 100 misses legend', () => {
    const tiers = ['sharpshooter_bronze', 'sharpshooter_silver', 'sharpshooter_gold', 'sharpshooter_legend'];
    const atLegendRate = play(series(100, () => ({ kills: 75 }))).earned;
    expect(atLegendRate.filter((a) => tiers.includes(a.achievementId)).map((a) => [a.achievementId, a.at])).toEqual([
      ['sharpshooter_bronze', 9],
      ['sharpshooter_silver', 24],
      ['sharpshooter_gold', 49],
      ['sharpshooter_legend', 99],
    ]);
    // 7,470 kills in 3,000 minutes, the lower kills last so that the last 50 stay above 2.0 too.
    const justBelow = play(series(100, (i) => ({ kills: i < 70 ? 75 : 74 }))).earned;
    expect(justBelow.map((a) => a.achievementId).filter((id) => tiers.includes(id))).toEqual(tiers.slice(0, 3));
  });

  it('leaves out sessions shorter than 5 minutes: neither counted nor diluting the rate', () => {
    const short = series(10, () => ({ kills: 30, playedMs: 5 * MINUTE - 1 }));
    expect(earnedOf(short, 'sharpshooter_bronze')).toEqual([]);
    // Ten good rounds with a 4-minute visit of no kills after each: still 1.0 over the last 10 counted rounds.
    const withVisits = series(20, (i) => (i % 2 === 0 ? { kills: 30 } : { kills: 0, playedMs: 4 * MINUTE }));
    expect(earnedOf(withVisits, 'sharpshooter_bronze').map((award) => award.at)).toEqual([18]);
    // Exactly 5 minutes counts.
    const fiveMinutes = series(10, () => ({ kills: 5, playedMs: 5 * MINUTE }));
    expect(earnedOf(fiveMinutes, 'sharpshooter_bronze').map((award) => award.at)).toEqual([9]);
  });
});

describe('elite warrior: "2/3/4/5 KD over 25/50/100/200 rounds"', () => {
  it('earns bronze at the 25th counted round at exactly K/D 2, with its figures', () => {
    expect(
      earnedOf(
        series(25, () => ({ kills: 20, deaths: 10 })),
        'elite_warrior_bronze',
      ),
    ).toEqual([
      {
        achievementId: 'elite_warrior_bronze',
        value: 200,
        tier: 'bronze',
        metadata: { kd_ratio: 2, rounds: 25, kills: 500, deaths: 250 },
        at: 24,
      },
    ]);
  });

  it('misses bronze at K/D 1.99, and one round short', () => {
    const kills = spread(497, 25);
    expect(
      earnedOf(
        series(25, (i) => ({ kills: kills(i), deaths: 10 })),
        'elite_warrior_bronze',
      ),
    ).toEqual([]);
    expect(
      earnedOf(
        series(24, () => ({ kills: 20, deaths: 10 })),
        'elite_warrior_bronze',
      ),
    ).toEqual([]);
  });

  it('divides by max(1, deaths): 25 deathless rounds of 2 kills read K/D 50', () => {
    const [award] = earnedOf(
      series(25, () => ({ kills: 2, deaths: 0 })),
      'elite_warrior_bronze',
    );
    expect(award?.metadata).toMatchObject({ kd_ratio: 50, kills: 50, deaths: 0 });
  });

  it('earns legend over the last 200 counted rounds at K/D 5; 4.99 misses it', () => {
    expect(
      earnedOf(
        series(200, () => ({ kills: 50, deaths: 10 })),
        'elite_warrior_legend',
      ).map((a) => a.at),
    ).toEqual([199]);
    const kills = spread(9_980, 200);
    const justBelow = series(200, (i) => ({ kills: kills(i), deaths: 10 }));
    expect(earnedOf(justBelow, 'elite_warrior_legend')).toEqual([]);
    expect(earnedOf(justBelow, 'elite_warrior_gold')).toHaveLength(1);
  });
});

describe('consistent killer: "a positive K/D in 80 % of your last 50 rounds"', () => {
  // Positive means more kills than deaths; a deathless round with a kill is positive, an even one (or 0–0) is not.
  const positive = (i: number) => (i % 2 === 0 ? { kills: 3, deaths: 0 } : { kills: 11, deaths: 10 });
  const even = (i: number) => (i % 2 === 0 ? { kills: 0, deaths: 0 } : { kills: 10, deaths: 10 });

  it('earns it with 40 positive rounds of the last 50', () => {
    const earned = earnedOf(
      series(50, (i) => (i < 10 ? even(i) : positive(i))),
      'consistent_killer',
    );
    expect(earned).toEqual([
      {
        achievementId: 'consistent_killer',
        value: 80,
        tier: 'silver',
        metadata: { positive_rounds: 40, rounds: 50, positive_share: 0.8 },
        at: 49,
      },
    ]);
  });

  it('misses it with 39 positive rounds, counting even rounds and 0–0 as not positive', () => {
    expect(
      earnedOf(
        series(50, (i) => (i < 11 ? even(i) : positive(i))),
        'consistent_killer',
      ),
    ).toEqual([]);
    expect(earnedOf(series(49, positive), 'consistent_killer')).toEqual([]);
  });
});

describe('rock solid: "a variance of per-round K/D of at most 0.3 over your last 100 rounds"', () => {
  it('earns it with per-round K/D alternating 1 and 2 (variance 0.25, mean 1.5)', () => {
    const earned = earnedOf(
      series(100, (i) => ({ kills: i % 2 ? 20 : 10, deaths: 10 })),
      'rock_solid',
    );
    expect(earned).toEqual([
      {
        achievementId: 'rock_solid',
        value: 25,
        tier: 'gold',
        metadata: { kd_variance: 0.25, mean_kd: 1.5, rounds: 100 },
        at: 99,
      },
    ]);
  });

  it('misses it with K/D alternating 1 and 2.1 (variance 0.3025), and one round short', () => {
    expect(
      earnedOf(
        series(100, (i) => ({ kills: i % 2 ? 21 : 10, deaths: 10 })),
        'rock_solid',
      ),
    ).toEqual([]);
    expect(
      earnedOf(
        series(99, (i) => ({ kills: i % 2 ? 20 : 10, deaths: 10 })),
        'rock_solid',
      ),
    ).toEqual([]);
  });

  it('asks for a mean K/D of at least 1: a player who never kills has no variance and no badge', () => {
    expect(
      earnedOf(
        series(100, () => ({ kills: 0, deaths: 5 })),
        'rock_solid',
      ),
    ).toEqual([]);
    // 9 kills and 10 deaths every round: variance 0, mean 0.9.
    expect(
      earnedOf(
        series(100, () => ({ kills: 9, deaths: 10 })),
        'rock_solid',
      ),
    ).toEqual([]);
    expect(
      earnedOf(
        series(100, () => ({ kills: 10, deaths: 10 })),
        'rock_solid',
      ),
    ).toHaveLength(1);
  });
});

describe('comeback king: "your K/D of the last 30 days is 1.5 times that of the 30 days before"', () => {
  /** Ten rounds of K/D 1 on `earlierDay`, then `recent` rounds on `recentDay` with the given kills per 10 deaths. */
  const comeback = (earlierDay: number, recentDay: number, recentKills: (index: number) => number, recent = 10) => [
    ...series(10, () => ({ kills: 10, deaths: 10 }), earlierDay),
    ...series(recent, (i) => ({ kills: recentKills(i), deaths: 10 }), recentDay),
  ];

  it('earns it when the last 30 days read K/D 1.5 against 1.0, each with 10 counted rounds', () => {
    const earned = earnedOf(
      comeback(0, 40, () => 15),
      'comeback_king',
    );
    expect(earned).toEqual([
      {
        achievementId: 'comeback_king',
        value: 150,
        tier: 'gold',
        metadata: {
          kd_ratio: 1.5,
          previous_kd_ratio: 1,
          improvement_factor: 1.5,
          rounds: 10,
          previous_rounds: 10,
          period_days: 30,
        },
        at: 19,
      },
    ]);
  });

  it('misses it at 1.49 times, or with 9 rounds in either period', () => {
    expect(earnedOf(comeback(0, 40, spread(149, 10)), 'comeback_king')).toEqual([]);
    expect(
      earnedOf(
        comeback(0, 40, () => 15, 9),
        'comeback_king',
      ),
    ).toEqual([]);
    const nineEarlier = [...series(9, () => ({}), 0), ...series(10, () => ({ kills: 30 }), 40)];
    expect(earnedOf(nineEarlier, 'comeback_king')).toEqual([]);
  });

  it('periods are whole UTC days: day −30 is the earlier period, day −29 the recent one, day −60 neither', () => {
    expect(
      earnedOf(
        comeback(0, 30, () => 15),
        'comeback_king',
      ),
    ).toHaveLength(1);
    // Both sets of rounds in the last 30 days: no earlier period to compare with.
    expect(
      earnedOf(
        comeback(0, 29, () => 15),
        'comeback_king',
      ),
    ).toEqual([]);
    expect(
      earnedOf(
        comeback(0, 59, () => 15),
        'comeback_king',
      ),
    ).toHaveLength(1);
    expect(
      earnedOf(
        comeback(0, 60, () => 15),
        'comeback_king',
      ),
    ).toEqual([]);
  });

  it('measures no improvement over an earlier K/D of 0', () => {
    const fromZero = [...series(10, () => ({ kills: 0, deaths: 10 }), 0), ...series(10, () => ({}), 40)];
    expect(earnedOf(fromZero, 'comeback_king')).toEqual([]);
  });
});

describe('server regular: "50 rounds on one server within 30 days"', () => {
  /** `count` rounds on `server`, one every 12 hours from `firstDay`. */
  const twiceADay = (count: number, firstDay: number, server = 'server-a') =>
    Array.from({ length: count }, (_, i) =>
      session({ startMs: DAY0 + firstDay * DAY + i * 12 * HOUR, serverGuid: server }),
    );

  it('earns it at the 50th counted round on one server within 30 days, naming the server', () => {
    expect(earnedOf(twiceADay(50, 0), 'server_regular')).toEqual([
      {
        achievementId: 'server_regular',
        value: 50,
        tier: 'silver',
        metadata: { server_guid: 'server-a', rounds: 50, period_days: 30 },
        at: 49,
      },
    ]);
  });

  it('misses it with 49 rounds there and one elsewhere, with short visits, or spread over 31 days', () => {
    expect(earnedOf([...twiceADay(49, 0), ...twiceADay(1, 25, 'server-b')], 'server_regular')).toEqual([]);
    const visits = twiceADay(50, 0).map((round, i) => (i === 0 ? { ...round, playedMs: 4 * MINUTE } : round));
    expect(earnedOf(visits, 'server_regular')).toEqual([]);
    // 25 rounds on day 0, 25 on day 30: day 0 is outside "today and the 29 days before" day 30.
    const dayRounds = (day: number) => series(25, () => ({}), day);
    expect(earnedOf([...dayRounds(0), ...dayRounds(30)], 'server_regular')).toEqual([]);
    expect(earnedOf([...dayRounds(1), ...dayRounds(30)], 'server_regular')).toHaveLength(1);
  });
});

describe('night owl and early bird: "10 rounds started between 22:00 and 06:00 / 06:00 and 10:00, the server\'s local time"', () => {
  const atHours = (hours: number[], overrides: Partial<PlayedRound> = {}) =>
    series(hours.length, (i) => ({ localStartHour: hours[i]!, ...overrides }));

  it('night owl counts hours 22 to 05 across midnight, and earns it at the 10th', () => {
    const earned = earnedOf(atHours([22, 23, 0, 1, 2, 3, 4, 5, 5, 22]), 'night_owl');
    expect(earned).toEqual([
      {
        achievementId: 'night_owl',
        value: 10,
        tier: 'bronze',
        metadata: { rounds: 10, from_hour: 22, to_hour: 6 },
        at: 9,
      },
    ]);
  });

  it('night owl misses with 9 night rounds and hours 6 and 21, or with short visits', () => {
    expect(earnedOf(atHours([22, 23, 0, 1, 2, 3, 4, 5, 5, 6, 21]), 'night_owl')).toEqual([]);
    expect(earnedOf(atHours(Array<number>(10).fill(23), { playedMs: 4 * MINUTE }), 'night_owl')).toEqual([]);
  });

  it('early bird counts hours 6 to 9, not 10 nor 5', () => {
    expect(earnedOf(atHours([6, 7, 8, 9, 6, 7, 8, 9, 6, 9]), 'early_bird').map((a) => a.at)).toEqual([9]);
    expect(earnedOf(atHours([6, 7, 8, 9, 6, 7, 8, 9, 6, 10, 5]), 'early_bird')).toEqual([]);
  });

  it('counts all time, however far apart the rounds are', () => {
    const yearly = Array.from({ length: 10 }, (_, i) => session({ startMs: DAY0 + i * 40 * DAY, localStartHour: 7 }));
    expect(earnedOf(yearly, 'early_bird').map((a) => a.at)).toEqual([9]);
  });
});

describe('marathon warrior: "six hours in one sitting on one server, across rounds"', () => {
  /** Sessions of `lengthMs` on one server, each starting `gapMs` after the previous one ended. */
  const sitting = (
    count: number,
    lengthMs: number,
    gapMs: number,
    overrides: (i: number) => Partial<PlayedRound> = () => ({}),
  ) =>
    Array.from({ length: count }, (_, i) => {
      const startMs = DAY0 + i * (lengthMs + gapMs);
      return session({ startMs, endMs: startMs + lengthMs, playedMs: lengthMs, ...overrides(i) });
    });
  // 4 sessions of 86 min 15 s with 5-minute gaps: exactly 6 hours from the first start to the last end.
  const SESSION_MS = 86 * MINUTE + 15_000;

  it('earns it when the sitting reaches exactly 6 hours, with a 5-minute gap between rounds', () => {
    expect(earnedOf(sitting(4, SESSION_MS, 5 * MINUTE), 'marathon_warrior')).toEqual([
      {
        achievementId: 'marathon_warrior',
        value: 360,
        tier: 'gold',
        metadata: { sitting_hours: 6, rounds: 4, server_guid: 'server-a', started_at: '2024-05-01T00:00:00.000Z' },
        at: 3,
      },
    ]);
  });

  it('misses it a second short, with a 6-minute gap, or with a round on another server in between', () => {
    const secondShort = sitting(4, SESSION_MS, 5 * MINUTE, (i) => (i === 3 ? { playedMs: SESSION_MS - 1000 } : {}));
    secondShort[3] = { ...secondShort[3]!, endMs: secondShort[3]!.endMs - 1000 };
    expect(earnedOf(secondShort, 'marathon_warrior')).toEqual([]);
    expect(earnedOf(sitting(4, SESSION_MS + 1000, 6 * MINUTE), 'marathon_warrior')).toEqual([]);
    const elsewhere = sitting(5, SESSION_MS, 5 * MINUTE, (i) => (i === 2 ? { serverGuid: 'server-b' } : {}));
    expect(earnedOf(elsewhere, 'marathon_warrior')).toEqual([]);
  });

  it('keeps short sessions in the sitting (a round joined at its end) and earns it in one long round too', () => {
    const withShort = sitting(5, SESSION_MS, 5 * MINUTE, (i) => (i === 4 ? { playedMs: MINUTE } : {}));
    expect(earnedOf(withShort, 'marathon_warrior').map((a) => [a.at, a.metadata.rounds])).toEqual([[3, 4]]);
    const shortLast = sitting(4, SESSION_MS, 5 * MINUTE, (i) => (i === 3 ? { playedMs: 2 * MINUTE } : {}));
    expect(earnedOf(shortLast, 'marathon_warrior').map((a) => a.at)).toEqual([3]);
    expect(earnedOf(sitting(1, 6 * HOUR, 0), 'marathon_warrior').map((a) => a.metadata.rounds)).toEqual([1]);
  });
});

describe('advanceBadgeProgress, over a long history', () => {
  /** A varied history: 5,000 sessions, some short, on 40 servers, about 9 a day, every hour of the day. */
  const history = (count: number, seed = 1): PlayedRound[] => {
    let state = seed;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    let startMs = DAY0;
    return Array.from({ length: count }, () => {
      const playedMs = Math.floor(random() * 40 * MINUTE);
      startMs += Math.floor(random() * 5 * HOUR);
      return session({
        startMs,
        endMs: startMs + playedMs,
        playedMs,
        serverGuid: `server-${Math.floor(random() * 40)}`,
        kills: Math.floor(random() * 40),
        deaths: Math.floor(random() * 25),
        localStartHour: Math.floor(random() * 24),
      });
    });
  };

  it('"awarded once ever": an owned id is never returned, and no id is returned twice', () => {
    const { earned } = play(history(5_000));
    const ids = earned.map((award) => award.achievementId);
    expect(new Set(ids).size).toBe(ids.length);
    const owned = new Set(ids);
    expect(play(history(5_000), owned).earned).toEqual([]);
    // Owning one badge leaves the others as they were.
    const withoutFirst = play(history(5_000), new Set(ids.slice(1))).earned;
    expect(withoutFirst.map((award) => award.achievementId)).toEqual([ids[0]]);
  });

  it('keeps a bounded state: after 5,000 sessions the windows hold what the rules read and no more', () => {
    const { progress } = play(history(5_000));
    expect(progress.kills).toHaveLength(200);
    expect(progress.deaths).toHaveLength(200);
    expect(progress.playedSeconds).toHaveLength(100);
    expect(progress.days.length).toBeLessThanOrEqual(60);
    expect(progress.days[0]![0]).toBeLessThan(60);
    expect(progress.servers.length).toBe(progress.serverDays.length);
    for (const flat of progress.serverDays) {
      expect(flat[0]).toBeLessThan(30);
      expect(flat.length).toBeLessThanOrEqual(60);
    }
    // About 4 kB of JSON for a player with years of rounds, active on 40 servers in the last 30 days.
    expect(JSON.stringify(progress).length).toBeLessThan(4_500);
  });

  it('a state read back from JSON gives the same future awards and state', () => {
    const sessions = history(1_200, 7);
    const { progress: middle } = play(sessions.slice(0, 600));
    const reread = JSON.parse(JSON.stringify(middle)) as BadgeProgress;
    const ownedAtMiddle = new Set(play(sessions.slice(0, 600)).earned.map((award) => award.achievementId));
    const direct = play(sessions.slice(600), ownedAtMiddle, middle);
    const viaJson = play(sessions.slice(600), ownedAtMiddle, reread);
    expect(viaJson).toEqual(direct);
    expect(direct.earned.length).toBeGreaterThan(0);
  });

  it('never changes the state it is given', () => {
    const { progress } = play(history(300, 3));
    const before = JSON.stringify(progress);
    const frozen = deepFreeze(progress);
    for (const round of history(50, 4)) advanceBadgeProgress(frozen, round, new Set());
    expect(JSON.stringify(frozen)).toBe(before);
  });

  it('puts a session that closed after a later one on its own day', () => {
    const late = session({ startMs: DAY0 + 2 * DAY, kills: 7, deaths: 3 });
    const early = session({ startMs: DAY0 + DAY, kills: 5, deaths: 1 });
    const { progress } = play([late, early, late]);
    expect(progress.today).toBe(Math.floor(DAY0 / DAY) + 2);
    expect(progress.days).toEqual([
      [1, 5, 1, 1],
      [0, 14, 6, 2],
    ]);
    expect(progress.serverDays).toEqual([[1, 1, 0, 2]]);
  });

  it('refuses an hour outside 0..23 (a bug in the caller, not a round to count)', () => {
    expect(() => advanceBadgeProgress(emptyBadgeProgress(), session({ localStartHour: 24 }), new Set())).toThrow(
      RangeError,
    );
  });
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
