/**
 * Search on the local index: the DocSearch modal, the /search page, contextual results, the
 * empty and error states, hostile queries, and that nothing leaves the site.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import * as cheerio from 'cheerio';
import { buildDir, expect, layoutShiftTotal, open, test, waitForHydration, watchLayoutShifts } from './fixtures';
import { precisionAt, runRelevance } from '../support/searchRelevance';

const searchButton = (page: Page) => page.locator('nav.navbar').getByRole('button', { name: /^Search/ });
const modalInput = (page: Page) => page.getByPlaceholder('Search docs').first();

async function openModal(page: Page): Promise<void> {
  await searchButton(page).click();
  await expect(modalInput(page)).toBeFocused();
}

/** Makes any script that runs alert() (an injection) record it. */
async function watchForInjections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.alert = () => {
      (window as unknown as { injected: boolean }).injected = true;
    };
  });
  page.on('dialog', (dialog) => {
    throw new Error(`A dialog opened: ${dialog.message()}`);
  });
}

test.describe('search modal', () => {
  test('the button says "Search" and opens the modal; Escape closes it', async ({ page }) => {
    await open(page, '/');
    await expect(searchButton(page)).toContainText('Search');
    await openModal(page);
    await expect(modalInput(page)).toHaveAttribute('placeholder', 'Search docs');
    await page.keyboard.press('Escape');
    await expect(modalInput(page)).toBeHidden();
    await expect(searchButton(page)).toBeFocused();
  });

  test('opens on Ctrl+K, Cmd+K and "/", but "/" typed in a field stays a slash', async ({ page }) => {
    await open(page, '/general/documentation');
    for (const shortcut of ['Control+k', 'Meta+k', '/']) {
      await page.keyboard.press(shortcut);
      await expect(modalInput(page), shortcut).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modalInput(page)).toBeHidden();
    }
    await open(page, '/search');
    const field = page.locator('main input[type="search"]');
    await field.click();
    await page.keyboard.type('a/b');
    await expect(field).toHaveValue('a/b');
    await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  });

  test('a letter typed on the focused button opens the modal with that letter', async ({ page }) => {
    await open(page, '/');
    await searchButton(page).focus();
    await page.keyboard.press('p');
    await expect(modalInput(page)).toHaveValue('p');
  });

  test('pages load without the modal code; hovering the button loads it and the index code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.url());
      }
    });
    const holdsModal = async (urls: string[]) => (await Promise.all(urls.map(async (url) => (await page.request.get(url)).text()))).some((code) => code.includes('DocSearch-Modal'));
    await open(page, '/');
    const atLoad = [...scripts];
    expect(atLoad.length).toBeGreaterThan(0);
    expect(await holdsModal(atLoad)).toBe(false);
    const loaded = page.waitForRequest((request) => request.url().endsWith('/search-index/meta.json'));
    await searchButton(page).hover();
    await loaded;
    await expect.poll(async () => holdsModal(scripts.filter((url) => !atLoad.includes(url)))).toBe(true);
  });

  test('results are grouped by section and page, with trails, highlights and keyboard navigation', async ({ page }) => {
    await open(page, '/general/documentation');
    await openModal(page);
    await modalInput(page).fill('workflow at a glance');
    const firstHit = page.locator('.DocSearch-Hit').first();
    await expect(firstHit).toBeVisible();
    await expect(page.locator('.DocSearch-Hit-source').first()).toHaveText('Process');
    await expect(firstHit.locator('.DocSearch-Hit-path')).toContainText('Development process');
    await expect(page.locator('.DocSearch-Hits mark').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('.DocSearch-Hit[aria-selected="true"]')).toHaveCount(1);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/general\/development\/process#/);
    await expect(modalInput(page)).toBeHidden();
  });

  test('recent searches are remembered and can be kept as favourites', async ({ page }) => {
    await open(page, '/');
    await openModal(page);
    // DocSearch keeps a hit as a recent search by its heading, so the first hit must be a heading
    // ("Developer settings in config.php" on the getting started page), not a passage without one.
    await modalInput(page).fill('developer settings config.php');
    await page.locator('.DocSearch-Hit a').first().click();
    // A reader clicks Search again once the new page shows (the address changes before it does).
    await expect(page).toHaveURL(/gettingstarted/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting started with Moodle development');
    await openModal(page);
    const recent = page.locator('.DocSearch-Hit').first();
    await expect(page.locator('.DocSearch-Hit-source').first()).toHaveText('Recent');
    await recent.getByTitle('Save this search').click();
    await expect(page.locator('.DocSearch-Hit-source').filter({ hasText: 'Favorite' })).toBeVisible();
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('__DOCSEARCH_FAVORITE_SEARCHES__')))).toBe(true);
  });

  test('a click on Search while a route change swaps the page still opens the modal', async ({ page }) => {
    await open(page, '/');
    // Hold the next page's code back, so that the click lands while the old page is still shown.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/js/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Coding', exact: true }).first().click();
    await searchButton(page).click();
    release();
    await page.unrouteAll({ behavior: 'wait' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting started with Moodle development');
    await expect(modalInput(page)).toBeFocused();
  });

  test('"See all {count} results" links to the search page with the query', async ({ page }) => {
    await open(page, '/');
    await openModal(page);
    await modalInput(page).fill('release notes');
    const seeAll = page.locator('.DocSearch-HitsFooter a');
    await expect(seeAll).toHaveText(/^See all \d+ results$/);
    await expect(seeAll).toHaveAttribute('href', '/search?q=release%20notes');
  });

  test('an empty search says so, suggests sections and offers to report it', async ({ page }) => {
    await open(page, '/');
    await openModal(page);
    // A search with results first, so the modal knows sections to suggest.
    await modalInput(page).fill('moodle');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    // A word no page has.
    await modalInput(page).fill('jjjjqq');
    const empty = page.locator('.DocSearch-NoResults');
    await expect(empty).toContainText('No results for "jjjjqq"');
    await expect(empty).toContainText('Try searching for');
    await expect(empty).toContainText('Believe this query should return results?');
    const report = empty.getByRole('link', { name: 'Let us know.' });
    await expect(report).toHaveAttribute('href', /^https:\/\/github\.com\/moodle\/devdocs\/issues\/new\?title=.*jjjjqq/);
  });

  test('when the index cannot be loaded, the modal says to check the connection', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource/, /net::ERR_FAILED/, /search index could not be loaded/, /search-index/);
    await page.route('**/search-index/**', (route) => route.abort());
    await open(page, '/');
    await openModal(page);
    await modalInput(page).fill('moodle');
    const screen = page.locator('.DocSearch-NoResults');
    await expect(screen).toContainText('Unable to fetch results for "moodle"');
    await expect(screen).toContainText('You might want to check your network connection.');
    await expect(screen.getByRole('link', { name: 'Try again on the search page.' })).toHaveAttribute('href', '/search?q=moodle');
  });
});

