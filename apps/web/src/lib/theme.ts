import { useSyncExternalStore } from 'react';

/**
 * Dark or light theme (spec: site-account-and-realtime §4 Theme). The user's choice is stored under
 * `darkMode` as the text `true` or `false`; with nothing stored the theme follows the system preference,
 * including its later changes. The theme is applied as `dark-mode` or `light-mode` on <html>.
 * (index.html applies the same rule before the first paint; this module keeps it up to date.)
 *
 * The one source of the current theme: whatever depends on it (the switch in the header, the charts that
 * draw in the theme's colours) reads it through useDarkMode and is told when it changes.
 */

const THEME_STORAGE_KEY = 'darkMode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

type Listener = () => void;
const listeners = new Set<Listener>();

function readStoredDarkMode(): boolean | null {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    if (stored === 'true') return true;
    if (stored === 'false') return false;
  } catch {
    // Storage can be unavailable (privacy modes); the system preference then decides.
  }
  return null;
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

function isDarkThemeActive(): boolean {
  return readStoredDarkMode() ?? systemPrefersDark();
}

function applyThemeClass(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark-mode', dark);
  root.classList.toggle('light-mode', !dark);
  // The browser's own UI (mobile address bar) takes the page's canvas colour (see styles.css).
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#0d100e' : '#f1ede2');
}

function notify(): void {
  applyThemeClass(isDarkThemeActive());
  for (const listener of listeners) listener();
}

/** Stores the user's explicit choice; from then on system changes no longer apply. */
function setDarkMode(dark: boolean): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, String(dark));
  } catch {
    // Without storage the choice lasts for this page only.
  }
  notify();
}

/** Starts following system changes and other tabs' choices; returns a function that stops it. */
export function watchThemeSources(): () => void {
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : undefined;
  // System changes apply only while nothing is stored: notify() recomputes from storage first.
  const onSystemChange = () => notify();
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) notify();
  };
  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  notify();
  return () => {
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDarkMode(): { isDark: boolean; toggle: () => void } {
  const isDark = useSyncExternalStore(subscribe, isDarkThemeActive, () => false);
  return { isDark, toggle: () => setDarkMode(!isDark) };
}
