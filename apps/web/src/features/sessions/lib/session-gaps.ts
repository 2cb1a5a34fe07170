import type { Session } from '@frontline/contract';
import { parseApiTimestamp } from '../../../lib/format.ts';
import { gapLaterLabel } from '../../../lib/time-gap.ts';

/**
 * The separators of a player's session list (spec: site-statistics §2 Player sessions "A separator 'N hours
 * later', '1 day later', 'N days later' appears between sessions at least 2 hours apart"; wording and rounding:
 * lib/time-gap.ts, the achievements history's rule too).
 *
 * The list is newest first, so a separator sits between a newer session (above) and an older one (below) and says
 * how much later the one above began: the page draws it with an arrow pointing up (docs/decisions/0031).
 *
 * What is measured: the break between two neighbours of the list. It runs from the end of the older session
 * (its endTime, when the player was last seen in it) to the start of the newer one: the time the player was
 * away. Start to start would count a long round as an absence. No separator under 2 hours, nor when the two
 * sessions overlap (a player seen on two servers at once) or a time cannot be read.
 */

/** The separator between a session and the next older one below it in the list, or null for none. */
function sessionGapLabel(newer: Pick<Session, 'startTime'>, older: Pick<Session, 'endTime'>): string | null {
  return gapLaterLabel(parseApiTimestamp(newer.startTime).getTime() - parseApiTimestamp(older.endTime).getTime());
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
