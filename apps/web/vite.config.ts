import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { countryFlags } from './vite-country-flags.ts';
import { precompressAssets } from './vite-precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), countryFlags(), precompressAssets()],
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
  },
});
