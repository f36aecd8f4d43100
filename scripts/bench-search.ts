/**
 * Search benchmark: figures for the local search in Chromium, printed against the targets, never
 * asserted by tests (they depend on the machine).
 *
 *   npm run build && npm run bench:search
 *
 * - cold: in a fresh browser for each query, the time from typing the query into the just-opened
 *   modal to the rendered results, with the index code and data fetched on demand;
 * - warm: the same queries typed one after another into one open modal;
 * - the bytes fetched from the index for the first query of a visit (and the modal's own code);
 * - the index's size on disk.
 * The queries are those of tests/fixtures/search-relevance.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { searchIndexFolder } from '../src/utils/search/indexFolder';
import { relevanceEntries } from '../tests/support/searchRelevance';
import { startStaticServer } from '../tests/e2e/staticServer';

const buildDir = path.resolve(__dirname, '../build');
const targets = { warmP95Ms: 50, coldMs: 300, firstQueryKB: 300 };
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function openModal(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await page.locator('nav.navbar').getByRole('button', { name: /^Search/ }).click();
  await page.waitForSelector('.DocSearch-Input');
}

/** Types a query as one input event and returns the milliseconds until its results render. */
async function timeQuery(page: Page, query: string): Promise<number> {
  return page.evaluate(async (text) => {
    const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
    const modal = document.querySelector('.DocSearch-Modal');
    if (!input || !modal) {
      throw new Error('The search modal is not open');
    }
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    const expectedLink = `/search?q=${encodeURIComponent(text)}`;
    return new Promise<number>((resolve, reject) => {
      const start = performance.now();
      const observer = new MutationObserver(() => {
        if (
          modal.querySelector(`.DocSearch-HitsFooter a[href="${CSS.escape(expectedLink)}"]`) ||
          Array.from(modal.querySelectorAll('.DocSearch-NoResults strong')).some((element) => element.textContent === text)
        ) {
          observer.disconnect();
          resolve(performance.now() - start);
        }
      });
      observer.observe(modal, { subtree: true, childList: true, characterData: true, attributes: true });
      window.setTimeout(() => {
        observer.disconnect();
        reject(new Error(`No results rendered for "${text}" within 10 s`));
      }, 10_000);
      // Set the value the way typing does (through the prototype's setter, which React tracks).
      Reflect.set(HTMLInputElement.prototype, 'value', text, input);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }, query);
}

function directoryBytes(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((total, entry) => {
    const full = path.join(dir, entry.name);
    return total + (entry.isDirectory() ? directoryBytes(full) : fs.statSync(full).size);
  }, 0);
}

async function coldRun(browser: Browser, url: string, query: string): Promise<{ ms: number; indexBytes: number; modalBytes: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  let counting = false;
  let indexBytes = 0;
  let modalBytes = 0;
  const pending: Promise<void>[] = [];
  context.on('requestfinished', (request) => {
    if (!counting) {
      return;
    }
    pending.push(
      request.sizes().then((sizes) => {
        const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
        if (request.url().includes(`/${searchIndexFolder}/`)) {
          indexBytes += bytes;
        } else {
          modalBytes += bytes;
        }
      }),
    );
  });
  await page.goto(url);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await page.waitForLoadState('networkidle');
  counting = true;
  await page.locator('nav.navbar').getByRole('button', { name: /^Search/ }).click();
  await page.waitForSelector('.DocSearch-Input');
  const ms = await timeQuery(page, query);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  return { ms, indexBytes, modalBytes };
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(buildDir, searchIndexFolder, 'meta.json'))) {
    throw new Error('No search index in build/: run `npm run build` first.');
  }
  const queries = relevanceEntries().map((entry) => entry.query);
  const server = await startStaticServer({ dir: buildDir });
  const browser = await chromium.launch({ executablePath: fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined, args });
  try {
    const cold = [];
    for (const query of queries) {
      cold.push(await coldRun(browser, `${server.url}/docs`, query));
    }
    const page = await browser.newPage();
    await openModal(page, `${server.url}/docs`);
    await timeQuery(page, 'moodle');
    const warm: number[] = [];
    for (const query of queries) {
      warm.push(await timeQuery(page, query));
    }
    const coldMs = cold.map((run) => run.ms);
    const indexKB = cold.map((run) => run.indexBytes / 1024);
    const modalKB = cold.map((run) => run.modalBytes / 1024);
    const mark = (value: number, target: number) => (value <= target ? 'within target' : 'OVER target');
    console.log(`Search benchmark over ${queries.length} queries (targets: warm p95 < ${targets.warmP95Ms} ms, cold < ${targets.coldMs} ms, first query < ${targets.firstQueryKB} KB)\n`);
    console.log(`Cold, keystroke to results in a just-opened modal: p50 ${percentile(coldMs, 50).toFixed(0)} ms, p95 ${percentile(coldMs, 95).toFixed(0)} ms (${mark(percentile(coldMs, 95), targets.coldMs)})`);
    console.log(`Warm, keystroke to results:                        p50 ${percentile(warm, 50).toFixed(1)} ms, p95 ${percentile(warm, 95).toFixed(1)} ms (${mark(percentile(warm, 95), targets.warmP95Ms)})`);
    console.log(`Index bytes for a first query:                     p50 ${percentile(indexKB, 50).toFixed(0)} KB, max ${Math.max(...indexKB).toFixed(0)} KB (${mark(Math.max(...indexKB), targets.firstQueryKB)})`);
    console.log(`Modal code and styles fetched on first open:       p50 ${percentile(modalKB, 50).toFixed(0)} KB`);
    console.log(`Index on disk: ${(directoryBytes(path.join(buildDir, searchIndexFolder)) / 1024).toFixed(0)} KB in build/${searchIndexFolder}/ (${fs.readdirSync(path.join(buildDir, searchIndexFolder), { recursive: true }).length} entries)`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
