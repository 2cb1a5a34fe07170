import { Link, useLocation } from 'react-router';
import type { NavEntry } from './nav-entry.ts';
import { BrandMark } from '../icons.tsx';

/** The navigation of medium and larger screens: a fixed rail of icons with hover tooltips. */
export function SideRail({ entries }: { entries: readonly NavEntry[] }) {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Main"
      data-testid="nav-rail"
      className="fixed inset-y-0 left-0 z-30 hidden w-20 flex-col items-center gap-1 border-r border-line bg-surface pt-3 md:flex"
    >
      <Link to="/landing" aria-label="Frontline home" className="mb-4 rounded-md">
        <BrandMark width={40} height={40} />
      </Link>
      {entries.map((entry) => {
        const active = entry.matches(pathname);
        const tooltipId = `nav-tip-${entry.label.toLowerCase()}`;
        return (
          <div key={entry.to} className="group relative">
            <Link
              to={entry.to}
              aria-current={active ? 'page' : undefined}
              aria-describedby={tooltipId}
              className={`flex w-[4.5rem] flex-col items-center gap-1 rounded-md py-2.5 text-[11px] font-semibold tracking-normal uppercase transition-colors ${
                active ? 'bg-accent-soft text-accent' : 'text-muted hover:bg-raised hover:text-ink'
              }`}
            >
              <entry.icon width={22} height={22} />
              {entry.label}
            </Link>
            {active && <span aria-hidden="true" className="absolute top-2 bottom-2 -left-2 w-1 rounded-r bg-accent" />}
            <span
              role="tooltip"
              id={tooltipId}
              className="pointer-events-none absolute top-1/2 left-full z-40 ml-3 w-max max-w-64 -translate-y-1/2 rounded-md border border-line-strong bg-raised px-3 py-2 text-xs text-ink opacity-0 shadow-lg transition-opacity duration-150 group-focus-within:opacity-100 group-hover:opacity-100"
            >
              <span className="block font-semibold text-accent">{entry.label}</span>
              {entry.tooltip}
            </span>
          </div>
        );
      })}
    </nav>
  );
}
