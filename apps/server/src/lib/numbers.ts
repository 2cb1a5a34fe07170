export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** K/D as the spec shows it (site-statistics §5): the kills when there are no deaths, else kills/deaths to 2 decimals. */
export function kdRatioOf(kills: number, deaths: number): number {
  return deaths === 0 ? kills : roundTo(kills / deaths, 2);
}
