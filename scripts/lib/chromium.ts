import { existsSync } from 'node:fs';

/**
 * How Frontline's browser tests and benchmarks start Debian's Chromium (never a downloaded browser).
 * The binary itself is used to skip the wrapper script in /usr/bin, which prints a harmless error.
 */
export const chromiumExecutablePath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : '/usr/bin/chromium');

// As root on these machines Chromium needs no sandbox, and the closed network makes its background
// services fail noisily (shared/reference/toolchain.md).
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
