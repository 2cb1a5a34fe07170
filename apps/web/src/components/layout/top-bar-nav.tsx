import { Link, useLocation } from 'react-router';
import type { NavEntry } from './nav-entry.ts';

/**
 * The navigation of small screens: a bar of entries under the header, each label under its icon (as on the rail) so
 * that the four entries of a signed-in visitor fit a 320 px phone.
 */
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
                className={`flex flex-col items-center justify-center gap-0.5 border-b-2 py-1.5 text-[11px] font-semibold tracking-normal uppercase transition-colors ${
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
