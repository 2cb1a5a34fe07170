import { describe, expect, it } from 'vitest';
import { countryName, normaliseCountryCode } from './country.ts';

describe("country (spec §2: 'Country shown as a flag from a 2-letter code')", () => {
  it('accepts 2-letter codes in any case and nothing else', () => {
    expect(normaliseCountryCode('nl')).toBe('NL');
    expect(normaliseCountryCode(' DE ')).toBe('DE');
    expect(normaliseCountryCode('NLD')).toBeNull();
    expect(normaliseCountryCode('')).toBeNull();
    expect(normaliseCountryCode(null)).toBeNull();
  });

  it('names the country for the badge title', () => {
    expect(countryName('NL')).toBe('Netherlands');
    expect(countryName('US')).toBe('United States');
  });
});
