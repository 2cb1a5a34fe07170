/**
 * Countries of servers (spec: site-statistics §2 "Country shown as a flag from a 2-letter code").
 *
 * Why a code badge and not a flag: regional-indicator emoji ("🇳🇱") only draw as flags where an emoji font
 * has them. Windows' Segoe UI Emoji has none, and Chromium on Linux without Noto Color Emoji (the usual
 * case on servers, CI and many desktops) shows two boxed letters. Drawing flags ourselves means an SVG per
 * country: kilobytes the 110 kB page budget cannot spare for a decoration. So the country is a compact
 * bordered "NL" badge, styled like a small flag plate, with the country's name (from Intl.DisplayNames, which
 * every browser ships) as its title and accessible name.
 */

const COUNTRY_CODE = /^[A-Za-z]{2}$/;

export function normaliseCountryCode(code: string | null | undefined): string | null {
  if (!code) return null;
  const trimmed = code.trim();
  return COUNTRY_CODE.test(trimmed) ? trimmed.toUpperCase() : null;
}

let regionNames: Intl.DisplayNames | null | undefined;

/** "Netherlands" for "NL"; the code itself when the browser does not know it. */
export function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}
