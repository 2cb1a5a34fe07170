import type { ComponentType, SVGProps } from 'react';
import { CompareIcon, DashboardIcon, PlayersIcon, ServersIcon } from '../components/icons.tsx';
import { DEFAULT_SERVERS_PATH } from '../lib/paths.ts';

/** The four entries of the side navigation (spec: site-account-and-realtime §1), in order. */
export interface NavEntry {
  label: string;
  to: string;
  tooltip: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Shown only to signed-in users. */
  signedInOnly: boolean;
  /** Whether the entry is the current section for a path. */
  matches: (pathname: string) => boolean;
}

const isComparePath = (pathname: string) => pathname === '/players/compare' || pathname.startsWith('/players/compare/');

export const NAV_ENTRIES: readonly NavEntry[] = [
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
    matches: (pathname) => (pathname === '/players' || pathname.startsWith('/players/')) && !isComparePath(pathname),
  },
  {
    label: 'Compare',
    to: '/players/compare',
    tooltip: 'Two players side by side',
    icon: CompareIcon,
    signedInOnly: false,
    matches: isComparePath,
  },
];

export function visibleNavEntries(signedIn: boolean): NavEntry[] {
  return NAV_ENTRIES.filter((entry) => signedIn || !entry.signedInOnly);
}
