import { useSqlDialect } from './db/dialect.ts';
import { loadConfigOrExit, serve } from './serve.ts';

const config = loadConfigOrExit();
// The store's SQL is chosen before any module that builds it is loaded (db/dialect.ts: one process, one store).
useSqlDialect(config.postgres ? 'postgres' : 'sqlite');
const { buildApp } = await import('./app.ts');
await serve(await buildApp(config), config);
