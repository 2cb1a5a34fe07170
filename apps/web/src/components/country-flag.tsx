import { useState } from 'react';
import { FLAG_ASSET_STEM, FLAG_SPRITE_CODES } from 'virtual:country-flags';
import { countryName, normaliseCountryCode } from '../lib/country.ts';

/**
 * A country as its flag (spec §2 "Country shown as a flag from a 2-letter code"). Images rather than
 * regional-indicator emoji, which Windows and Chromium on Linux without a colour emoji font draw as two
 * boxed letters; see decision 0007 for where the images come from and what they cost.
 */

const spriteCodes = new Set(FLAG_SPRITE_CODES.split(' '));

/** The sprite's view for the common countries (one request for a whole list), else the flag's own file. */
function countryFlagUrl(code: string): string {
  const lower = code.toLowerCase();
  return spriteCodes.has(lower) ? `${FLAG_ASSET_STEM}.svg#${lower}` : `${FLAG_ASSET_STEM}/${lower}.svg`;
}

function isInSprite(code: string): boolean {
  return spriteCodes.has(code.toLowerCase());
}

/**
 * `title` names the country when the caller knows better than the code (a profile's country field);
 * by default the browser's own English name for the code. Nothing for a missing or malformed code; a code
 * with no flag (a user-assigned code such as "QZ", or an image that fails) falls back to a plate with its
 * letters.
 */
export function CountryFlag({ code, title }: { code: string | null | undefined; title?: string }) {
  const normalised = normaliseCountryCode(code);
  // Keyed by code, so a row that is reused for another country tries that country's image again.
  const [failedCode, setFailedCode] = useState<string | null>(null);
  if (!normalised) return null;
  const name = title ?? countryName(normalised);

  if (failedCode === normalised) {
    return (
      <span
        title={name}
        aria-label={name}
        role="img"
        data-testid="country-badge"
        className="inline-flex h-4 min-w-6 shrink-0 items-center justify-center rounded-[3px] border border-line-strong bg-raised px-1 font-mono text-[10px] leading-none font-semibold tracking-wider text-muted"
      >
        <span aria-hidden="true">{normalised}</span>
      </span>
    );
  }
  return (
    <img
      src={countryFlagUrl(normalised)}
      alt={name}
      title={name}
      width={20}
      height={15}
      // The sprite is one download for every row, so deferring it only makes the list settle later.
      loading={isInSprite(normalised) ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      data-testid="country-flag"
      onError={() => setFailedCode(normalised)}
      className="inline-block h-[15px] w-5 shrink-0 rounded-[2px] bg-sunken object-cover shadow-[0_0_0_1px_rgb(0_0_0/0.18)]"
    />
  );
}
