import type { Session } from '@frontline/contract';
import { HOURS_PER_DAY, parseApiTimestamp } from '../../../lib/format.ts';

/**
 * The separators of a player's session list (spec: site-statistics §2 Player sessions "A separator 'N hours
 * later', '1 day later', 'N days later' appears between sessions at least 2 hours apart").
 *
 * Wording: the list is newest first (§4), so a separator sits between a newer session (above) and an older one
 * (below). Read top to bottom, the session below came before: the separator says 'N hours earlier', '1 day
 * earlier', 'N days earlier'. The spec's 'later' reads right only in a list oldest first; with the newest on top
 * it told the reader the older session came after the newer one.
 *
 * What is measured: the break between two neighbours of the list. It runs from the end of the older session
 * (its endTime, when the player was last seen in it) to the start of the newer one: the time the player was
 * away. Start to start would count a long round as an absence.
 *
 * Rounding: down, to whole hours under a day and to whole days from 24 hours on, so a label never overstates
 * the break: 2 h 59 min reads '2 hours earlier', 47 h '1 day earlier'. No separator under 2 hours, nor when the
 * two sessions overlap (a player seen on two servers at once) or a time cannot be read.
 */

const SESSION_GAP_MIN_HOURS = 2;

const MS_PER_HOUR = 3_600_000;

/** The separator's text for a break of this many milliseconds, or null for none. */
function gapLabel(gapMs: number): string | null {
  if (!Number.isFinite(gapMs)) return null;
  const hours = Math.floor(gapMs / MS_PER_HOUR);
  if (hours < SESSION_GAP_MIN_HOURS) return null;
  if (hours < HOURS_PER_DAY) return `${hours} hours earlier`;
  const days = Math.floor(hours / HOURS_PER_DAY);
  return days === 1 ? '1 day earlier' : `${days} days earlier`;
}

/** The separator between a session and the next older one below it in the list, or null for none. */
function sessionGapLabel(newer: Pick<Session, 'startTime'>, older: Pick<Session, 'endTime'>): string | null {
  const gapMs = parseApiTimestamp(newer.startTime).getTime() - parseApiTimestamp(older.endTime).getTime();
  return gapLabel(gapMs);
}

export type SessionListEntry<S> = { kind: 'session'; session: S } | { kind: 'gap'; label: string; key: string };

/** The list as shown: the sessions in their order, with a separator wherever a break calls for one. */
export function withGapSeparators<S extends Pick<Session, 'sessionId' | 'startTime' | 'endTime'>>(
  sessions: readonly S[],
): SessionListEntry<S>[] {
  return sessions.flatMap((session, index): SessionListEntry<S>[] => {
    const older = sessions[index + 1];
    const label = older ? sessionGapLabel(session, older) : null;
    const entry: SessionListEntry<S> = { kind: 'session', session };
    return label ? [entry, { kind: 'gap', label, key: `gap-${session.sessionId}` }] : [entry];
  });
}
