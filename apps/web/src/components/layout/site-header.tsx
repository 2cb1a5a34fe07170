import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../icons.tsx';
import { DemoNotice } from './demo-notice.tsx';
import type { NavEntry } from './nav-entry.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { TopBarNav } from './top-bar-nav.tsx';

/** Product name, theme switch and the login button's slot; on small screens also the navigation bar. */
export function SiteHeader({ entries, loginSlot }: { entries: readonly NavEntry[]; loginSlot?: ReactNode }) {
  return (
    <header className="sticky top-0 z-20 border-b border-line bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <div className="flex h-14 items-center gap-2 px-3 sm:gap-3 sm:px-4 md:px-8">
        <Link to="/landing" className="flex items-center gap-2.5 rounded-md" aria-label="Frontline home">
          <BrandMark width={30} height={30} className="md:hidden" />
          <span className="font-display text-lg leading-none font-bold tracking-[0.12em] sm:text-xl sm:tracking-[0.18em] text-ink uppercase">
            Front<span className="text-accent">line</span>
          </span>
        </Link>
        <span className="hidden border-l border-line pl-3 text-xs tracking-wider text-faint uppercase sm:inline">
          BF1942 · FH2 · Vietnam
        </span>
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <DemoNotice />
          <ThemeToggle />
          <div data-testid="login-slot" className="contents">
            {loginSlot}
          </div>
        </div>
      </div>
      <TopBarNav entries={entries} />
    </header>
  );
}
