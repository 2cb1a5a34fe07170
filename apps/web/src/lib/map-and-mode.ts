/**
 * How map and game-type names from the feed are shown. The games report map folder names
 * ("battle_of_the_bulge") and mode keys ("ctf"); the table shows them as words. Filters and links keep the
 * raw names.
 */

/** "battle_of_the_bulge" → "battle of the bulge" (title-cased by CSS, so the raw casing of others is kept). */
export function formatMapName(mapName: string): string {
  return mapName.replace(/_+/g, ' ').trim();
}

/**
 * A map's name inside a sentence, where CSS cannot title-case one phrase: "omaha_beach" → "Omaha Beach"; a name that
 * already has capitals ("El_Alamein_Night", "DC_Road") keeps them.
 */
export function mapNameInText(mapName: string): string {
  const words = formatMapName(mapName);
  return words === words.toLowerCase()
    ? words.replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase())
    : words;
}

const GAME_TYPE_LABELS: Record<string, string> = {
  conquest: 'Conquest',
  ctf: 'CTF',
  tdm: 'TDM',
  coop: 'Co-op',
  'co-op': 'Co-op',
  objectivemode: 'Objective',
  objective: 'Objective',
  gpm_cq: 'Conquest',
  gpm_coop: 'Co-op',
  gpm_ctf: 'CTF',
  gpm_tdm: 'TDM',
  gpm_obj: 'Objective',
  gpm_skirmish: 'Skirmish',
};

/** "ctf" → "CTF", "coop" → "Co-op", "gpm_cq" (FH2) → "Conquest"; unknown modes as they came, spaced. */
export function formatGameType(gameType: string): string {
  const key = gameType.trim().toLowerCase();
  if (key === '') return '';
  return GAME_TYPE_LABELS[key] ?? gameType.replace(/_+/g, ' ').trim();
}
