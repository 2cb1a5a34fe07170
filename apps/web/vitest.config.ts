import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { countryFlags } from './vite-country-flags.ts';

export default defineProject({
  plugins: [react(), countryFlags()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
  },
});
