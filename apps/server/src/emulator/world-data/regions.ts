import type { RegionDefinition } from '../world-types.ts';

/** Where the community lives (regions, their countries and time zones) and how far apart those places are on the network. */

/**
 * Where players and servers are. The community is mostly European (these games' servers and clans survived
 * longest there), then North American; South America and Oceania are small but present.
 */
export const REGIONS: readonly RegionDefinition[] = [
  {
    id: 'europe-west',
    countries: [
      { code: 'DE', timeZone: 'Europe/Berlin', weight: 0.3 },
      { code: 'GB', timeZone: 'Europe/London', weight: 0.17 },
      { code: 'NL', timeZone: 'Europe/Amsterdam', weight: 0.12 },
      { code: 'FR', timeZone: 'Europe/Paris', weight: 0.1 },
      { code: 'BE', timeZone: 'Europe/Brussels', weight: 0.06 },
      { code: 'AT', timeZone: 'Europe/Vienna', weight: 0.05 },
      { code: 'CH', timeZone: 'Europe/Zurich', weight: 0.04 },
      { code: 'DK', timeZone: 'Europe/Copenhagen', weight: 0.04 },
      { code: 'ES', timeZone: 'Europe/Madrid', weight: 0.04 },
      { code: 'IT', timeZone: 'Europe/Rome', weight: 0.04 },
      { code: 'IE', timeZone: 'Europe/Dublin', weight: 0.02 },
      { code: 'PT', timeZone: 'Europe/Lisbon', weight: 0.02 },
    ],
    utcOffsetHours: 1,
    playerShare: 0.45,
  },
  {
    id: 'europe-north-east',
    countries: [
      { code: 'RU', timeZone: 'Europe/Moscow', weight: 0.26 },
      { code: 'PL', timeZone: 'Europe/Warsaw', weight: 0.18 },
      { code: 'SE', timeZone: 'Europe/Stockholm', weight: 0.12 },
      { code: 'FI', timeZone: 'Europe/Helsinki', weight: 0.1 },
      { code: 'CZ', timeZone: 'Europe/Prague', weight: 0.08 },
      { code: 'UA', timeZone: 'Europe/Kyiv', weight: 0.08 },
      { code: 'NO', timeZone: 'Europe/Oslo', weight: 0.05 },
      { code: 'HU', timeZone: 'Europe/Budapest', weight: 0.04 },
      { code: 'BY', timeZone: 'Europe/Minsk', weight: 0.03 },
      { code: 'EE', timeZone: 'Europe/Tallinn', weight: 0.02 },
      { code: 'LT', timeZone: 'Europe/Vilnius', weight: 0.02 },
      { code: 'SK', timeZone: 'Europe/Bratislava', weight: 0.02 },
    ],
    // Between Central European (Warsaw, Stockholm) and Moscow time, weighted by where the players are.
    utcOffsetHours: 2,
    playerShare: 0.25,
  },
  {
    id: 'north-america-east',
    countries: [
      { code: 'US', timeZone: 'America/New_York', weight: 0.55 },
      { code: 'US', timeZone: 'America/Chicago', weight: 0.25 },
      { code: 'CA', timeZone: 'America/Toronto', weight: 0.2 },
    ],
    utcOffsetHours: -5,
    playerShare: 0.15,
  },
  {
    id: 'north-america-west',
    countries: [
      { code: 'US', timeZone: 'America/Los_Angeles', weight: 0.6 },
      { code: 'US', timeZone: 'America/Denver', weight: 0.2 },
      { code: 'CA', timeZone: 'America/Vancouver', weight: 0.2 },
    ],
    utcOffsetHours: -8,
    playerShare: 0.06,
  },
  {
    id: 'south-america',
    countries: [
      { code: 'BR', timeZone: 'America/Sao_Paulo', weight: 0.6 },
      { code: 'AR', timeZone: 'America/Argentina/Buenos_Aires', weight: 0.25 },
      { code: 'CL', timeZone: 'America/Santiago', weight: 0.15 },
    ],
    utcOffsetHours: -3,
    playerShare: 0.04,
  },
  {
    id: 'oceania',
    countries: [
      { code: 'AU', timeZone: 'Australia/Sydney', weight: 0.5 },
      { code: 'AU', timeZone: 'Australia/Melbourne', weight: 0.2 },
      { code: 'NZ', timeZone: 'Pacific/Auckland', weight: 0.2 },
      { code: 'AU', timeZone: 'Australia/Perth', weight: 0.1 },
    ],
    utcOffsetHours: 10,
    playerShare: 0.05,
  },
];

export type PingEstimate = { base: number; jitter: number };

/**
 * Typical round trips (ms) between regions for a home connection of the time these games are still played:
 * same region 25–40, across the Atlantic 100–175, to Australia 160–320. Symmetric; keyed by the sorted pair.
 */
const PING_TABLE: ReadonlyMap<string, PingEstimate> = new Map(
  (
    [
      ['europe-west', 'europe-west', 25, 10],
      ['europe-north-east', 'europe-north-east', 40, 14],
      ['north-america-east', 'north-america-east', 30, 10],
      ['north-america-west', 'north-america-west', 30, 10],
      ['south-america', 'south-america', 40, 15],
      ['oceania', 'oceania', 35, 12],
      ['europe-west', 'europe-north-east', 45, 12],
      ['europe-west', 'north-america-east', 105, 15],
      ['europe-west', 'north-america-west', 150, 18],
      ['europe-west', 'south-america', 200, 25],
      ['europe-west', 'oceania', 280, 30],
      ['europe-north-east', 'north-america-east', 125, 18],
      ['europe-north-east', 'north-america-west', 175, 20],
      ['europe-north-east', 'south-america', 230, 25],
      ['europe-north-east', 'oceania', 300, 30],
      ['north-america-east', 'north-america-west', 70, 12],
      ['north-america-east', 'south-america', 130, 20],
      ['north-america-east', 'oceania', 220, 25],
      ['north-america-west', 'south-america', 170, 20],
      ['north-america-west', 'oceania', 160, 20],
      ['south-america', 'oceania', 320, 30],
    ] as const
  ).map(([from, to, base, jitter]) => [pingKeyOf(from, to), { base, jitter }]),
);

function pingKeyOf(from: string, to: string): string {
  return from < to ? `${from}|${to}` : `${to}|${from}`;
}

/** Typical ping (ms) and its spread from a player's region to a server's region; throws for an unknown region. */
export const PING_BY_REGION = (fromRegion: string, toRegion: string): PingEstimate => {
  const estimate = PING_TABLE.get(pingKeyOf(fromRegion, toRegion));
  if (!estimate) throw new RangeError(`no ping estimate between regions ${fromRegion} and ${toRegion}`);
  return estimate;
};
