import { findBadgeDefinition, type Achievement } from '@frontline/contract';
import { formatDateTime } from '../../lib/date-format.ts';
import { formatHourLabel } from '../../lib/format.ts';
import { mapNameInText } from '../../lib/map-and-mode.ts';
import { countOf } from '../../lib/plural.ts';

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

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

type ValueFormat = (value: number | string | boolean) => string | null;

const asNumber: ValueFormat = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? numberFormat.format(value) : null;
const asText: ValueFormat = (value) => (typeof value === 'string' && value.trim() !== '' ? value : null);
const asYesNo: ValueFormat = (value) => (typeof value === 'boolean' ? (value ? 'Yes' : 'No') : null);
const asPercent: ValueFormat = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? percentFormat.format(value) : null;
/** Top-percent thresholds are stored as percents already (10 = the top 10 %). */
const asPercentNumber: ValueFormat = (value) => (typeof value === 'number' ? `${numberFormat.format(value)} %` : null);
const asMap: ValueFormat = (value) => (typeof value === 'string' && value.trim() !== '' ? mapNameInText(value) : null);
const asHour: ValueFormat = (value) => (typeof value === 'number' ? formatHourLabel(value) : null);
const asRank: ValueFormat = (value) => (typeof value === 'number' ? `#${numberFormat.format(value)}` : null);
const asDays: ValueFormat = (value) => (typeof value === 'number' ? countOf(value, 'day') : null);
const asTimes: ValueFormat = (value) => (typeof value === 'number' ? `×${numberFormat.format(value)}` : null);
const asDateTime: ValueFormat = (value) => (typeof value === 'string' ? formatDateTime(value) : null);

/**
 * Every figure an award rule stores (apps/server/src/domain/achievements, decision 0017), by its key with case,
 * "_" and "-" ignored, as a reader's label and format. The keys are the rules' own words (PascalCase as the
 * reference site spells placement and victory metadata, snake_case elsewhere) and never reach the screen. Keys
 * left out here, or mapped to null, are not shown: team numbers (the labels say which side), the server (the modal
 * shows it) and the poll counts the team victory score is computed from.
 */
const METADATA_FIELDS: Readonly<Record<string, { label: string; format: ValueFormat } | null>> = {
  // Placements and team victories (§3 "Placement metadata", "Team victory metadata").
  team: null,
  teamlabel: { label: 'Team', format: asText },
  servername: null,
  score: { label: 'Score', format: asNumber },
  kills: { label: 'Kills', format: asNumber },
  deaths: { label: 'Deaths', format: asNumber },
  totalplayers: { label: 'Players in the round', format: asNumber },
  winningteam: null,
  winningteamlabel: { label: 'Winning team', format: asText },
  winningteamtickets: { label: 'Tickets left (winners)', format: asNumber },
  losingteam: null,
  losingteamlabel: { label: 'Losing team', format: asText },
  losingteamtickets: { label: 'Tickets left (losers)', format: asNumber },
  participationweight: { label: 'Time on the winning side', format: asPercent },
  teamcontribution: { label: 'Time with the winners, against a typical winner', format: asPercent },
  playerobservations: null,
  maxpossibleobservations: null,
  teamobservations: null,
  wasteamswitched: { label: 'Switched sides', format: asYesNo },
  // Kill streaks.
  actualstreak: { label: 'Kills in a row', format: asNumber },
  roundkills: { label: 'Kills in the round', format: asNumber },
  // Milestones: the lifetime total before and after the round that reached the mark.
  previouskills: { label: 'Kills before the round', format: asNumber },
  newkills: { label: 'Kills after the round', format: asNumber },
  previoushours: { label: 'Hours played before the round', format: asNumber },
  newhours: { label: 'Hours played after the round', format: asNumber },
  previousscore: { label: 'Score before the round', format: asNumber },
  newscore: { label: 'Score after the round', format: asNumber },
  // Badges (decision 0016).
  rounds: { label: 'Rounds', format: asNumber },
  previousrounds: { label: 'Rounds before', format: asNumber },
  fromhour: { label: 'From (server time)', format: asHour },
  tohour: { label: 'Until (server time)', format: asHour },
  sittinghours: { label: 'Hours in one sitting', format: asNumber },
  serverguid: null,
  startedat: { label: 'Started', format: asDateTime },
  killsperminute: { label: 'Kills per minute', format: asNumber },
  minutesplayed: { label: 'Minutes played', format: asNumber },
  kdratio: { label: 'K/D', format: asNumber },
  previouskdratio: { label: 'K/D before', format: asNumber },
  improvementfactor: { label: 'Improvement', format: asTimes },
  positiverounds: { label: 'Rounds with a positive K/D', format: asNumber },
  positiveshare: { label: 'Share of rounds with a positive K/D', format: asPercent },
  kdvariance: { label: 'K/D variance', format: asNumber },
  meankd: { label: 'Average K/D', format: asNumber },
  perioddays: { label: 'Period', format: asDays },
  // Map mastery.
  mapname: { label: 'Map', format: asMap },
  rank: { label: 'Rank on the map', format: asRank },
  players: { label: 'Players ranked on the map', format: asNumber },
  toppercent: { label: 'Needed: top', format: asPercentNumber },
};

const fieldKey = (key: string) => key.replace(/[_-]/g, '').toLowerCase();

/**
 * The stored figures as lines to read, in the order stored, each with its reader's label (METADATA_FIELDS). Text
 * that is not a JSON object (or is empty) gives no lines rather than an error: the rest of the award still shows.
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
    const field = METADATA_FIELDS[fieldKey(key)];
    if (!field || !(typeof raw === 'number' || typeof raw === 'string' || typeof raw === 'boolean')) return [];
    const value = field.format(raw);
    return value === null ? [] : [{ label: field.label, value }];
  });
}
