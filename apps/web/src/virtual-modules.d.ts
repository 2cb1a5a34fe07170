/** Modules that Vite plugins of this app generate (see vite-country-flags.ts). */
declare module 'virtual:country-flags' {
  /** Base of the flag files: the sprite is `${FLAG_ASSET_STEM}.svg`, each flag `${FLAG_ASSET_STEM}/<code>.svg`. */
  export const FLAG_ASSET_STEM: string;
  /** Lower-case codes of the flags in the sprite, separated by spaces. */
  export const FLAG_SPRITE_CODES: string;
}
