import type { LeaderboardEntry, RoundReportResponse } from '@frontline/contract';
import { LEADER_EVENT_EVERY_SNAPSHOTS, OBJECTIVE_EVENT_MIN_SCORE } from '@frontline/contract';
import { truncateName } from '../../../lib/format.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import type { Tone } from '../../../lib/tones.ts';
import { formatOffset, mapTitle, offsetMs, topEntry } from './report-display.ts';
import { countOf } from '../../../lib/plural.ts';

/**
 * The battle console's synthetic timeline (spec: site-statistics §4 "Round replay": "A synthetic event timeline
 * is built from snapshots; minute checkpoints; an event with score over 50 points and no kills counts as an
 * objective; a leader event is added every 3rd snapshot"; §3 "Console event: timestamp, message, colour,
 * original index, time display"). The feed has scoreboards, not a kill feed, so every event is read from the
 * difference between two consecutive snapshots and happens at the later one.
 *
 * The rules, in the order a step's events are listed:
 * - start: the first snapshot opens the battle (how many soldiers it saw). Its figures are the baseline: what
 *   players had before the first poll is not replayed.
 * - checkpoint: a snapshot whose time into the round reaches a new whole minute gets one "Minute N" marker
 *   (with one snapshot per N minutes on long rounds, markers are N minutes apart).
 * - kill: a player whose kill count rose gets one event for the kills since their previous line ("eliminated 3
 *   enemies"), with the points those kills came with.
 * - objective: a player whose score rose by more than OBJECTIVE_EVENT_MIN_SCORE (strictly: 51 points or more)
 *   while their kill count did not rise: points that kills cannot explain are flags, objectives, repairs.
 * - leader: every LEADER_EVENT_EVERY_SNAPSHOTS-th snapshot (the 3rd, 6th, 9th …, counted from 1) names the
 *   scoreboard's leader — except the last snapshot, whose end event names them already.
 * - end: the last snapshot closes the battle with its top scorer (or says that the round is still on).
 *
 * A player's change is measured from their previous line in the round — the last snapshot that listed them, so
 * a poll that missed them does not turn their whole scoreboard into new kills — and a player first seen after
 * the start counts from zero. Deaths never go down on one scoreboard line, so lower deaths mean the player
 * rejoined and the game restarted their line: what the new line shows is what they gained.
 */

export type BattleEventKind = 'start' | 'checkpoint' | 'kill' | 'objective' | 'leader' | 'end';

export interface BattleEvent {
  /** Position in the whole timeline, oldest first; a stable key and the order the console sorts by. */
  originalIndex: number;
  /** The snapshot (replay step) that reveals the event. */
  step: number;
  timestamp: string;
  /** Time into the round, as the round clock shows it ('12:30'). */
  timeDisplay: string;
  kind: BattleEventKind;
  message: string;
  colour: Tone;
  /** The raw names of the players the event is about (none for the round's own events), for tracking. */
  players: readonly string[];
}

const EVENT_COLOURS: Record<BattleEventKind, Tone> = {
  start: 'fair',
  checkpoint: 'plain',
  kill: 'good',
  objective: 'warn',
  leader: 'elite',
  end: 'elite',
};

const MINUTE_MS = 60_000;

type Line = Pick<LeaderboardEntry, 'score' | 'kills' | 'deaths'>;

const NO_LINE: Line = { score: 0, kills: 0, deaths: 0 };

/** What a player gained between their previous line and this one (see the rejoin rule above). */
function lineGain(previous: Line | undefined, current: Line): { kills: number; score: number } {
  const base = previous && current.deaths >= previous.deaths ? previous : NO_LINE;
  return { kills: Math.max(0, current.kills - base.kills), score: current.score - base.score };
}

function shownName(playerName: string): string {
  return truncateName(displayPlayerName(playerName));
}

/** Only ever called with gains: kills shown with the points they came with, objectives above the threshold. */
function gainedPoints(points: number): string {
  return `+${points} pts`;
}

type Draft = Omit<BattleEvent, 'originalIndex' | 'step' | 'timestamp' | 'timeDisplay' | 'colour'>;

