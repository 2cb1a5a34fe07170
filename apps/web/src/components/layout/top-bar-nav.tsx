import { Link, useLocation } from 'react-router';
import type { NavEntry } from './nav-entry.ts';

/** The navigation of small screens: a bar of entries under the header. */
export function TopBarNav({ entries }: { entries: readonly NavEntry[] }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" data-testid="nav-top-bar" className="border-t border-line md:hidden">
      <ul className="flex">
        {entries.map((entry) => {
          const active = entry.matches(pathname);
          return (
            <li key={entry.to} className="flex-1">
              <Link
                to={entry.to}
                title={entry.tooltip}
                aria-current={active ? 'page' : undefined}
                className={`flex items-center justify-center gap-1.5 border-b-2 py-2.5 text-xs font-semibold tracking-wide uppercase transition-colors ${
                  active ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-ink'
                }`}
              >
                <entry.icon width={18} height={18} />
                {entry.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
