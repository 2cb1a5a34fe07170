/**
 * `npm start`: the production server. Builds the web app first when needed, so a fresh clone needs only
 * `npm ci && npm start`.
 */
import { buildWebAppIfNeeded } from './lib/web-build.ts';

buildWebAppIfNeeded();
process.env.NODE_ENV ??= 'production';
await import('../apps/server/src/main.ts');
