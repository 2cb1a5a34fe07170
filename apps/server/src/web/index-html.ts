import {
  decodePlayerNameForDisplay,
  describePage,
  findGame,
  pageMetaTags,
  type Game,
  type MetaTag,
  type SignInOptions,
} from '@frontline/contract';

/**
 * Writes a page's title, description and social-sharing tags into the built index.html, so that
 * crawlers and link previews (which do not run JavaScript) see the same metadata the browser shows.
 */

const META_PLACEHOLDER = '<!--page-meta-->';

export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function renderMetaTag(tag: MetaTag): string {
  return `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}" />`;
}

/** The game whose server browser a page path shows ('/' lands on BF1942 for visitors), if any. */
export function browsedGameOf(pathname: string): Game | undefined {
  const browsed = /^\/servers\/([^/]+)\/?$/.exec(pathname)?.[1];
  const game = pathname === '/' ? findGame('bf1942') : browsed ? findGame(browsed) : undefined;
  return game && (!browsed || browsed === game.routeSlug) ? game : undefined;
}

/**
 * The server browser's first data, fetched by the browser while it still downloads the app's code, so the
 * list and the busy badges of its servers appear without waiting for the code to ask (the app's own fetches of
 * the same URLs are answered from these preloads). `busyBatches` are the busy-indicator calls the app will make
 * for the list the browser is about to receive (busyGuidBatches, shared with the app, so the URLs match exactly).
 */
function preloadLinksFor(
  pathname: string,
  busyBatches: readonly (readonly string[])[] = [],
  flagSpriteUrl?: string,
): string[] {
  const game = browsedGameOf(pathname);
  if (!game) return [];
  const fetches = [`/stats/liveservers/${game.id}/servers`];
  for (const batch of busyBatches) {
    const query = new URLSearchParams(batch.map((guid): [string, string] => ['serverGuids', guid]));
    fetches.push(`/stats/GameTrends/busy-indicator?${query.toString()}`);
  }
  const links = fetches.map(
    (href) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(href)}" />`,
  );
  if (flagSpriteUrl) {
    links.push(`<link rel="preload" as="image" type="image/svg+xml" href="${escapeHtml(flagSpriteUrl)}" />`);
  }
  return links;
}

/** The flag sprite the web build names in index.html (apps/web/vite-country-flags.ts), if any. */
function findFlagSpriteUrl(template: string): string | undefined {
  return /<meta name="frontline:flag-sprite" content="([^"]+)"/.exec(template)?.[1];
}

/** Read by the web app at start-up (so the demo notice costs no request). */
const DEMO_META = '<meta name="frontline:demo" content="true" />';

/** How to sign in here, read by the login button at start-up (no request needed); JSON in an escaped attribute. */
function signInMeta(signIn: SignInOptions): string {
  return `<meta name="frontline:sign-in" content="${escapeHtml(JSON.stringify(signIn))}" />`;
}

/** Returns a renderer for one template; the template is split once so each request is a cheap join. */
export function createIndexRenderer(
  template: string,
  options: { publicUrl?: string; demoMode?: boolean; signIn?: SignInOptions } = {},
): (url: string, busyBatches?: readonly (readonly string[])[]) => RenderedPage {
  const { publicUrl, demoMode = false, signIn } = options;
  const signInTag = signIn ? signInMeta(signIn) : undefined;
  if (!template.includes(META_PLACEHOLDER) || !/<title>[^<]*<\/title>/.test(template)) {
    throw new Error(`index.html must contain a <title> element and the ${META_PLACEHOLDER} placeholder`);
  }
  const withoutTitle = template.replace(/<title>[^<]*<\/title>/, '');
  const [head, tail] = withoutTitle.split(META_PLACEHOLDER) as [string, string];
  const flagSpriteUrl = findFlagSpriteUrl(template);
  return (url, busyBatches) => {
    const pathname = url.split(/[?#]/, 1)[0] ?? '/';
    const meta = describePage(pathname, decodePlayerNameForDisplay);
    const tags = pageMetaTags(meta, publicUrl ? publicUrl + url : undefined).map(renderMetaTag);
    if (demoMode) tags.push(DEMO_META);
    if (signInTag) tags.push(signInTag);
    tags.push(...preloadLinksFor(pathname, busyBatches, flagSpriteUrl));
    const html = `${head}<title>${escapeHtml(meta.title)}</title>\n    ${tags.join('\n    ')}${tail}`;
    return { status: meta.found ? 200 : 404, html };
  };
}
