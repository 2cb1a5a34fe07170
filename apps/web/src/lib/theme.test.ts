import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isDarkThemeActive, setDarkMode, THEME_STORAGE_KEY, useDarkMode, watchThemeSources } from './theme.ts';

/** A controllable stand-in for the system colour-scheme preference (jsdom has no matchMedia). */
function fakeSystemPreference(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    set(value: boolean) {
      dark = value;
      for (const listener of listeners) listener();
    },
  };
}

const rootClasses = () => [...document.documentElement.classList].filter((name) => name.endsWith('-mode'));

describe("theme (spec: 'stored under darkMode as the text true or false. With nothing stored the theme follows the system dark preference; system changes apply only while nothing is stored')", () => {
  let stopWatching: (() => void) | undefined;
  beforeEach(() => document.documentElement.classList.remove('dark-mode', 'light-mode'));
  afterEach(() => {
    stopWatching?.();
    vi.unstubAllGlobals();
  });

  it('follows the system preference and its changes while nothing is stored', () => {
    const system = fakeSystemPreference(true);
    stopWatching = watchThemeSources();
    expect(rootClasses()).toEqual(['dark-mode']);
    system.set(false);
    expect(rootClasses()).toEqual(['light-mode']);
  });

  it("stores the user's choice as 'true'/'false' and then ignores system changes", () => {
    const system = fakeSystemPreference(false);
    stopWatching = watchThemeSources();
    setDarkMode(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('true');
    expect(rootClasses()).toEqual(['dark-mode']);
    system.set(false);
    expect(rootClasses()).toEqual(['dark-mode']);
    setDarkMode(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('false');
    expect(rootClasses()).toEqual(['light-mode']);
  });

  it('treats an unexpected stored value as nothing stored', () => {
    fakeSystemPreference(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'yes');
    expect(isDarkThemeActive()).toBe(true);
  });

  it('useDarkMode toggles and re-renders', () => {
    fakeSystemPreference(false);
    const { result } = renderHook(() => useDarkMode());
    expect(result.current.isDark).toBe(false);
    act(() => result.current.toggle());
    expect(result.current.isDark).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('true');
  });
});
