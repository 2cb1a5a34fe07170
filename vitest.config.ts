import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { isTestPostgresReachable, TEST_POSTGRES_URL } from './apps/server/src/test/test-postgres.ts';

// One Vitest run covers every workspace; each project has its own config (environment, setup). The server's suite
// runs twice: on SQLite, and on PostgreSQL when it answers (`server-postgres`, FRONTLINE_TEST_STORE=postgres; issue
// 21, "the whole suite on both stores"; apps/server/src/test/test-database.ts). `.ci/run` makes sure it answers.
const serverOnPostgres: TestProjectInlineConfiguration = {
  extends: './apps/server/vitest.config.ts',
  test: {
    name: 'server-postgres',
    root: './apps/server',
    env: { FRONTLINE_TEST_STORE: 'postgres' },
    setupFiles: ['./src/test/use-postgres-dialect.ts'],
    // The tests written for PostgreSQL itself (the copy, the schema, the store's equivalence, several instances)
    // run once, in the first pass: they open both stores on their own. So do those of what only SQLite has: its
    // files and backups, its Kysely adapter, its query plans and planner statistics, the upgrades of its older
    // databases (round timelines moved out of rounds, migrations 0016's, 0019's and 0021's fills), the crash soak's
    // kills of a server on a file.
    exclude: [
      'src/db/backup.test.ts',
      'src/db/private-file.test.ts',
      'src/db/database.test.ts',
      'src/db/round-timelines-copy.test.ts',
      'src/db/migrations/0016-similarity-presence.test.ts',
      'src/db/migrations/0019-similarity-candidates.test.ts',
      'src/db/migrations/0021-similarity-packed-summaries.test.ts',
      'src/features/rounds/server-rounds-sort-plans.test.ts',
      'src/features/servers/server-recent-rounds-plan.test.ts',
      'src/emulator/history-writer.test.ts',
      'src/ingest/store/round-closed-queue.test.ts',
      'src/ingest/crash-soak.test.ts',
      'src/db/postgres/**',
      'src/ingest/store/collector-store.postgres.test.ts',
      'src/ingest/several-instances.test.ts',
    ],
  },
};

const postgresAnswers = await isTestPostgresReachable();
if (!postgresAnswers) {
  console.warn(`PostgreSQL does not answer at ${TEST_POSTGRES_URL}: the server's suite runs on SQLite only.`);
}

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server',
      ...(postgresAnswers ? [serverOnPostgres] : []),
      'apps/web',
      'tools/eslint-plugin-frontline',
    ],
  },
});
