/**
 * The achievements page's cards (docs/formulas.md, "Achievements page"): the awards of one id on one calendar day of
 * the visitor's time zone make one card, however many there are. The page is cut between cards, never inside one,
 * so a card's count is the whole day's (a page cut by awards showed "First Blood ×9" for a day of 30).
 */

export interface AwardKey {
  achievementId: string;
  roundKey: number;
  achievedAt: string;
}

export interface AwardGroup {
  achievementId: string;
  /** The calendar day in the zone, `YYYY-MM-DD`. */
  day: string;
  /** In the list's order. */
  awards: AwardKey[];
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Every IANA zone's offset has been a whole number of quarter hours since the 1970s. */
const QUARTER_HOUR_MS = 15 * MINUTE_MS;

/**
 * Whether the text names a zone Intl knows by its IANA name (`Europe/Berlin`, `UTC`, an alias such as
 * `Asia/Calcutta`): what a browser reports as its own. Offsets (`+05:17`) are not names, and need not keep to
 * quarter hours.
 */
export function isTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in ms: its wall clock read as UTC, minus the instant. */
function offsetReader(timeZone: string): (ms: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  return (ms) => {
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(ms)) parts[part.type] = Number(part.value);
    const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute);
    return wall - Math.floor(ms / MINUTE_MS) * MINUTE_MS;
  };
}

/**
 * The calendar day in `timeZone` of an ISO instant. Intl (about 15 µs a call) is asked twice per UTC day the awards
 * fall on, for the offset at its start and at its end; on the rare day the offset changes, once per quarter hour.
 */
export function calendarDayIn(timeZone: string): (instant: string) => string {
  const offsetAt = offsetReader(timeZone);
  /** Per UTC day: its offset, or null when it changes during the day. */
  const dayOffsets = new Map<number, number | null>();
  const quarterOffsets = new Map<number, number>();
  const dayNames = new Map<number, string>();
  return (instant) => {
    const ms = Date.parse(instant);
    const utcDay = Math.floor(ms / DAY_MS);
    let offset = dayOffsets.get(utcDay);
    if (offset === undefined) {
      const first = offsetAt(utcDay * DAY_MS);
      offset = offsetAt((utcDay + 1) * DAY_MS - QUARTER_HOUR_MS) === first ? first : null;
      dayOffsets.set(utcDay, offset);
    }
    if (offset === null) {
      const quarter = Math.floor(ms / QUARTER_HOUR_MS);
      offset = quarterOffsets.get(quarter);
      if (offset === undefined) {
        offset = offsetAt(quarter * QUARTER_HOUR_MS);
        quarterOffsets.set(quarter, offset);
      }
    }
    const localDay = Math.floor((ms + offset) / DAY_MS);
    let name = dayNames.get(localDay);
    if (name === undefined) {
      name = new Date(localDay * DAY_MS).toISOString().slice(0, 10);
      dayNames.set(localDay, name);
    }
    return name;
  };
}

/** One group per id and calendar day, in the order each group's first award comes in the list. */
export function groupAwardsByDay(awards: readonly AwardKey[], timeZone: string): AwardGroup[] {
  const dayOf = calendarDayIn(timeZone);
  const groups = new Map<string, AwardGroup>();
  for (const award of awards) {
    const day = dayOf(award.achievedAt);
    const key = `${award.achievementId}|${day}`;
    const group = groups.get(key);
    if (group) group.awards.push(award);
    else groups.set(key, { achievementId: award.achievementId, day, awards: [award] });
  }
  return [...groups.values()];
}
