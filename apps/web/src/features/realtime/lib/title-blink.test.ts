import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTitleBlink } from './title-blink.ts';

beforeEach(() => {
  vi.useFakeTimers();
  document.title = 'Battlefield 1942 servers | Frontline';
});
afterEach(() => vi.useRealTimers());

describe('the blinking tab title (spec §4 "alternates a count prefix with the original title every second until cleared")', () => {
  it('alternates "(2) " + the title with the title every 1 s', () => {
    const blink = createTitleBlink();
    blink.setCount(2);
    expect(document.title).toBe('(2) Battlefield 1942 servers | Frontline');
    vi.advanceTimersByTime(1000);
    expect(document.title).toBe('Battlefield 1942 servers | Frontline');
    vi.advanceTimersByTime(1000);
    expect(document.title).toBe('(2) Battlefield 1942 servers | Frontline');
    blink.stop();
  });

  it('restores the exact original title when the count is cleared, and then stays still', () => {
    const blink = createTitleBlink();
    blink.setCount(1);
    blink.setCount(0);
    expect(document.title).toBe('Battlefield 1942 servers | Frontline');
    vi.advanceTimersByTime(5000);
    expect(document.title).toBe('Battlefield 1942 servers | Frontline');
  });

  it('shows a new count at once', () => {
    const blink = createTitleBlink();
    blink.setCount(1);
    blink.setCount(3);
    expect(document.title).toBe('(3) Battlefield 1942 servers | Frontline');
    blink.stop();
  });

  it('takes the page’s new title as the original after a navigation, never writing the old one back', () => {
    const blink = createTitleBlink();
    blink.setCount(2);
    // The page retitles itself while the prefix shows…
    document.title = 'Find players | Frontline';
    vi.advanceTimersByTime(1000);
    expect(document.title).toBe('(2) Find players | Frontline');
    vi.advanceTimersByTime(1000);
    expect(document.title).toBe('Find players | Frontline');
    // …and while the plain title shows.
    document.title = 'BuckCamper | Frontline';
    vi.advanceTimersByTime(1000);
    expect(document.title).toBe('(2) BuckCamper | Frontline');
    blink.setCount(0);
    expect(document.title).toBe('BuckCamper | Frontline');
  });

  it('leaves a title the page set after the last blink when it stops', () => {
    const blink = createTitleBlink();
    blink.setCount(1);
    document.title = 'Your dashboard | Frontline';
    blink.stop();
    expect(document.title).toBe('Your dashboard | Frontline');
  });
});
