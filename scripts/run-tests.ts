/**
 * `npm test`: the static checks (typecheck of every workspace; lint, which enforces the layer boundaries), every
 * test of every workspace (one Vitest run), then the browser tests (Playwright in Debian's Chromium against a real
 * server), and last one line `N passed, N failed` summing them (each static check counts as one test).
 * Each runner writes a JSON report that is read back for the sum; a runner that crashed before writing
 * its report counts as a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reportDir = join(root, '.test-results');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readReport<T>(file: string): T | undefined {
  const path = join(reportDir, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined;
}

/** A check that passes or fails as a whole: the typecheck, the lint. */
function runCheck(script: string): Tally {
  const passed = run('npm', ['run', '--silent', script]) === 0;
  if (!passed) console.error(`npm run ${script} failed`);
  return { passed: passed ? 1 : 0, failed: passed ? 0 : 1, skipped: 0 };
}

/**
 * Vitest's default is one worker fewer than the cores: one file at a time on CI's two, where most files wait on
 * PostgreSQL, sockets and timers rather than compute. Two at a time took the run from 14.4 to 7.7 minutes there
 * (three: 7.6, and the crash soak's timings gave way). Given here, as a projects' run takes it only from the command
 * line (each project keeps its own otherwise).
 */
const VITEST_WORKERS = Math.max(2, availableParallelism() - 1);

function runUnitTests(): Tally {
  const status = run('npx', [
    'vitest',
    'run',
    `--maxWorkers=${VITEST_WORKERS}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${join(reportDir, 'vitest.json')}`,
  ]);
  const report = readReport<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  }>('vitest.json');
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  // A failure outside any test (a file that does not load) fails the run without failing a test.
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  return { passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests };
}

function runBrowserTests(): Tally {
  if (run('npm', ['run', 'build', '-w', '@frontline/web']) !== 0) return { passed: 0, failed: 1, skipped: 0 };
  const status = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(reportDir, 'playwright.json'),
  });
  const report = readReport<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
    'playwright.json',
  );
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  const { expected, unexpected, flaky, skipped } = report.stats;
  const failed = unexpected + flaky + (status !== 0 && unexpected + flaky === 0 ? 1 : 0);
  return { passed: expected, failed, skipped };
}

const tallies = [runCheck('typecheck'), runCheck('lint'), runUnitTests(), runBrowserTests()];
const total = tallies.reduce((sum, tally) => ({
  passed: sum.passed + tally.passed,
  failed: sum.failed + tally.failed,
  skipped: sum.skipped + tally.skipped,
}));
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
