/**
 * Performance figures for the production build, printed against the site's budgets. Nothing
 * here fails a test: the figures vary with the machine, so they are for reading, not asserting.
 *
 *   npm run build && npm run bench [-- --runs 5]
 *   npm run build && npm run bench -- --lighthouse [--ref <git ref> | --ref-dir <build>] [--runs 3] [--page <path>,…] [--preset mobile|desktop]
 *   npm run build && npm run bench -- --trace <path> [--runs 3]
 *   npm run build && npm run bench -- --hydration [--ref <git ref> | --ref-dir <build>] [--runs 5] [--page <path>,…]
 *   npm run bench -- --scan [--runs 20]   (no build needed)
 *
 * The --lighthouse mode is described in bench-lighthouse.ts, the --trace mode in bench-trace.ts,
 * the --hydration mode (script time after the first paint at 4x CPU slowdown) in bench-hydration.ts,
 * the --scan mode (the plugin scanner of the API changes page) in bench-scan.ts.
 * For each page type it loads the page in Chromium several times (cold cache each time) from
 * the gzip-compressing test server and reports the bytes the page needs and the requests it
 * makes, DOMContentLoaded, the load event, the time until React has hydrated the page, and the
 * bytes prefetched for the pages its visible links lead to; then the size of the build on disk,
 * what the offline precache holds (files, bytes on disk and gzip-compressed), and how long a
 * first visit with ?offlineMode=true takes until the site is readable offline.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { startStaticServer } from '../tests/e2e/staticServer';
import { runHydrationBench } from './bench-hydration';
import { runLighthouse } from './bench-lighthouse';
import { runScanBench } from './bench-scan';
import { runTrace } from './bench-trace';
import { chromiumArgs, chromiumPath } from './chromium';

const buildDir = path.resolve(__dirname, '../build');
const argument = (name: string) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : undefined);
const lighthouseMode = process.argv.includes('--lighthouse');
const tracePath = argument('trace');
const scanMode = process.argv.includes('--scan');
const hydrationMode = process.argv.includes('--hydration');
const runs = Number(argument('runs') ?? (lighthouseMode || tracePath ? 3 : scanMode ? 20 : 5));

const pages = [
  { name: 'home', path: '/' },
  { name: 'doc', path: '/general/development/process' },
  { name: 'API doc', path: '/docs/apis/core/dml' },
  { name: 'versioned doc', path: '/docs/4.1/devupdate' },
  { name: 'tag page', path: '/general/tags/process' },
  { name: 'versions', path: '/versions' },
];

/** Budgets for a cold load on this machine; a figure over budget is marked, not failed. */
const budgets = { transferKB: 450, requests: 30, hydratedMs: 1_500 };

interface Sample {
  /** Bytes the page itself needs (compressed, as transferred). */
  transferBytes: number;
  /** Bytes fetched ahead for the pages its visible links lead to. */
  prefetchBytes: number;
  requests: number;
  domContentLoadedMs: number;
  loadMs: number;
  hydratedMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const client = await context.newCDPSession(page);
  await client.send('Network.enable');
  let transferBytes = 0;
  let prefetchBytes = 0;
  let requests = 0;
  const prefetches = new Set<string>();
  client.on('Network.requestWillBeSent', (event: { requestId: string; request: { headers: Record<string, string> } }) => {
    const purpose = Object.entries(event.request.headers).find(([name]) => /^(sec-)?purpose$/i.test(name))?.[1] ?? '';
    if (purpose.includes('prefetch')) {
      prefetches.add(event.requestId);
    }
  });
  client.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
    if (prefetches.has(event.requestId)) {
      prefetchBytes += event.encodedDataLength;
    } else {
      transferBytes += event.encodedDataLength;
      requests += 1;
    }
  });
  const start = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('html[data-has-hydrated="true"]');
  const hydratedMs = Date.now() - start;
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return { domContentLoadedMs: navigation.domContentLoadedEventEnd, loadMs: navigation.loadEventEnd };
  });
  await context.close();
  return { transferBytes, prefetchBytes, requests, hydratedMs, ...timing };
}

