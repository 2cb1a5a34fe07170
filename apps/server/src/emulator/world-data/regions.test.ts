import { describe, expect, it } from 'vitest';
import { PING_BY_REGION, REGIONS } from './regions.ts';

describe('REGIONS', () => {
  it('shares the whole population out, over countries with a code and a time zone the runtime knows', () => {
    expect(REGIONS.reduce((sum, region) => sum + region.playerShare, 0)).toBeCloseTo(1, 6);
    for (const region of REGIONS) {
      expect(region.countries.length, region.id).toBeGreaterThan(0);
      for (const country of region.countries) {
        expect(country.code).toMatch(/^[A-Z]{2}$/);
        // Throws for a zone the runtime does not know.
        expect(() => new Intl.DateTimeFormat('en', { timeZone: country.timeZone }), country.timeZone).not.toThrow();
      }
    }
  });
});

describe('PING_BY_REGION', () => {
  it('estimates pings symmetrically: short within a region, long across oceans', () => {
    for (const from of REGIONS) {
      for (const to of REGIONS) {
        const ping = PING_BY_REGION(from.id, to.id);
        expect(PING_BY_REGION(to.id, from.id)).toEqual(ping);
        expect(ping.jitter).toBeGreaterThan(0);
        if (from.id === to.id) {
          expect(ping.base).toBeGreaterThanOrEqual(20);
          expect(ping.base).toBeLessThanOrEqual(45);
        } else {
          expect(ping.base).toBeGreaterThan(40);
        }
      }
    }
    expect(PING_BY_REGION('europe-west', 'north-america-east').base).toBeGreaterThanOrEqual(100);
    expect(PING_BY_REGION('europe-west', 'north-america-east').base).toBeLessThanOrEqual(130);
    expect(PING_BY_REGION('europe-west', 'oceania').base).toBeGreaterThanOrEqual(250);
    expect(() => PING_BY_REGION('europe-west', 'antarctica')).toThrow(RangeError);
  });
});
