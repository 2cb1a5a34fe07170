import { DashboardIcon, PlayersIcon, ServersIcon } from '../components/icons.tsx';
import type { NavEntry } from '../components/layout/nav-entry.ts';
import { DEFAULT_SERVERS_PATH } from '../lib/paths.ts';

/**
 * The entries of the side navigation (spec: site-account-and-realtime §1), in order. The spec's fourth, Compare,
 * joins when the comparison screen exists: until then it would lead every visitor to a 'Coming soon' page
 * (docs/decisions/0009).
 */
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
    matches: (pathname) => pathname === '/players' || pathname.startsWith('/players/'),
  },
];

export function visibleNavEntries(signedIn: boolean): NavEntry[] {
  return NAV_ENTRIES.filter((entry) => signedIn || !entry.signedInOnly);
}
