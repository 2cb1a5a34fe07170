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
    sourcemap: true,
  },
});
