import { useSqlDialect } from '../db/dialect.ts';

// The `server-postgres` pass (vitest.config.ts): PostgreSQL's SQL from the start, before a test file loads the
// modules that build it, as main.ts chooses it before it loads the app.
useSqlDialect('postgres');
