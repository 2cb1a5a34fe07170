import { CompareIcon, DashboardIcon, PlayersIcon, ServersIcon } from '../components/icons.tsx';
import type { NavEntry } from '../components/layout/nav-entry.ts';
import { DEFAULT_SERVERS_PATH, paths } from '../lib/paths.ts';

const COMPARE_PATH = paths.compare();

/** The entries of the side navigation (spec: site-account-and-realtime §1), in order. */
const NAV_ENTRIES: readonly NavEntry[] = [
  {
    label: 'Dashboard',
    to: '/dashboard',
    tooltip: 'Personal command center with player profiles, favourite servers and squad status',
    icon: DashboardIcon,
    signedInOnly: true,
    matches: (pathname) => pathname.startsWith('/dashboard'),
  },
  {
    label: 'Servers',
    to: DEFAULT_SERVERS_PATH,
    tooltip: 'Find servers for the three games',
    icon: ServersIcon,
    signedInOnly: false,
    matches: (pathname) =>
      pathname === '/servers' || pathname.startsWith('/servers/') || pathname.startsWith('/rounds/'),
  },
  {
    label: 'Players',
    to: '/players',
    tooltip: 'Search players and view statistics',
    icon: PlayersIcon,
    signedInOnly: false,
    matches: (pathname) => pathname === '/players' || (pathname.startsWith('/players/') && !isComparePath(pathname)),
  },
  {
    label: 'Compare',
    to: COMPARE_PATH,
    tooltip: 'Two players side by side',
    icon: CompareIcon,
    signedInOnly: false,
    matches: isComparePath,
  },
];

/** The comparison is a section of its own, although its address is under /players (as the router, a trailing '/' too). */
function isComparePath(pathname: string): boolean {
  return pathname === COMPARE_PATH || pathname === `${COMPARE_PATH}/`;
}

export function visibleNavEntries(signedIn: boolean): NavEntry[] {
  return NAV_ENTRIES.filter((entry) => signedIn || !entry.signedInOnly);
}
