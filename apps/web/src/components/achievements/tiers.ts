/**
 * The tiers of achievements and their fixed colours (spec: site-statistics §3 "Achievement tiers: legendary, epic,
 * rare, uncommon, common, plus bronze, silver, gold, legend (team victory tiers bronze, silver, gold,
 * legendary/legend); each has a fixed colour"). Frontline awards only bronze, silver, gold and legend (the
 * contract's ACHIEVEMENT_TIERS); the rarity names are known too, so a row written by another rule still gets its
 * own colour instead of none. Text colours have a light and a dark shade so a tier's name reads on both themes.
 */

export interface TierStyle {
  label: string;
  /** The tier's name or figure as text. */
  text: string;
  /** A small pill with the tier's name. */
  chip: string;
  /** The frame of a card or tile of this tier. */
  frame: string;
}

const TIER_STYLES = {
  bronze: {
    label: 'Bronze',
    text: 'text-orange-800 dark:text-orange-300',
    chip: 'border-orange-500/50 bg-orange-500/10 text-orange-800 dark:text-orange-300',
    frame: 'border-orange-500/45',
  },
  silver: {
    label: 'Silver',
    text: 'text-slate-600 dark:text-slate-300',
    chip: 'border-slate-400/60 bg-slate-400/10 text-slate-600 dark:text-slate-300',
    frame: 'border-slate-400/60',
  },
  gold: {
    label: 'Gold',
    text: 'text-amber-800 dark:text-amber-300',
    chip: 'border-amber-500/60 bg-amber-400/10 text-amber-800 dark:text-amber-300',
    frame: 'border-amber-500/60',
  },
  legend: {
    label: 'Legend',
    text: 'text-rose-800 dark:text-rose-300',
    chip: 'border-rose-500/60 bg-rose-500/10 text-rose-800 dark:text-rose-300',
    frame: 'border-rose-500/60',
  },
  common: {
    label: 'Common',
    text: 'text-stone-600 dark:text-stone-300',
    chip: 'border-stone-400/60 bg-stone-400/10 text-stone-600 dark:text-stone-300',
    frame: 'border-stone-400/60',
  },
  uncommon: {
    label: 'Uncommon',
    text: 'text-green-800 dark:text-green-300',
    chip: 'border-green-500/50 bg-green-500/10 text-green-800 dark:text-green-300',
    frame: 'border-green-500/50',
  },
  rare: {
    label: 'Rare',
    text: 'text-sky-700 dark:text-sky-300',
    chip: 'border-sky-500/50 bg-sky-500/10 text-sky-700 dark:text-sky-300',
    frame: 'border-sky-500/50',
  },
  epic: {
    label: 'Epic',
    text: 'text-violet-700 dark:text-violet-300',
    chip: 'border-violet-500/50 bg-violet-500/10 text-violet-700 dark:text-violet-300',
    frame: 'border-violet-500/50',
  },
} as const satisfies Record<string, TierStyle>;

export type KnownTier = keyof typeof TIER_STYLES;

/** "legendary" is the team victories' other name of legend (§3 "legendary/legend"): one colour for both. */
const TIER_ALIASES: Readonly<Record<string, KnownTier>> = { legendary: 'legend' };

/** The tier a stored tier name stands for, or null for a name Frontline does not know. */
export function knownTier(tier: string): KnownTier | null {
  const name = tier.trim().toLowerCase();
  if (Object.hasOwn(TIER_STYLES, name)) return name as KnownTier;
  return TIER_ALIASES[name] ?? null;
}

/** An unknown tier is drawn in the lowest metal's colours rather than none, under its own name. */
export function tierStyle(tier: string): TierStyle {
  const known = knownTier(tier);
  if (known) return TIER_STYLES[known];
  const name = tier.trim();
  return { ...TIER_STYLES.bronze, label: name ? name[0]!.toUpperCase() + name.slice(1) : TIER_STYLES.bronze.label };
}
