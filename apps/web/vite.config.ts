import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { countryFlags } from './vite-country-flags.ts';
import { precompressAssets } from './vite-precompress.ts';

/**
 * @microsoft/signalr (the hub client, loaded only once signed in) names `require` in branches that run under Node
 * only (its cookie jar, `ws`, `eventsource`). Left in, Rolldown adds a `require` shim to the runtime chunk every
 * page loads first (180 bytes gzip of a budget with none to spare); the browser never takes those branches.
 */
function signalrWithoutNodeBranches(): Plugin {
  return {
    name: 'frontline-signalr-without-node-branches',
    transform: {
      filter: { id: /@microsoft[\\/]signalr[\\/]dist[\\/]esm[\\/](FetchHttpClient|HttpConnection)\.js$/ },
      handler: (code) => ({
        code: code.replaceAll('typeof require !== "undefined"', 'false').replaceAll(': require;', ': undefined;'),
        // Lines stay where they were: the source map needs no change.
        map: null,
      }),
    },
  };
}

/** `var Link = React10.forwardRef(`: a component of React Router's built code, made at the top level of its chunk. */
const REACT_ROUTER_FORWARD_REF = /^var (\w+) = (React\d*\.forwardRef\()/gm;

/**
 * Two changes to React Router in the build, for the first bundle (DESIGN.md: 110 kB gzip), neither visible to a user:
 * - its package sends every importer to its development build, whose warnings (a console message per unmatched
 *   address, the 'Hey developer' hint of its default error page, …) are written out in the first bundle; its
 *   production build, beside it in the package, is the same code with those warnings switched off (0.5 kB gzip);
 * - its `forwardRef` components (`Link`, `NavLink`, `Form`) are made by a call not marked pure and then given a
 *   `displayName`, so the bundler keeps all three with what they use (form submission, view transitions) although
 *   Frontline uses only `Link`. Marked pure and without the `displayName` (a name for React DevTools), an unused one
 *   goes (1.7 kB gzip).
 * The dev server and the unit tests keep the development build and its warnings.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'frontline-react-router-production-build',
    apply: 'build',
    // Before Vite's own resolver, which would settle on the development build first.
    enforce: 'pre',
    resolveId: {
      filter: { id: /^react-router$/ },
      async handler(source, importer, options) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved) return null;
        return {
          ...resolved,
          id: resolved.id.replace(/([\\/]react-router[\\/]dist[\\/])development([\\/])/, '$1production$2'),
        };
      },
    },
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-\w+\.mjs$/ },
      handler(code) {
        const components = [...code.matchAll(REACT_ROUTER_FORWARD_REF)].map((match) => match[1]);
        if (components.length === 0) return null;
        const displayNames = new RegExp(`^(?:${components.join('|')})\\.displayName = "[\\w.]+";$`, 'gm');
        return {
          code: code
            .replace(REACT_ROUTER_FORWARD_REF, 'var $1 = /* @__PURE__ */ $2')
            // Emptied, not removed: lines stay where they were and the source map needs no change.
            .replace(displayNames, ''),
          map: null,
        };
      },
    },
  };
}

/**
 * The icon's one source is public/favicon.svg, copied into the build and served as a file (and /favicon.ico redirects
 * to it) for whatever asks for it without the page: a bookmark, a tab showing an API answer. The page itself names it
 * as a data URI, so that it costs the first visit no request (decision 0002).
 */
function inlineFavicon(): Plugin {
  const FAVICON_LINK = 'href="/favicon.svg"';
  return {
    name: 'frontline-inline-favicon',
    transformIndexHtml(html) {
      if (!html.includes(FAVICON_LINK)) throw new Error(`index.html must link the icon as ${FAVICON_LINK}`);
      const svg = readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8').trim();
      return html.replace(FAVICON_LINK, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    countryFlags(),
    precompressAssets(),
    signalrWithoutNodeBranches(),
    reactRouterProductionBuild(),
    inlineFavicon(),
  ],
  server: {
    // In development the API and hub come from the server on its default port.
    proxy: {
      '/stats': 'http://localhost:8080',
      '/hub': { target: 'http://localhost:8080', ws: true },
    },
  },
  build: {
    target: 'es2022',
    // Every browser that runs es2022 supports <link rel="modulepreload">: the polyfill would only cost bytes of the
    // first page's bundle, which is at its budget (DESIGN.md: 110 kB gzip).
    modulePreload: { polyfill: false },
    // Maps are written for reading an error report's stack against the build, but the bundles do not point at them
    // and the server never serves them in production (the whole source, issue 20): 'hidden'.
    sourcemap: 'hidden',
    // The first bundle lists every lazily loaded chunk's file (to preload it with its imports) and imports the shared
    // ones by name, so names cost it bytes: a page's chunk keeps its page's name (what one looks for in the network
    // panel; e2e/error-boundary.spec.ts finds players-page by it), a shared piece goes by its hash alone, and hashes
    // have 6 characters (36 bits still tell about 50 files of one build apart). 0.3 kB gzip less than Vite's names.
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'assets/[name]-[hash:6].js' : 'assets/[hash:6].js'),
      },
    },
  },
});
