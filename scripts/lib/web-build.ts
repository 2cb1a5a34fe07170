import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Builds the web app when its build is missing or older than its sources (npm start, npm run demo). */

const root = new URL('../..', import.meta.url).pathname;
const builtIndex = join(root, 'apps/web/dist/index.html');
const webSources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((entry) => newestModification(join(path, entry))));
}

function webBuildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return webSources.some((source) => newestModification(join(root, source)) > builtAt);
}

export function buildWebAppIfNeeded(): void {
  if (!webBuildIsStale()) return;
  console.log('Building the web app…');
  // Always the production build: a caller running as NODE_ENV=test (browser tests, benchmarks) would otherwise get
  // React's development bundle, several times the size, in the folder every later run serves.
  const build = spawnSync('npm', ['run', 'build', '-w', '@frontline/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
