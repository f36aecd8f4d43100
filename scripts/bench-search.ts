/**
 * Search benchmark: figures for the local search, side by side with Pagefind on the same pages,
 * printed against the targets, never asserted by tests (they depend on the machine).
 *
 *   npm run build && npm run bench:search
 *
 * - relevance: every query of tests/fixtures/search-relevance.json, searched from its docs
 *   version, in our index (with the LocalIndex the browser runs) and in a Pagefind index of the
 *   same pages (with the pagefind.js it ships, in Chromium): hits in the first three, first-place
 *   hits and the mean reciprocal rank, over the queries whose pages exist;
 * - the first query in a fresh page: time and bytes. Ours is measured in the site's search modal,
 *   from typing into the just-opened modal to rendered results; Pagefind's from loading its
 *   script to the data of its first five results (what a results list shows), with no rendering,
 *   so its figure is a lower bound;
 * - warm: our modal, the same queries typed one after another;
 * - the size of each index, on disk and gzipped, and of the code each sends to the browser.
 *
 * `--no-timing` prints relevance and sizes only (a minute instead of several).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as cheerio from 'cheerio';
import { chromium, type Browser, type Page } from '@playwright/test';
import { htmlFiles } from '../src/plugins/search-index/indexer';
import { extractPage, ignoredSelectors, routeOfFile } from '../src/plugins/search-index/utils';
import { searchIndexFolder } from '../src/utils/search/indexFolder';
import { relevanceEntries, runRelevance, type RelevanceEntry } from '../tests/support/searchRelevance';
import { startStaticServer } from '../tests/e2e/staticServer';
import { chromiumArgs, chromiumPath } from './chromium';

const buildDir = path.resolve(__dirname, '../build');
/** The first query's budget is what it cost when search first beat Pagefind (a913a61): p50 52 ms and 39 KiB. */
const targets = { warmP95Ms: 50, coldMs: 52, firstQueryKiB: 39 };
const timing = !process.argv.includes('--no-timing');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/* ------------------------------------------------------------ our modal */

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

/**
 * Counts the response bodies a browser context receives while `counting` is true (as sent, so
 * gzipped where the server compresses), split by a URL test, and the index's requests. Headers
 * are left out: the local server speaks HTTP/1.1 and repeats the site's 2 KB of security headers
 * on every response, which HTTP/2 and HTTP/3 hosts send once a connection and then refer to.
 */
function byteCounter(context: import('@playwright/test').BrowserContext, isIndex: (url: string) => boolean) {
  const totals = { index: 0, other: 0, indexRequests: 0, counting: false };
  const pending: Promise<void>[] = [];
  context.on('requestfinished', (request) => {
    if (!totals.counting) {
      return;
    }
    pending.push(
      request.sizes().then((sizes) => {
        const bytes = sizes.responseBodySize;
        if (isIndex(request.url())) {
          totals.index += bytes;
          totals.indexRequests += 1;
        } else {
          totals.other += bytes;
        }
      }),
    );
  });
  // Counting stops before the sizes are awaited: a request finishing later would ask its size of a
  // context already closed.
  const settled = () => {
    totals.counting = false;
    return Promise.all(pending);
  };
  return { totals, settled };
}

async function ourColdRun(browser: Browser, url: string, query: string): Promise<{ ms: number; indexBytes: number; indexRequests: number; modalBytes: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const counter = byteCounter(context, (requestUrl) => requestUrl.includes(`/${searchIndexFolder}/`));
  await page.goto(url);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await page.waitForLoadState('networkidle');
  counter.totals.counting = true;
  await page.locator('nav.navbar').getByRole('button', { name: /^Search/ }).click();
  await page.waitForSelector('.DocSearch-Input');
  const ms = await timeQuery(page, query);
  await page.waitForLoadState('networkidle');
  await counter.settled();
  await context.close();
  return { ms, indexBytes: counter.totals.index, indexRequests: counter.totals.indexRequests, modalBytes: counter.totals.other };
}

/* ------------------------------------------------------------ Pagefind */

/** Tags a query of a docs version searches: the same contextual filter as ours. */
function tagsOf(entry: RelevanceEntry): string[] {
  return ['default', `docs-default-${entry.context ?? 'current'}`, 'docs-general-current'];
}

/**
 * Indexes the pages our index holds with Pagefind's defaults: the same text (the article, without
 * the page chrome our indexer also leaves out) and the same docusaurus_tag filter.
 */
