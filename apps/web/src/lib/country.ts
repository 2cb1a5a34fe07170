/**
 * Country codes and names of servers (spec: site-statistics §2 "Country shown as a flag from a 2-letter
 * code"). Names come from Intl.DisplayNames, which every browser ships, so no country table is bundled.
 * The flag itself is components/country-flag.tsx (decision 0007).
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

/**
 * Spec §9: "Country-code map of 14 countries (US, CA, GB, FR, DE, IT, ES, RU, CN, JP, IN, AU, BR, ZA)". These
 * names hold even where Intl.DisplayNames is missing or names a code differently.
 */
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  FR: 'France',
  DE: 'Germany',
  IT: 'Italy',
  ES: 'Spain',
  RU: 'Russia',
  CN: 'China',
  JP: 'Japan',
  IN: 'India',
  AU: 'Australia',
  BR: 'Brazil',
  ZA: 'South Africa',
};

/**
 * A server's country as a name (spec §2 "country name (from country code, falling back to the country
 * field)"): the spec's map, then the browser's name for the code, then the name the API sent; null when
 * there is nothing better than a bare code.
 */
export function countryDisplayName(code: string | null | undefined, fallback?: string | null): string | null {
  const normalised = normaliseCountryCode(code);
  if (normalised) {
    const known = COUNTRY_NAMES[normalised];
    if (known) return known;
    const name = countryName(normalised);
    if (name !== normalised) return name;
  }
  const field = fallback?.trim();
  return field ? field : null;
}
