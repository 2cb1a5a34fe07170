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

export default defineConfig({
  plugins: [react(), tailwindcss(), countryFlags(), precompressAssets(), signalrWithoutNodeBranches()],
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
    sourcemap: true,
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
