import { useDarkMode } from '../../lib/theme.ts';
import { MoonIcon, SunIcon } from '../icons.tsx';

export function ThemeToggle() {
  const { isDark, toggle } = useDarkMode();
  const label = isDark ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      title={label}
      aria-pressed={isDark}
      data-testid="theme-toggle"
      className="inline-flex size-9 items-center justify-center rounded-md border border-line bg-raised text-muted transition-colors hover:border-line-strong hover:text-accent"
    >
      {isDark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
