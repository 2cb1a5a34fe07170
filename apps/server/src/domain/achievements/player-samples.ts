import type { Timeline } from '../timeline-codec.ts';

/**
 * One name's line on the scoreboard at one poll of a closed round: what the achievement rules walk. The values are
 * the scoreboard's (they start again from zero when the player rejoins), not the session's totals. Two people
 * sharing a name are one line, their counters summed (the tracker writes one sample per name and poll), so every
 * rule built on these samples is a rule about a name, as the site's achievements are.
 */
export interface PlayerSample {
  /** Poll time, unix ms (UTC). */
  at: number;
  score: number;
  kills: number;
  deaths: number;
  ping: number;
  team: number;
}

/**
 * Each name's samples of a round, in poll order (the timeline's polls are in time order: the store writes them as
 * they are polled). Names never sampled are left out.
 */
export function samplesByPlayer(timeline: Timeline): Map<string, PlayerSample[]> {
  const { names, polls } = timeline;
  // The store gives each name one index per round (one session per name), so a repeated name is a broken
  // timeline: merging two indexes would interleave two lines and invent kills and deaths between them.
  if (new Set(names).size !== names.length) throw new Error('timeline lists a player name more than once');

  const byIndex: PlayerSample[][] = names.map(() => []);
  for (const { at, samples } of polls) {
    for (const { player, score, kills, deaths, ping, team } of samples) {
      const list = byIndex[player];
      if (!list) throw new Error(`timeline sample names player ${player} of ${names.length}`);
      list.push({ at, score, kills, deaths, ping, team });
    }
  }
  const result = new Map<string, PlayerSample[]>();
  names.forEach((name, index) => {
    const samples = byIndex[index]!;
    if (samples.length > 0) result.set(name, samples);
  });
  return result;
}
