import { findBadgeDefinition, type Achievement } from '@frontline/contract';

/**
 * The words of an award: its name and what earns it from the catalogue (packages/contract/src/achievements.ts),
 * and the figures its rule stored with it (§3 "metadata (JSON string)").
 */

/** The catalogue's name; a row of an id the catalogue does not know keeps the name it was stored with. */
export function achievementTitle(achievement: Pick<Achievement, 'achievementId' | 'achievementName'>): string {
  return (
    findBadgeDefinition(achievement.achievementId)?.name ?? (achievement.achievementName || achievement.achievementId)
  );
}

/** What earns the badge, or null when the catalogue does not say (spec §8: a missing definition only warns). */
export function achievementDescription(achievementId: string): string | null {
  return findBadgeDefinition(achievementId)?.description ?? null;
}

export interface MetadataLine {
  label: string;
  value: string;
}

/**
 * Keys not worth a line: team numbers (the labels say which side) and the server's name (the modal shows the
 * server already).
 */
const HIDDEN_METADATA_KEYS = new Set(['team', 'winningteam', 'losingteam', 'servername']);

/** "WinningTeamTickets", "previous_kills", "actualStreak" → "Winning team tickets", "Previous kills", "Actual streak". */
export function metadataLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function metadataValue(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? numberFormat.format(value) : null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return null;
}

/**
 * The stored figures as lines to read, in the order stored. Text that is not a JSON object (or is empty) gives no
 * lines rather than an error: the rest of the award still shows.
 */
export function metadataLines(metadata: string): MetadataLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return [];
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
  return Object.entries(parsed as Record<string, unknown>).flatMap(([key, raw]) => {
    if (HIDDEN_METADATA_KEYS.has(key.toLowerCase())) return [];
    const value = metadataValue(raw);
    return value === null ? [] : [{ label: metadataLabel(key), value }];
  });
}
