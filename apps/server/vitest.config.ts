import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Many files generate a day of history before their tests (about 3 s alone): on a machine busy with other work
    // that took over the default 10 s (CI: account.routes.test.ts), and a timed-out set-up fails the whole file.
    hookTimeout: 60_000,
  },
});
