/**
 * `npm run screenshots -- [path …]`: pictures of pages in both themes at 1280 px and 375 px, taken in
 * Debian's Chromium against a real server, written to .test-results/screenshots/ to look at by eye.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from './lib/chromium.ts';
import { startServerProcess } from './lib/server-process.ts';

const root = new URL('..', import.meta.url).pathname;
const outDir = join(root, '.test-results/screenshots');
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/servers/bf1942', '/tk-livewire', '/landing'];
const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
];

mkdirSync(outDir, { recursive: true });
const server = await startServerProcess({}, { demoDays: 1 });
const browser = await chromium.launch({ executablePath: chromiumExecutablePath, args: chromiumArgs });
try {
  for (const theme of ['dark', 'light'] as const) {
    for (const viewport of widths) {
      const context = await browser.newContext({ viewport, colorScheme: theme, reducedMotion: 'reduce' });
      const page = await context.newPage();
      for (const path of pages) {
        await page.goto(server.url + path, { waitUntil: 'networkidle' });
        const file = join(
          outDir,
          `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${viewport.name}-${theme}.png`,
        );
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