test.describe('contextual search', () => {
  async function sectionsFor(page: Page, path: string, query: string): Promise<string[]> {
    await open(page, path);
    await openModal(page);
    await modalInput(page).fill(query);
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    return page.locator('.DocSearch-Hit-source').allTextContents();
  }

  test('a 4.1 page searches the 4.1 docs and the general section', async ({ page }) => {
    const sections = await sectionsFor(page, '/docs/4.1/devupdate', 'frankenstyle');
    expect(sections).toContain('Developer docs 4.1');
    expect(sections).not.toContain('Developer docs');
  });

  test('a current page searches the current docs and the general section', async ({ page }) => {
    const sections = await sectionsFor(page, '/docs', 'frankenstyle');
    expect(sections).toContain('Developer docs');
    expect(sections).not.toContain('Developer docs 4.1');
    expect(sections).toContain('Coding');
  });

  test('the search page lets the reader choose the version and the section', async ({ page }) => {
    await open(page, '/search?q=frankenstyle');
    const results = page.locator('main ol li');
    await expect(results.first()).toBeVisible();
    await page.getByLabel('Docs version').selectOption('4.1');
    await expect(page.locator('main ol')).toContainText('Developer docs 4.1');
    await page.getByLabel('Section').selectOption('Coding');
    await expect(results.first()).toContainText('Coding');
    await expect(page.locator('main ol')).not.toContainText('Developer docs');
  });
});

