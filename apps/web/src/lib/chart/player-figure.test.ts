import { describe, expect, it } from 'vitest';
import { formatPlayerFigure } from './player-figure.ts';

describe('formatPlayerFigure', () => {
  it('shows counts whole and averages to one decimal', () => {
    expect(formatPlayerFigure(64)).toBe('64');
    expect(formatPlayerFigure(31.456)).toBe('31.5');
    expect(formatPlayerFigure(1234)).toBe('1,234');
    expect(formatPlayerFigure(Number.NaN)).toBe('—');
  });
});