async function buildPagefind(outDir: string): Promise<number> {
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({});
  if (!index) {
    throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  }
  let pages = 0;
  for (const file of htmlFiles(buildDir)) {
    const html = fs.readFileSync(path.join(buildDir, file), 'utf8');
    const route = routeOfFile(file);
    const indexed = extractPage(html, route);
    if (!indexed) {
      continue;
    }
    const $ = cheerio.load(html);
    const root = $('.theme-doc-markdown').first().length ? $('.theme-doc-markdown').first() : $('main').first();
    root.find(ignoredSelectors.join(', ')).attr('data-pagefind-ignore', 'all');
    root.attr('data-pagefind-body', '');
    root.prepend(`<span data-pagefind-filter="docusaurus_tag:${indexed.filters.docusaurus_tag}"></span>`);
    const result = await index.addHTMLFile({ url: route, content: $.html() });
    if (result.errors.length) {
      throw new Error(`Pagefind refused ${file}: ${result.errors.join('; ')}`);
    }
    pages += 1;
  }
  await index.writeFiles({ outputPath: path.join(outDir, 'pagefind') });
  await pagefind.close();
  fs.writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><title>Pagefind bench</title>');
  return pages;
}

/** Runs queries through pagefind.js in a page and returns the URLs of the first ten results of each. */
async function pagefindResults(page: Page, entries: RelevanceEntry[]): Promise<string[][]> {
  return page.evaluate(async (queries) => {
    const pagefind = (await import(`${location.origin}/pagefind/pagefind.js`)) as {
      search: (query: string, options: unknown) => Promise<{ results: { data: () => Promise<{ url: string }> }[] }>;
    };
    const all: string[][] = [];
    for (const { query, tags } of queries) {
      const search = await pagefind.search(query, { filters: { docusaurus_tag: { any: tags } } });
      const data = await Promise.all(search.results.slice(0, 10).map((result) => result.data()));
      all.push(data.map((entry) => entry.url));
    }
    return all;
  }, entries.map((entry) => ({ query: entry.query, tags: tagsOf(entry) })));
}

async function pagefindColdRun(browser: Browser, url: string, entry: RelevanceEntry): Promise<{ ms: number; indexBytes: number; indexRequests: number; codeBytes: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const counter = byteCounter(context, (requestUrl) => /\.pf_(meta|index|fragment|filter)$|pagefind-entry\.json$/.test(new URL(requestUrl).pathname));
  await page.goto(url);
  counter.totals.counting = true;
  const ms = await page.evaluate(
    async ({ query, tags }) => {
      const start = performance.now();
      const pagefind = (await import(`${location.origin}/pagefind/pagefind.js`)) as {
        search: (query: string, options: unknown) => Promise<{ results: { data: () => Promise<unknown> }[] }>;
      };
      const search = await pagefind.search(query, { filters: { docusaurus_tag: { any: tags } } });
      await Promise.all(search.results.slice(0, 5).map((result) => result.data()));
      return performance.now() - start;
    },
    { query: entry.query, tags: tagsOf(entry) },
  );
  await page.waitForLoadState('networkidle');
  await counter.settled();
  await context.close();
  return { ms, indexBytes: counter.totals.index, indexRequests: counter.totals.indexRequests, codeBytes: counter.totals.other };
}

/* ------------------------------------------------------------ sizes */

interface Size {
  raw: number;
  gzip: number;
}

/** Bytes of the files in a folder, as stored and gzipped (files already gzipped count as they are). */
function folderSize(dir: string, include: (file: string) => boolean = () => true): Size {
  const total: Size = { raw: 0, gzip: 0 };
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(dir, file);
    if (!fs.statSync(full).isFile() || !include(file)) {
      continue;
    }
    const content = fs.readFileSync(full);
    const gzipped = content[0] === 0x1f && content[1] === 0x8b;
    total.raw += gzipped ? zlib.gunzipSync(content).length : content.length;
    total.gzip += gzipped ? content.length : zlib.gzipSync(content, { level: 9 }).length;
  }
  return total;
}

/* ------------------------------------------------------------ report */

interface Relevance {
  top3: number;
  first: number;
  mrr: number;
}

