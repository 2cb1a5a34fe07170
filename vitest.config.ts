import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project has its own config (environment, setup).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'tools/eslint-plugin-frontline'],
  },
});