function directorySize(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = directorySize(full);
      bytes += inner.bytes;
      files += inner.files;
    } else {
      bytes += fs.statSync(full).size;
      files += 1;
    }
  }
  return { bytes, files };
}

/** The files the service worker precaches, read from the manifest Workbox wrote into sw.js. */
function precacheFigures(dir: string): { files: number; bytes: number; gzipBytes: number; htmlFiles: number } {
  const worker = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  const urls = new Set([...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]));
  let bytes = 0;
  let gzipBytes = 0;
  for (const url of urls) {
    const content = fs.readFileSync(path.join(dir, decodeURI(url)));
    bytes += content.length;
    gzipBytes += zlib.gzipSync(content).length;
  }
  return { files: urls.size, bytes, gzipBytes, htmlFiles: [...urls].filter((url) => url.endsWith('.html')).length };
}

/** Milliseconds from opening /?offlineMode=true to an activated worker (the site precached). */
async function offlineReadyMs(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const start = Date.now();
  await page.goto(`${url}/?offlineMode=true`);
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    while (registration.active?.state !== 'activated') {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  const elapsed = Date.now() - start;
  await context.close();
  return elapsed;
}

async function main(): Promise<void> {
  if (scanMode) {
    runScanBench(runs);
    return;
  }
  if (!fs.existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error('No production build in build/: run `npm run build` first.');
  }
  if (lighthouseMode) {
    await runLighthouse({ buildDir, ref: argument('ref'), refDir: argument('ref-dir'), runs, page: argument('page'), preset: argument('preset') });
    return;
  }
  if (hydrationMode) {
    await runHydrationBench({ buildDir, ref: argument('ref'), refDir: argument('ref-dir'), runs, page: argument('page') });
    return;
  }
  if (tracePath) {
    await runTrace({ buildDir, path: tracePath, runs });
    return;
  }
  const server = await startStaticServer({ dir: buildDir });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  console.log(`Cold loads, median of ${runs} runs (budgets: ${budgets.transferKB} KB, ${budgets.requests} requests, hydrated within ${budgets.hydratedMs} ms)\n`);
  console.log(['page'.padEnd(14), 'transfer KB', 'requests', 'DCL ms', 'load ms', 'hydrated ms', 'prefetched KB'].join('  '));
  try {
    for (const entry of pages) {
      const samples: Sample[] = [];
      for (let run = 0; run < runs; run++) {
        samples.push(await measure(browser, `${server.url}${entry.path}`));
      }
      const transferKB = median(samples.map((sample) => sample.transferBytes)) / 1024;
      const requests = median(samples.map((sample) => sample.requests));
      const hydrated = median(samples.map((sample) => sample.hydratedMs));
      const mark = (value: number, budget: number) => (value > budget ? ' (over budget)' : '');
      console.log(
        [
          entry.name.padEnd(14),
          `${transferKB.toFixed(0)}${mark(transferKB, budgets.transferKB)}`.padStart(11),
          `${requests}${mark(requests, budgets.requests)}`.padStart(8),
          median(samples.map((sample) => sample.domContentLoadedMs)).toFixed(0).padStart(6),
          median(samples.map((sample) => sample.loadMs)).toFixed(0).padStart(7),
          `${hydrated}${mark(hydrated, budgets.hydratedMs)}`.padStart(11),
          (median(samples.map((sample) => sample.prefetchBytes)) / 1024).toFixed(0).padStart(13),
        ].join('  '),
      );
    }
    const ready = await offlineReadyMs(browser, server.url);
    const precache = precacheFigures(buildDir);
    const mb = (value: number) => (value / 1024 / 1024).toFixed(1);
    console.log(
      `\nOffline precache: ${precache.files} files (${precache.htmlFiles} pages), ${mb(precache.bytes)} MB on disk, ${mb(precache.gzipBytes)} MB gzip-compressed; ready offline ${(ready / 1000).toFixed(1)} s after the first visit`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
  const size = directorySize(buildDir);
  const assets = directorySize(path.join(buildDir, 'assets'));
  console.log(`\nBuild on disk: ${(size.bytes / 1024 / 1024).toFixed(1)} MB in ${size.files} files (assets: ${(assets.bytes / 1024 / 1024).toFixed(1)} MB in ${assets.files} files)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
