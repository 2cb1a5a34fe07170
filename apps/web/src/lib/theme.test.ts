import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDarkMode, watchThemeSources } from './theme.ts';

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
    const { result } = renderHook(() => useDarkMode());
    expect(rootClasses()).toEqual(['dark-mode']);
    expect(result.current.isDark).toBe(true);
    act(() => system.set(false));
    expect(rootClasses()).toEqual(['light-mode']);
    expect(result.current.isDark).toBe(false);
  });

  it("stores the user's choice as 'true'/'false' under darkMode and then ignores system changes", () => {
    const system = fakeSystemPreference(false);
    stopWatching = watchThemeSources();
    const { result } = renderHook(() => useDarkMode());
    act(() => result.current.toggle());
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(rootClasses()).toEqual(['dark-mode']);
    act(() => system.set(false));
    expect(rootClasses()).toEqual(['dark-mode']);
    act(() => result.current.toggle());
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(rootClasses()).toEqual(['light-mode']);
    expect(result.current.isDark).toBe(false);
  });

  it('treats an unexpected stored value as nothing stored', () => {
    fakeSystemPreference(true);
    localStorage.setItem('darkMode', 'yes');
    const { result } = renderHook(() => useDarkMode());
    expect(result.current.isDark).toBe(true);
  });

  it('tells every reader of the theme when another tab changes it', () => {
    fakeSystemPreference(false);
    stopWatching = watchThemeSources();
    const first = renderHook(() => useDarkMode());
    const second = renderHook(() => useDarkMode());
    localStorage.setItem('darkMode', 'true');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'darkMode' }));
    });
    expect(first.result.current.isDark).toBe(true);
    expect(second.result.current.isDark).toBe(true);
    expect(rootClasses()).toEqual(['dark-mode']);
  });
});
