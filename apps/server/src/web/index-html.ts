import { describePage, findGame, pageMetaTags, type MetaTag } from '@frontline/contract';

/**
 * Writes a page's title, description and social-sharing tags into the built index.html, so that
 * crawlers and link previews (which do not run JavaScript) see the same metadata the browser shows.
 */

export const META_PLACEHOLDER = '<!--page-meta-->';

export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

export function escapeHtml(text: string): string {
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

/**
 * The server browser's first data, fetched by the browser while it still downloads the app's code, so the
 * list appears one round trip sooner (the app's own fetch of the same URL is answered from this preload).
 */
export function preloadLinksFor(pathname: string): string[] {
  const browsed = /^\/servers\/([^/]+)\/?$/.exec(pathname)?.[1];
  // '/' lands on the BF1942 browser for visitors who are not signed in.
  const game = pathname === '/' ? findGame('bf1942') : browsed ? findGame(browsed) : undefined;
  if (!game || (browsed && browsed !== game.routeSlug)) return [];
  return [`<link rel="preload" as="fetch" crossorigin="anonymous" href="/stats/liveservers/${game.id}/servers" />`];
}

/** Read by the web app at start-up (so the demo notice costs no request). */
export const DEMO_META = '<meta name="frontline:demo" content="true" />';

/** Returns a renderer for one template; the template is split once so each request is a cheap join. */
export function createIndexRenderer(
  template: string,
  options: { publicUrl?: string; demoMode?: boolean } = {},
): (url: string) => RenderedPage {
  const { publicUrl, demoMode = false } = options;
  if (!template.includes(META_PLACEHOLDER) || !/<title>[^<]*<\/title>/.test(template)) {
    throw new Error(`index.html must contain a <title> element and the ${META_PLACEHOLDER} placeholder`);
  }
  const withoutTitle = template.replace(/<title>[^<]*<\/title>/, '');
  const [head, tail] = withoutTitle.split(META_PLACEHOLDER) as [string, string];
  return (url) => {
    const pathname = url.split(/[?#]/, 1)[0] ?? '/';
    const meta = describePage(pathname);
    const tags = pageMetaTags(meta, publicUrl ? publicUrl + url : undefined).map(renderMetaTag);
    if (demoMode) tags.push(DEMO_META);
    tags.push(...preloadLinksFor(pathname));
    const html = `${head}<title>${escapeHtml(meta.title)}</title>\n    ${tags.join('\n    ')}${tail}`;
    return { status: meta.found ? 200 : 404, html };
  };
}