test.describe('search page', () => {
  for (const viewport of [{ width: 412, height: 823 }, { width: 1350, height: 940 }]) {
    test(`results arriving after load shift nothing on screen (${viewport.width} px wide)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await watchLayoutShifts(page);
      await open(page, '/search?q=get_record');
      await expect(page.locator('main ol li').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await layoutShiftTotal(page)).toBe(0);
    });
  }

  test('reads the query from the URL and shows results with trails and snippets', async ({ page }) => {
    await open(page, '/search?q=peer%20review');
    await expect(page.locator('main input[type="search"]')).toHaveValue('peer review');
    await expect(page).toHaveTitle(/^Search results for "peer review"/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search the documentation');
    const first = page.locator('main ol li').first();
    await expect(first.getByRole('link')).toBeVisible();
    // The peer review page, in the process sidebar: its title, then its trail.
    await expect(first.getByRole('link')).toContainText('Peer review');
    await expect(first).toContainText('Process');
    await expect(first.locator('mark').first()).toBeVisible();
  });

  for (const address of ['/search', '/search?q=get_record']) {
    test(`asks for the index from its head and reads it once (${address})`, async ({ page }) => {
      const requests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/search-index/meta.json') {
          requests.push(request.url());
        }
      });
      const html = await (await page.request.get(address)).text();
      expect(html).toMatch(/<link[^>]* rel="?preload"?[^>]* as="?fetch"?[^>]* crossorigin="?anonymous"?[^>]* href="?\/search-index\/meta\.json"?/);
      await open(page, address);
      // The page reads the index once it has hydrated, query or not; the fetch takes the
      // preloaded response instead of asking again.
      await expect.poll(() => page.evaluate(() => performance.getEntriesByName(new URL('/search-index/meta.json', location.href).href).length)).toBe(1);
      if (address.includes('?q=')) {
        await expect(page.locator('main ol li').first()).toBeVisible();
      }
      await page.waitForLoadState('networkidle');
      expect(requests).toHaveLength(1);
    });
  }

  test('a query in the address has its index files requested before the page hydrates', async ({ page, request }) => {
    // Hold back the page's other chunks, not its own code, so the page cannot hydrate while its
    // code runs; they are let go once the test has seen the index files asked for.
    const code = new Map<string, Promise<string>>();
    const held: string[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/js/*.js', async (route) => {
      const url = route.request().url();
      if (route.request().resourceType() === 'script' && !/\/(runtime~main|main)\.[^/]+\.js$/.test(url)) {
        const text = code.get(url) ?? (await request.get(url)).text();
        code.set(url, text);
        if (!(await text).includes('docs-general-current')) {
          held.push(url);
          await released;
        }
      }
      await route.continue();
    });
    const shardRequested = page.waitForRequest((shard) => /\/search-index\/[tp]\//.test(shard.url()));
    await page.goto('/search?q=get_record', { waitUntil: 'commit' });
    await shardRequested;
    // The page has not hydrated, and cannot have: some of its code is still held back.
    expect(held.length).toBeGreaterThan(0);
    expect(await page.locator('html').getAttribute('data-has-hydrated')).not.toBe('true');
    release();
    await waitForHydration(page);
    await expect(page.locator('main ol li').first()).toBeVisible();
  });

  test('typing updates the URL without adding history entries', async ({ page }) => {
    await open(page, '/search');
    const before = await page.evaluate(() => history.length);
    await page.locator('main input[type="search"]').fill('release');
    await expect(page).toHaveURL(/\/search\?q=release$/);
    await page.locator('main input[type="search"]').fill('release notes');
    await expect(page).toHaveURL(/\/search\?q=release\+notes$/);
    expect(await page.evaluate(() => history.length)).toBe(before);
  });

  test('loads more results with the button and on scrolling to the end', async ({ page }) => {
    await open(page, '/search?q=moodle');
    const results = page.locator('main ol > li');
    await expect(results.first()).toBeVisible();
    const first = await results.count();
    await page.getByRole('button', { name: 'Load more results' }).click();
    await expect.poll(() => results.count()).toBeGreaterThan(first);
    // The clicked button is still on screen, so the list may go on loading until it is pushed out of
    // view (the button leaves the page while each load runs): wait until the list stops growing.
    let second = 0;
    await expect
      .poll(
        async () => {
          const count = await results.count();
          const settled = count === second;
          second = count;
          return settled;
        },
        { intervals: [1_000] },
      )
      .toBe(true);
    await expect(page.getByRole('button', { name: 'Load more results' })).toBeAttached();
    // Scrolled by the page itself: Playwright's own scrolling would wait for the button to stand still.
    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    await expect.poll(() => results.count()).toBeGreaterThan(second);
  });

  test('is usable from the keyboard', async ({ page }) => {
    await open(page, '/search');
    await page.locator('main input[type="search"]').focus();
    await page.keyboard.type('code of conduct');
    await expect(page.locator('main ol li').first()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Docs version')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator('main ol li a').first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/code-of-conduct/);
  });

  test('says when nothing matches, and when the index cannot be loaded', async ({ page, consoleGuard }) => {
    await open(page, '/search?q=jjjjqq');
    await expect(page.locator('main')).toContainText('No results for "jjjjqq"');
    consoleGuard.allow(/Failed to load resource/, /net::ERR_FAILED/);
    await page.route('**/search-index/**', (route) => route.abort());
    await page.goto('/search?q=moodle');
    await expect(page.getByRole('alert')).toContainText('Unable to fetch results');
    await expect(page.getByRole('alert')).toContainText('You might want to check your network connection.');
  });
});

test.describe('hostile and unusual queries', () => {
  // Each query, and whether search finds anything for it: the words of the first three are in
  // the docs, the next two match nothing, and the last is empty.
  const queries: [string, 'results' | 'none' | 'empty'][] = [
    ['<img src=x onerror=alert(1)>', 'results'],
    ['"><script>alert(2)</script>', 'results'],
    ['release 🚀 نتائج البحث', 'results'],
    ['x'.repeat(10_000), 'none'],
    ['*?[(\\', 'none'],
    ['', 'empty'],
  ];

  for (const [query, found] of queries) {
    const name = query.length > 40 ? `${query.slice(0, 20)}… (${query.length} characters)` : JSON.stringify(query);

    test(`the search page handles ${name}`, async ({ page }) => {
      await watchForInjections(page);
      await open(page, `/search?q=${encodeURIComponent(query)}`);
      await expect(page.locator('main input[type="search"]')).toHaveValue(query);
      expect(new URL(page.url()).searchParams.get('q') ?? '').toBe(query);
      if (found === 'results') {
        await expect(page.locator('main ol li').first()).toBeVisible();
      } else if (found === 'none') {
        await expect(page.getByText(/^No results for/)).toBeVisible();
      }
      expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected ?? false)).toBe(false);
      await expect(page.locator('main img[src="x"], main script')).toHaveCount(0);
    });

    test(`the modal handles ${name}`, async ({ page }) => {
      await watchForInjections(page);
      await open(page, '/');
      await openModal(page);
      await modalInput(page).fill(query);
      const seeAll = page.locator('.DocSearch-HitsFooter a');
      if (found === 'results') {
        await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
        // The footer's "See all" link carries the query as typed.
        await expect(seeAll).toHaveText(/^See all \d+ results$/);
        expect(new URL((await seeAll.getAttribute('href')) ?? '', 'http://x').searchParams.get('q')).toBe(await modalInput(page).inputValue());
      } else {
        await expect(page.locator(found === 'none' ? '.DocSearch-NoResults' : '.DocSearch-StartScreen')).toBeVisible();
        await expect(seeAll).toHaveCount(0);
      }
      expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected ?? false)).toBe(false);
      await expect(page.locator('.DocSearch-Modal img[src="x"], .DocSearch-Modal script')).toHaveCount(0);
    });
  }
});

test('searching sends nothing to another host and preconnects to none', async ({ page }) => {
  const external: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1')) {
      external.push(request.url());
    }
  });
  await open(page, '/docs');
  await expect(page.locator('link[rel="preconnect"], link[rel="dns-prefetch"]')).toHaveCount(0);
  await openModal(page);
  await modalInput(page).fill('get_record');
  await expect(page.locator('.DocSearch-Hit').first().or(page.locator('.DocSearch-NoResults'))).toBeVisible();
  await open(page, '/search?q=privacy');
  await expect(page.locator('main ol li').first()).toBeVisible();
  expect(external).toEqual([]);
});

test('the index holds article text, not navigation or footers', async ({ page }) => {
  // A word of the footer's copyright line ("… a registered trademark of Moodle Pty Ltd"), which is on
  // every page: only the pages whose article uses it may be found.
  await open(page, '/search?q=trademark');
  await expect(page.locator('main ol li').first().or(page.getByText('No results for'))).toBeVisible();
  const found = await page.locator('main ol li a').evaluateAll((links) => [...new Set(links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))]);
  const articleUses = found.filter((pathname) => {
    const html = fs.readFileSync(path.join(buildDir, `${pathname === '/' ? '/index' : pathname}.html`), 'utf8');
    return /trademark/i.test(cheerio.load(html)('article').text());
  });
  expect(articleUses).toEqual(found);
});

test('the relevance queries with a written page find it first for at least 90 % and in the top three for at least 97 %', async () => {
  const results = await runRelevance(buildDir);
  const applicable = results.filter((result) => result.applicable);
  expect(applicable.length).toBeGreaterThanOrEqual(400);
  const missed = (k: number) =>
    applicable.filter((result) => result.rank === null || result.rank > k).map((result) => `${result.query}: expected ${result.expected.join(' or ')}, got ${result.top.join(', ')}`);
  console.log(`Search relevance: ${applicable.length} of ${results.length} queries have their page; precision@1 ${precisionAt(results, 1).toFixed(3)}, precision@3 ${precisionAt(results, 3).toFixed(3)}`);
  // The set includes misspellings the engine is not meant to correct (a changed letter in a
  // four-letter word) and questions worded unlike any page; the misses are named when a bar is
  // not met.
  expect(precisionAt(results, 3), missed(3).join('\n')).toBeGreaterThanOrEqual(0.97);
  expect(precisionAt(results, 1), missed(1).join('\n')).toBeGreaterThanOrEqual(0.9);
});

test.describe('search keeps to the docs version being read', () => {
  for (const { from, own, other } of [
    { from: '/docs/4.1/apis/core/dml', own: /^\/docs\/4\.1(\/|$)/, other: 'the current docs' },
    { from: '/docs/apis/core/dml', own: /^\/docs(\/(?!4\.1(\/|$))|$)/, other: 'the 4.1 docs' },
  ]) {
    test(`from ${from}, results come from that version and the general section, never ${other}`, async ({ page }) => {
      await open(page, from);
      await openModal(page);
      await modalInput(page).fill('get_records_sql');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      const paths = await page.locator('.DocSearch-Hit a').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
      expect(paths.some((pathname) => own.test(pathname)), paths.join(', ')).toBe(true);
      expect(paths.filter((pathname) => !own.test(pathname) && !pathname.startsWith('/general/'))).toEqual([]);
    });
  }
});
