import { describe, expect, it } from 'vitest';
import { countryDisplayName, countryName, normaliseCountryCode } from './country.ts';

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

describe("country names (spec §2 'country name (from country code, falling back to the country field)'; §9 'Country-code map of 14 countries')", () => {
  it('names the 14 countries of the spec by code, before the country field', () => {
    const codes = ['US', 'CA', 'GB', 'FR', 'DE', 'IT', 'ES', 'RU', 'CN', 'JP', 'IN', 'AU', 'BR', 'ZA'];
    expect(codes.map((code) => countryDisplayName(code, 'Elsewhere'))).toEqual([
      'United States',
      'Canada',
      'United Kingdom',
      'France',
      'Germany',
      'Italy',
      'Spain',
      'Russia',
      'China',
      'Japan',
      'India',
      'Australia',
      'Brazil',
      'South Africa',
    ]);
    expect(countryDisplayName('gb')).toBe('United Kingdom');
    expect(countryDisplayName('ZA', 'Somewhere else')).toBe('South Africa');
  });

  it("names other codes the browser's way", () => {
    expect(countryDisplayName('NL')).toBe('Netherlands');
    expect(countryDisplayName(' se ')).toBe('Sweden');
  });

  it('falls back to the country field for a missing, malformed or unknown code', () => {
    expect(countryDisplayName(null, 'Netherlands')).toBe('Netherlands');
    expect(countryDisplayName('NLD', ' Netherlands ')).toBe('Netherlands');
    expect(countryDisplayName('QZ', 'Atlantis')).toBe('Atlantis');
    expect(countryDisplayName('QZ')).toBeNull();
    expect(countryDisplayName(null, '  ')).toBeNull();
  });
});
