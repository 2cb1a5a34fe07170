import { GAMES } from './games.ts';

/**
 * Title and description of every page of the site, shared by the server (which writes them into
 * index.html for crawlers and link previews) and the browser (which updates them after each navigation),
 * so the two can never disagree.
 */

export const PRODUCT_NAME = 'Frontline';

export interface PageMeta {
  title: string;
  description: string;
  /** False for a path no route answers: the server then sends the page with status 404. */
  found: boolean;
}

type Params = Record<string, string>;

interface PageRoute {
  pattern: string;
  describe: (params: Params) => { title: string; description: string };
}

const serverBrowserRoutes: PageRoute[] = GAMES.map((game) => ({
  pattern: `/servers/${game.routeSlug}`,
  describe: () => ({
    title: `${game.name} servers`,
    description: `Live ${game.name} servers: who is playing right now, which map is on, and when each server is busy.`,
  }),
}));

// Order matters: literal paths come before the patterns they would also match.
const PAGE_ROUTES: PageRoute[] = [
  {
    pattern: '/',
    describe: () => ({
      title: 'Live servers and player statistics',
      description:
        'Live servers, player statistics and round reports for Battlefield 1942, Forgotten Hope 2 and Battlefield Vietnam.',
    }),
  },
  {
    pattern: '/landing',
    describe: () => ({
      title: 'Welcome',
      description:
        'Frontline follows every Battlefield 1942, Forgotten Hope 2 and Battlefield Vietnam server, round and player.',
    }),
  },
  {
    pattern: '/dashboard',
    describe: () => ({
      title: 'Dashboard',
      description: 'Your player profiles, favourite servers and squad, live.',
    }),
  },
  {
    pattern: '/servers',
    describe: () => ({
      title: 'Servers',
      description: 'Find a server for Battlefield 1942, Forgotten Hope 2 or Battlefield Vietnam.',
    }),
  },
  ...serverBrowserRoutes,
  {
    // The server browser's ALL tab (a server literally named "all" is shadowed, as one named "fh2" is).
    pattern: '/servers/all',
    describe: () => ({
      title: 'All servers',
      description:
        'Live Battlefield 1942, Forgotten Hope 2 and Battlefield Vietnam servers on one list: who is playing and where.',
    }),
  },
  {
    pattern: '/servers/:serverName/rankings',
    describe: ({ serverName }) => ({
      title: `${serverName} rankings`,
      description: `The leaderboard of ${serverName}: top players by score, kills, K/D and play time.`,
    }),
  },
  {
    pattern: '/servers/:serverName/sessions',
    describe: ({ serverName }) => ({
      title: `${serverName} sessions`,
      description: `Recent rounds and player sessions on ${serverName}.`,
    }),
  },
  {
    pattern: '/servers/:serverName',
    describe: ({ serverName }) => ({
      title: serverName ?? 'Server',
      description: `${serverName}: live players, recent rounds, leaderboards and activity.`,
    }),
  },
  {
    pattern: '/players',
    describe: () => ({
      title: 'Find players',
      description: 'Search players and see who is online right now.',
    }),
  },
  {
    pattern: '/players/compare',
    describe: () => ({
      title: 'Compare players',
      description: 'Two players side by side: K/D, kill rate, maps, online hours and head-to-head rounds.',
    }),
  },
  {
    pattern: '/players/:playerName/sessions',
    describe: ({ playerName }) => ({
      title: `${playerName}'s combat history`,
      description: `Every round ${playerName} played: map, server, score, kills and deaths.`,
    }),
  },
  {
    pattern: '/players/:playerName/achievements',
    describe: ({ playerName }) => ({
      title: `${playerName}'s achievements`,
      description: `Kill streaks, placements, team victories and milestones earned by ${playerName}.`,
    }),
  },
  {
    pattern: '/players/:playerName',
    describe: ({ playerName }) => ({
      title: playerName ?? 'Player',
      description: `Statistics of ${playerName}: K/D, play time, best scores, favourite servers and recent battles.`,
    }),
  },
  {
    pattern: '/rounds/:roundId/report',
    describe: () => ({
      title: 'Round report',
      description: 'The final standings of a round and a replay of how it unfolded.',
    }),
  },
  {
    pattern: '/tk-livewire',
    describe: () => ({
      title: 'TK Livewire',
      description: 'Work in progress: this feature is under development.',
    }),
  },
];

const NOT_FOUND = {
  title: 'Page not found',
  description: 'There is no page at this address.',
};

/** Decodes one path segment; a malformed escape is kept as typed rather than failing the page. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchPattern(
  pattern: string,
  segments: string[],
  showPlayerName: (stored: string) => string,
): Params | undefined {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.length !== segments.length) return undefined;
  const params: Params = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] ?? '';
    if (part === ':playerName') params.playerName = showPlayerName(decodeSegment(segment));
    else if (part.startsWith(':')) params[part.slice(1)] = decodeSegment(segment);
    else if (part !== segment) return undefined;
  }
  return params;
}

/**
 * Title and description for a path as the browser sends it (names still URL-encoded). `showPlayerName` turns
 * a stored player name into the one to show (the server passes the legacy code-page decoder,
 * player-names.ts; the web app's first bundle does without it, and the profile page sets the decoded title).
 */
export function describePage(
  pathname: string,
  showPlayerName: (stored: string) => string = (stored) => stored,
): PageMeta {
  const segments = pathname.split('/').filter(Boolean);
  for (const route of PAGE_ROUTES) {
    const params = matchPattern(route.pattern, segments, showPlayerName);
    if (params) {
      const { title, description } = route.describe(params);
      return { title: withProductName(title), description, found: true };
    }
  }
  return { title: withProductName(NOT_FOUND.title), description: NOT_FOUND.description, found: false };
}

export function withProductName(title: string): string {
  return `${title} | ${PRODUCT_NAME}`;
}

export interface MetaTag {
  /** `name` for plain and Twitter tags, `property` for Open Graph ones. */
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

/** The description and social-sharing tags of a page, as the server writes them and the browser updates them. */
export function pageMetaTags(meta: Pick<PageMeta, 'title' | 'description'>, url?: string): MetaTag[] {
  const tags: MetaTag[] = [
    { attribute: 'name', key: 'description', content: meta.description },
    { attribute: 'property', key: 'og:site_name', content: PRODUCT_NAME },
    { attribute: 'property', key: 'og:type', content: 'website' },
    { attribute: 'property', key: 'og:title', content: meta.title },
    { attribute: 'property', key: 'og:description', content: meta.description },
    { attribute: 'name', key: 'twitter:card', content: 'summary' },
    { attribute: 'name', key: 'twitter:title', content: meta.title },
    { attribute: 'name', key: 'twitter:description', content: meta.description },
  ];
  if (url) tags.push({ attribute: 'property', key: 'og:url', content: url });
  return tags;
}
