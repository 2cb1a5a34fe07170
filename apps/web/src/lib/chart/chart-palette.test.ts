import { afterEach, describe, expect, it } from 'vitest';
import { readChartPalette, withAlpha } from './chart-palette.ts';

afterEach(() => {
  document.documentElement.removeAttribute('style');
});

describe('chart colours', () => {
  it("reads the theme's tokens from the root element when drawing", () => {
    document.documentElement.style.setProperty('--fl-accent', '#e8a83e');
    document.documentElement.style.setProperty('--fl-danger', '#ef6a5f');
    const read = readChartPalette();
    expect(read.players).toBe('#e8a83e');
    expect(read.peak).toBe('#ef6a5f');
    // The busy marks share the peak's red token.
    expect(read.busy).toBe('#ef6a5f');
  });

  it('falls back to the light theme when the stylesheet is absent', () => {
    expect(readChartPalette().players).toBe('#8b5407');
  });

  it('adds alpha to hex and rgb colours', () => {
    expect(withAlpha('#9a5d08', 0.12)).toBe('rgba(154, 93, 8, 0.12)');
    expect(withAlpha('#fff', 0.5)).toBe('rgba(255, 255, 255, 0.5)');
    expect(withAlpha('rgb(1, 2, 3)', 0.3)).toBe('rgba(1, 2, 3, 0.3)');
    expect(withAlpha('oklch(70% 0.1 60)', 0.3)).toBe('oklch(70% 0.1 60)');
  });
});