function killMessage(entry: LeaderboardEntry, kills: number, points: number): string {
  const what = kills === 1 ? 'an enemy' : `${kills} enemies`;
  return `${shownName(entry.playerName)} eliminated ${what}${points > 0 ? ` (${gainedPoints(points)})` : ''}`;
}

function playerEvents(entries: readonly LeaderboardEntry[], lastLines: Map<string, Line>): Draft[] {
  const drafts: Draft[] = [];
  for (const entry of entries) {
    const gain = lineGain(lastLines.get(entry.playerName), entry);
    if (gain.kills > 0) {
      drafts.push({ kind: 'kill', message: killMessage(entry, gain.kills, gain.score), players: [entry.playerName] });
    } else if (gain.score > OBJECTIVE_EVENT_MIN_SCORE) {
      drafts.push({
        kind: 'objective',
        message: `${shownName(entry.playerName)} completed an objective (${gainedPoints(gain.score)})`,
        players: [entry.playerName],
      });
    }
  }
  return drafts;
}

function leaderMessage(leader: LeaderboardEntry): string {
  return `${shownName(leader.playerName)} leads with ${leader.score} pts (${leader.kills}/${leader.deaths})`;
}

function endDraft(report: RoundReportResponse, entries: readonly LeaderboardEntry[]): Draft {
  const top = topEntry(entries);
  const players = top ? [top.playerName] : [];
  if (report.round.isActive) {
    return {
      kind: 'end',
      message: `Latest poll: the battle is still raging${top ? ` and ${leaderMessage(top)}` : ''}`,
      players,
    };
  }
  return {
    kind: 'end',
    message: top
      ? `Battle over! ${shownName(top.playerName)} tops the scoreboard with ${top.score} pts`
      : 'Battle over!',
    players,
  };
}

export function buildBattleEvents(report: RoundReportResponse): BattleEvent[] {
  const { round, leaderboardSnapshots: snapshots } = report;
  const events: BattleEvent[] = [];
  const lastLines = new Map<string, Line>();
  const lastStep = snapshots.length - 1;
  let previousMinute = 0;

  snapshots.forEach((snapshot, step) => {
    const offset = offsetMs(round.startTime, snapshot.timestamp);
    const minute = Math.floor(offset / MINUTE_MS);
    const drafts: Draft[] = [];

    if (step === 0) {
      drafts.push({
        kind: 'start',
        message: `Battle begins on ${mapTitle(round.mapName)} with ${countOf(snapshot.entries.length, 'soldier')} on the field`,
        players: [],
      });
    } else {
      if (minute > previousMinute) drafts.push({ kind: 'checkpoint', message: `Minute ${minute}`, players: [] });
      drafts.push(...playerEvents(snapshot.entries, lastLines));
      const leader = topEntry(snapshot.entries);
      if ((step + 1) % LEADER_EVENT_EVERY_SNAPSHOTS === 0 && step !== lastStep && leader) {
        drafts.push({ kind: 'leader', message: leaderMessage(leader), players: [leader.playerName] });
      }
    }
    if (step === lastStep) drafts.push(endDraft(report, snapshot.entries));

    for (const entry of snapshot.entries) lastLines.set(entry.playerName, entry);
    previousMinute = minute;
    for (const draft of drafts) {
      events.push({
        ...draft,
        originalIndex: events.length,
        step,
        timestamp: snapshot.timestamp,
        timeDisplay: formatOffset(offset),
        colour: EVENT_COLOURS[draft.kind],
      });
    }
  });
  return events;
}

/**
 * How many events the first `step + 1` snapshots reveal, for every step: the console shows `events.slice(0,
 * counts[step])` without searching the timeline on every tick of the replay.
 */
export function revealedCounts(events: readonly BattleEvent[], stepCount: number): number[] {
  const counts = new Array<number>(stepCount).fill(0);
  for (const event of events) counts[event.step] = (counts[event.step] ?? 0) + 1;
  let total = 0;
  return counts.map((count) => (total += count));
}
