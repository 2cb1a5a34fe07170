import { describe, expect, it } from 'vitest';
import { kdTone, kdValue, sessionDeathsTone, sessionKillsTone, sessionScoreTone } from './tones';

describe('K/D colours', () => {
  it("bands K/D at 3, 2, 1.5 and 1 (spec §9: 'K/D colour thresholds 3, 2, 1.5, 1')", () => {
    expect(kdTone(3)).toBe('elite');
    expect(kdTone(12)).toBe('elite');
    expect(kdTone(2.99)).toBe('good');
    expect(kdTone(2)).toBe('good');
    expect(kdTone(1.5)).toBe('fair');
    expect(kdTone(1.49)).toBe('even');
    expect(kdTone(1)).toBe('even');
    expect(kdTone(0.99)).toBe('low');
    expect(kdTone(0)).toBe('low');
  });

  it('gives no band to a value that is not a number', () => {
    expect(kdTone(Number.NaN)).toBe('plain');
  });

  it("reads K/D as the kills when there are no deaths (spec §5: 'K/D shows kills when deaths is 0')", () => {
    expect(kdValue(7, 0)).toBe(7);
    expect(kdValue(6, 4)).toBe(1.5);
    expect(kdTone(kdValue(3, 0))).toBe('elite');
  });
});

describe('session colours', () => {
  it("bands kills at 5/15/30 (spec §9: 'Session colours: kills at 5/15/30')", () => {
    expect(sessionKillsTone(4)).toBe('plain');
    expect(sessionKillsTone(5)).toBe('good');
    expect(sessionKillsTone(15)).toBe('warn');
    expect(sessionKillsTone(30)).toBe('low');
  });

  it("bands deaths at 5/10/20 (spec §9: 'deaths 5/10/20')", () => {
    expect(sessionDeathsTone(4)).toBe('fair');
    expect(sessionDeathsTone(5)).toBe('good');
    expect(sessionDeathsTone(10)).toBe('warn');
    expect(sessionDeathsTone(20)).toBe('low');
  });

  it("bands the score at 25/50/100 (spec §9: 'total 25/50/100')", () => {
    expect(sessionScoreTone(24)).toBe('plain');
    expect(sessionScoreTone(25)).toBe('warn');
    expect(sessionScoreTone(50)).toBe('fair');
    expect(sessionScoreTone(100)).toBe('good');
  });
});