function relevanceOf(ranks: (number | null)[]): Relevance {
  return {
    top3: ranks.filter((rank) => rank !== null && rank <= 3).length,
    first: ranks.filter((rank) => rank === 1).length,
    mrr: ranks.reduce<number>((sum, rank) => sum + (rank ? 1 / rank : 0), 0) / ranks.length,
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

function row(label: string, ours: string, theirs: string): string {
  return `| ${label.padEnd(42)} | ${ours.padEnd(24)} | ${theirs.padEnd(24)} |`;
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(buildDir, searchIndexFolder, 'meta.json'))) {
    throw new Error('No search index in build/: run `npm run build` first.');
  }
  const entries = relevanceEntries();
  const pagefindDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pagefind-'));
  const started = Date.now();
  const pagefindPages = await buildPagefind(pagefindDir);
  const pagefindBuildSeconds = (Date.now() - started) / 1000;

  const ours = await runRelevance(buildDir, entries);
  const applicable = ours.filter((result) => result.applicable);
  const site = await startStaticServer({ dir: buildDir });
  const pagefindServer = await startStaticServer({ dir: pagefindDir });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const pagefindPage = await browser.newPage();
    await pagefindPage.goto(`${pagefindServer.url}/`);
    const theirUrls = await pagefindResults(pagefindPage, applicable);
    await pagefindPage.close();
    const theirRanks = applicable.map((entry, index) => {
      const position = theirUrls[index].findIndex((url) => entry.expected.includes(url.replace(/\/$/, '') || '/'));
      return position < 0 ? null : position + 1;
    });
    const ourRelevance = relevanceOf(applicable.map((result) => result.rank));
    const theirRelevance = relevanceOf(theirRanks);

    const ourIndex = folderSize(path.join(buildDir, searchIndexFolder));
    const theirIndex = folderSize(path.join(pagefindDir, 'pagefind'), (file) => !/(\.js|\.css|\.wasm|wasm\..*)$/.test(file) && !file.startsWith('pagefind-'));
    const n = applicable.length;
    const share = (count: number) => `${count} of ${n} (${((100 * count) / n).toFixed(1)} %)`;

    const lines = [
      `Search: ours and Pagefind 1.6 (default settings) on the same ${pagefindPages} pages; ${n} of ${entries.length} relevance queries have their page`,
      `(Pagefind indexed them in ${pagefindBuildSeconds.toFixed(1)} s)`,
      '',
      row('', 'ours', 'Pagefind'),
      row('---', '---', '---'),
      row('Expected page in the first three', share(ourRelevance.top3), share(theirRelevance.top3)),
      row('Expected page first', share(ourRelevance.first), share(theirRelevance.first)),
      row('Mean reciprocal rank (top ten)', ourRelevance.mrr.toFixed(3), theirRelevance.mrr.toFixed(3)),
      row('Index on disk', mib(ourIndex.raw), mib(theirIndex.raw)),
      row('Index gzipped', mib(ourIndex.gzip), mib(theirIndex.gzip)),
    ];
    if (timing) {
      const ourCold = [];
      for (const entry of applicable) {
        ourCold.push(await ourColdRun(browser, `${site.url}/docs`, entry.query));
      }
      const theirCold = [];
      for (const entry of applicable) {
        theirCold.push(await pagefindColdRun(browser, `${pagefindServer.url}/`, entry));
      }
      const page = await browser.newPage();
      await openModal(page, `${site.url}/docs`);
      await timeQuery(page, 'moodle');
      const warm: number[] = [];
      for (const entry of applicable) {
        warm.push(await timeQuery(page, entry.query));
      }
      const ms = (values: number[]) => `p50 ${percentile(values, 50).toFixed(0)}, p95 ${percentile(values, 95).toFixed(0)} ms`;
      const bytes = (values: number[]) => `p50 ${kib(percentile(values, 50))}, max ${kib(Math.max(...values))}`;
      const count = (values: number[]) => `p50 ${percentile(values, 50)}, max ${Math.max(...values)}`;
      lines.push(
        row('First query, fresh page: time', ms(ourCold.map((run) => run.ms)), `${ms(theirCold.map((run) => run.ms))} *`),
        row('First query, fresh page: index bytes', bytes(ourCold.map((run) => run.indexBytes)), bytes(theirCold.map((run) => run.indexBytes))),
        row('First query, fresh page: index requests', count(ourCold.map((run) => run.indexRequests)), count(theirCold.map((run) => run.indexRequests))),
        row('First query, fresh page: code bytes', bytes(ourCold.map((run) => run.modalBytes)), bytes(theirCold.map((run) => run.codeBytes))),
        row('Warm query in the open modal', ms(warm), '–'),
        '',
        '* Pagefind: script load to data of the first five results, without rendering (a lower bound).',
        'Bytes are response bodies as sent (gzipped); headers are left out (see byteCounter).',
        `Targets for ours: first query under ${targets.coldMs} ms and ${targets.firstQueryKiB} KiB (p50), warm p95 under ${targets.warmP95Ms} ms, index gzip no larger than Pagefind's.`,
      );
    }
    const misses = applicable.filter((result) => result.rank === null || result.rank > 3);
    lines.push('', `Our misses (${misses.length}):`, ...misses.map((result) => `  ${JSON.stringify(result.query)}: rank ${result.rank ?? '>10'}; first three ${result.top.join(', ') || 'none'}`));
    console.log(lines.join('\n'));
  } finally {
    await browser.close();
    await site.close();
    await pagefindServer.close();
    fs.rmSync(pagefindDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
