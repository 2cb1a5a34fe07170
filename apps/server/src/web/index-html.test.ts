import { describe, expect, it } from 'vitest';
import { createIndexRenderer } from './index-html.ts';

// The built index.html as the web build writes it: a title, the placeholder the server fills, and (when the build
// made one) the flag sprite's address (apps/web/vite-country-flags.ts).
const template = (head = '') => `<!doctype html><html><head><meta charset="UTF-8" /><title>Frontline</title>${head}
    <!--page-meta-->
    <script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

const SPRITE_META = '<meta name="frontline:flag-sprite" content="/assets/flags-ab12.svg">';

/** The preload links of a rendered page, in order. */
function preloadsOf(html: string): string[] {
  return html.match(/<link rel="preload"[^>]*\/>/g) ?? [];
}

const fetchPreload = (href: string) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href}" />`;

describe('preloading the server browser data', () => {
  it('asks the browser to fetch the live list of the game with the page, and only on browser pages', () => {
    const render = createIndexRenderer(template());
    expect(preloadsOf(render('/servers/bfv').html)).toEqual([fetchPreload('/stats/liveservers/bfvietnam/servers')]);
    expect(preloadsOf(render('/').html)).toEqual([fetchPreload('/stats/liveservers/bf1942/servers')]);
    expect(preloadsOf(render('/servers/fh2?sort=name').html)).toEqual([fetchPreload('/stats/liveservers/fh2/servers')]);
    // A server named so, not a game tab; a server's page; other pages.
    for (const url of ['/servers/bfvietnam', '/servers/Some%20Server', '/players', '/no/such/page']) {
      expect(preloadsOf(render(url).html), url).toEqual([]);
    }
  });

  it('adds the busy indicators of every batch the app asks for, in the URLs the app itself requests', () => {
    const render = createIndexRenderer(template());
    // The app's client sends repeated keys in list order (lib/api-client.ts buildQueryString).
    expect(preloadsOf(render('/servers/bf1942', [['a1', 'b2'], ['c3']]).html)).toEqual([
      fetchPreload('/stats/liveservers/bf1942/servers'),
      fetchPreload('/stats/GameTrends/busy-indicator?serverGuids=a1&amp;serverGuids=b2'),
      fetchPreload('/stats/GameTrends/busy-indicator?serverGuids=c3'),
    ]);
    expect(preloadsOf(render('/players', [['a1']]).html)).toEqual([]);
  });

  it('preloads the flag sprite the build names, on browser pages only', () => {
    const render = createIndexRenderer(template(SPRITE_META));
    expect(preloadsOf(render('/servers/fh2').html)).toEqual([
      fetchPreload('/stats/liveservers/fh2/servers'),
      '<link rel="preload" as="image" type="image/svg+xml" href="/assets/flags-ab12.svg" />',
    ]);
    expect(preloadsOf(render('/players').html)).toEqual([]);
    // A build without a sprite preloads none.
    expect(preloadsOf(createIndexRenderer(template())('/servers/fh2').html)).toHaveLength(1);
  });
});

describe('the template', () => {
  it('must hold a title and the placeholder the page metadata replaces', () => {
    const problem = 'index.html must contain a <title> element and the <!--page-meta--> placeholder';
    expect(() => createIndexRenderer('<html><head><title>x</title></head></html>')).toThrow(problem);
    expect(() => createIndexRenderer('<html><head><!--page-meta--></head></html>')).toThrow(problem);
    expect(() => createIndexRenderer(template())).not.toThrow();
  });
});
