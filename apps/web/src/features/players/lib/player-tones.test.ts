import { describe, expect, it } from 'vitest';
import { killRateTone } from './player-tones';

describe('kill-rate colours', () => {
  it("bands kills per minute at 1.2, 0.8, 0.6 and 0.4 (spec §9: 'kill-rate thresholds 1.2, 0.8, 0.6, 0.4')", () => {
    expect(killRateTone(1.2)).toBe('elite');
    expect(killRateTone(1.19)).toBe('good');
    expect(killRateTone(0.8)).toBe('good');
    expect(killRateTone(0.6)).toBe('fair');
    expect(killRateTone(0.4)).toBe('even');
    expect(killRateTone(0.39)).toBe('low');
  });
});
