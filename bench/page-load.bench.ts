import { statSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../scripts/lib/chromium.ts';
import type { Figure } from './figures.ts';
import { percentile } from './statistics.ts';

/**
 * DESIGN.md budget: "JavaScript downloaded by /servers/bf1942 until it settles, gzip ≤ 110 kB" and
 * "load of /servers/bf1942 on a slow-4G profile (150 ms round trip, 1.6 Mbps), fresh cache ≤ 1.0 s".
 * Measured in Debian's Chromium against the real server, each run in a fresh browser context (empty cache).
 */

const PAGE = '/servers/bf1942';
const RUNS = 5;
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;

export interface PageLoad {
  /** As sent to Chromium (brotli, since it accepts it), headers included. */
  javascriptBytes: number;
  /** The same scripts as their gzip files: the unit of the budget. */
  javascriptGzipBytes: number;
  totalBytes: number;
  /** Navigation start until the load event, the first contentful paint and the last download are all done. */
  settledMs: number;
}

export interface PageToMeasure {
  path: string;
  /** Local storage the page finds at start (a signed-in visitor's keys). */
  localStorage?: Record<string, string>;
  /** What shows once the page has its content. */
  readySelector?: string;
}

export async function measurePageLoad(baseUrl: string, target: PageToMeasure): Promise<PageLoad> {
  const browser = await chromium.launch({ executablePath: chromiumExecutablePath, args: chromiumArgs });
  try {
    const context = await browser.newContext();
    if (target.localStorage) {
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, target.localStorage);
    }
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);

    const scriptRequests = new Set<string>();
    const scriptPaths = new Set<string>();
    let javascriptBytes = 0;
    let totalBytes = 0;
    cdp.on('Network.responseReceived', (event) => {
      if (event.type !== 'Script') return;
      scriptRequests.add(event.requestId);
      scriptPaths.add(new URL(event.response.url).pathname);
    });
    // encodedDataLength is what crossed the wire: compressed body plus headers.
    cdp.on('Network.loadingFinished', (event) => {
      totalBytes += event.encodedDataLength;
      if (scriptRequests.has(event.requestId)) javascriptBytes += event.encodedDataLength;
    });

    await page.goto(baseUrl + target.path, { waitUntil: 'networkidle' });
    await page
      .locator(target.readySelector ?? 'h1')
      .first()
      .waitFor();
    const settledMs = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const lastResourceEnd = Math.max(0, ...resources.map((entry) => entry.responseEnd));
      const firstContentfulPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
      return Math.max(navigation?.loadEventEnd ?? Infinity, lastResourceEnd, firstContentfulPaint);
    });
    const javascriptGzipBytes = [...scriptPaths].reduce((sum, path) => sum + statSync(`${WEB_DIST}${path}.gz`).size, 0);
    return { javascriptBytes, javascriptGzipBytes, totalBytes, settledMs };
  } finally {
    await browser.close();
  }
}

/** How long the collector may take to list the emulator's servers after the server starts (its first polls). */
const FIRST_LIST_TIMEOUT_MS = 120_000;

/**
 * Waits until the live list the page shows has servers: measured before the collector's first poll, the page is an
 * empty list ("No server data available") with whatever sits under it in view, not the page a visitor loads.
 */
async function waitForListedServers(baseUrl: string): Promise<void> {
  const deadline = Date.now() + FIRST_LIST_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/stats/liveservers/bf1942/servers`);
    const answer = response.ok ? ((await response.json()) as { servers?: unknown[] }) : {};
    if ((answer.servers?.length ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`the collector listed no BF1942 server within ${FIRST_LIST_TIMEOUT_MS / 1000} s`);
}

export async function benchPageLoad(baseUrl: string): Promise<Figure[]> {
  await waitForListedServers(baseUrl);
  const runs: PageLoad[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await measurePageLoad(baseUrl, { path: PAGE }));
  const first = runs[0];
  return [
    {
      name: 'js_gzip_kb_servers_bf1942',
      value: (first?.javascriptGzipBytes ?? 0) / 1024,
      unit: 'kB',
      budget: 110,
      note: `JavaScript downloaded by ${PAGE} until it settles, as gzip files`,
    },
    {
      name: 'js_wire_kb_servers_bf1942',
      value: (first?.javascriptBytes ?? 0) / 1024,
      unit: 'kB',
      note: 'the same JavaScript as sent to Chromium (brotli, with headers)',
    },
    {
      name: 'total_wire_kb_servers_bf1942',
      value: (first?.totalBytes ?? 0) / 1024,
      unit: 'kB',
      note: `everything ${PAGE} downloads`,
    },
    {
      name: 'load_s_slow4g_servers_bf1942',
      value:
        percentile(
          runs.map((run) => run.settledMs),
          0.5,
        ) / 1000,
      unit: 's',
      budget: 1.0,
      note: `slow 4G (150 ms RTT, 1.6 Mbps), fresh cache, median of ${RUNS}; until load, first paint and last download`,
    },
  ];
}
