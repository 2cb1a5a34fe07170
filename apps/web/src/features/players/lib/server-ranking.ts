/**
 * Figures of the profile's Server Rankings (spec: site-statistics §3 "serverRankings[serverGuid, serverName,
 * rank, totalRankedPlayers, averagePing]"). The 'R of N' is the spec's; the share and the ping colours help
 * read it.
 */

export type PingTone = 'good' | 'fair' | 'poor';

/** §9 ping bands of the comparison ("at most 50, at most 100"), the rule the spec gives for a player's ping. */
export function pingTone(ping: number): PingTone {
  if (ping <= 50) return 'good';
  if (ping <= 100) return 'fair';
  return 'poor';
}

export const PING_TONE_CLASSES: Record<PingTone, string> = {
  good: 'text-good',
  fair: 'text-warn',
  poor: 'text-danger',
};

/** Where the rank stands among the server's ranked players, as "Top 4%" (rounded up; "Top <1%" below 1). */
export function topShare(rank: number, totalRankedPlayers: number): string {
  if (!(totalRankedPlayers > 0) || !(rank > 0)) return '';
  const percent = (Math.min(rank, totalRankedPlayers) / totalRankedPlayers) * 100;
  return `Top ${percent < 1 ? '<1' : Math.ceil(percent)}%`;
}

/** How full the rank bar is: 1 for first place, near 0 for last, never quite empty so it stays visible. */
export function rankBarShare(rank: number, totalRankedPlayers: number): number {
  if (!(totalRankedPlayers > 0) || !(rank > 0)) return 0;
  return Math.max(0.03, 1 - (Math.min(rank, totalRankedPlayers) - 1) / totalRankedPlayers);
}
