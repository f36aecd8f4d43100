/**
 * Runtime behaviours of spec sections 4 and 8 that Docusaurus provides and a browser can see:
 * prefetching, the progress bar, recovery from a failed preload, the crash fallback, the
 * base-address banner and the navbar that hides on scroll.
 */
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { idlePrefetchEvent, type IdlePrefetchReport } from '../../src/utils/routePrefetch';
import { pageTypes } from './axe';
import { startStaticServer } from './staticServer';
import { expect, open, test, waitForHydration } from './fixtures';

/** Makes the browser report a connection of this type, with the data saver on or off. */
async function emulateConnection(page: Page, connection: { effectiveType: string; saveData: boolean }): Promise<void> {
  await page.addInitScript((value) => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value });
  }, connection);
}

/** Makes the browser report a slow (2G, data-saving) connection. */
async function emulateSlowConnection(page: Page): Promise<void> {
  await emulateConnection(page, { effectiveType: '2g', saveData: true });
}

/** Records what the prefetcher decides for each page a link asks for (src/clientModules/idlePrefetch.ts). */
async function watchPrefetchReports(page: Page): Promise<void> {
  await page.addInitScript((eventName) => {
    const reports: unknown[] = [];
    Object.assign(window, { prefetchReports: reports });
    window.addEventListener(eventName, (event) => reports.push((event as CustomEvent).detail));
  }, idlePrefetchEvent);
}

/** The prefetcher's decisions so far, oldest first. */
function prefetchReports(page: Page): Promise<IdlePrefetchReport[]> {
  return page.evaluate(() => (window as unknown as { prefetchReports: IdlePrefetchReport[] }).prefetchReports);
}

/** Waits for the prefetcher's decision on a request for a page, and returns it. */
async function decisionOn(page: Page, request: IdlePrefetchReport['request'], pagePath: string): Promise<IdlePrefetchReport['outcome']> {
  let outcome: IdlePrefetchReport['outcome'] | undefined;
  await expect
    .poll(async () => {
      outcome = (await prefetchReports(page)).find((report) => report.request === request && report.path === pagePath)?.outcome;
      return outcome;
    }, `the prefetcher’s decision on the ${request} of ${pagePath}`)
    .toBeDefined();
  return outcome as IdlePrefetchReport['outcome'];
}

/** The scripts a page's HTML preloads (the ones its starter runs), in order. */
const preloadedScripts = (html: string) => [...html.matchAll(/<link[^>]* rel="?preload"?[^>]* as="?script"?[^>]* href="?([^" >]+)/g)].map((match) => match[1]);

const isChunk = (request: Request) => /\/assets\/js\/[^/]+\.js$/.test(new URL(request.url()).pathname);

test.describe('prefetching', () => {
  test('links in the viewport have their pages prefetched, each file once', async ({ page, browser, request }) => {
    // The code the Community page needs to render, as loaded before it hydrates when opened
    // directly, and among it the file that holds the page's own text.
    const direct = await browser.newPage();
    const needed = new Set<string>();
    let hydrated = false;
    direct.on('request', (chunk) => {
      if (!hydrated && isChunk(chunk) && chunk.resourceType() === 'script') {
        needed.add(new URL(chunk.url()).pathname);
      }
    });
    await open(direct, '/general/community/contribute');
    hydrated = true;
    await direct.close();
    const texts = await Promise.all([...needed].map(async (file) => ({ file, text: await (await request.get(file)).text() })));
    const pageCode = texts.find(({ text }) => text.includes('Moodle is built by a worldwide community.'))?.file;
    expect(pageCode).toBeDefined();

    await open(page, '/');
    // The navbar's Community link is visible, so its page's code is prefetched (in idle time).
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' })).toBeVisible();
    const prefetched = async () => page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    await expect.poll(prefetched).toContain(pageCode);
    const hrefs = await prefetched();
    expect(hrefs.every((href) => /^\/assets\/js\/.+\.js$/.test(href))).toBe(true);
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  for (const [name, connection] of [
    ['a 2G connection', { effectiveType: '2g', saveData: false }],
    ['a fast connection with the data saver on', { effectiveType: '4g', saveData: true }],
  ] as const) {
    test(`nothing is prefetched on ${name}`, async ({ page }) => {
      await emulateConnection(page, connection);
      await watchPrefetchReports(page);
      await open(page, '/');
      // The navbar's Community link is in view, so its page is asked for: wait for the prefetcher
      // to decide, then check that it declined that page and every other.
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' })).toHaveAttribute('href', '/general/community/contribute');
      expect(await decisionOn(page, 'prefetch', '/general/community/contribute')).toBe('declined');
      const reports = await prefetchReports(page);
      expect(reports.filter((report) => report.outcome !== 'declined')).toEqual([]);
      // Nothing was queued, so nothing is or will be prefetched.
      expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
    });
  }

  test('hovering a link loads its page’s code before the click', async ({ page, request }) => {
    // The file that holds the 4.1 docs introduction: among the scripts its HTML names, the one
    // whose page metadata is that page's.
    const html = await (await request.get('/docs/4.1')).text();
    const named = preloadedScripts(html);
    const texts = await Promise.all(named.map(async (file) => ({ file, text: await (await request.get(file)).text() })));
    const pageCode = texts.filter(({ text }) => text.includes('"source":"@site/versioned_docs/version-4.1/index.md"')).map(({ file }) => file);
    expect(pageCode).toHaveLength(1);

    const loaded: string[] = [];
    page.on('request', (script) => {
      if (isChunk(script) && script.resourceType() === 'script') {
        loaded.push(new URL(script.url()).pathname);
      }
    });
    await watchPrefetchReports(page);
    await open(page, '/versions');
    expect(loaded).not.toContain(pageCode[0]);
    await page.locator('main').getByRole('link', { name: '4.1 documentation' }).hover();
    expect(await decisionOn(page, 'preload', '/docs/4.1')).toBe('loading');
    await expect.poll(() => loaded).toContain(pageCode[0]);
  });
});

test.describe('a page’s own code', () => {
  for (const [address, text] of [
    ['/docs/apis/core/dml', 'The data manipulation API (DML) is the layer'],
    ['/general/releases/4.1', 'Moodle 4.1'],
  ]) {
    test(`the HTML of ${address} names every script the page runs before hydrating, each fetched once`, async ({ page, request }) => {
      const html = await (await request.get(address)).text();
      const preloaded = preloadedScripts(html);
      const fetched: string[] = [];
      let hydrated = false;
      page.on('request', (script) => {
        if (!hydrated && isChunk(script) && script.resourceType() === 'script') {
          fetched.push(new URL(script.url()).pathname);
        }
      });
      await open(page, address);
      hydrated = true;
      // Beyond main.js, the page's own chunks, among them the one that holds its text.
      expect(preloaded.length).toBeGreaterThan(2);
      const texts = await Promise.all(preloaded.map(async (file) => (await request.get(file)).text()));
      expect(texts.some((code) => code.includes(text))).toBe(true);
      expect([...fetched].sort()).toEqual([...new Set(fetched)].sort());
      expect(fetched.filter((file) => !preloaded.includes(file))).toEqual([]);
    });
  }
});

test.describe('how main.js starts (src/plugins/client-start)', () => {
  test('main.js and the page’s chunks begin with the compile hint, and React DOM and the client entry run in separate tasks', async ({ page, request }) => {
    const html = await (await request.get('/docs/apis/core/dml')).text();
    const main = html.match(/href="?(\/assets\/js\/main\.[0-9a-f]+\.js)/)?.[1];
    expect(main).toBeDefined();
    const scripts = preloadedScripts(html);
    expect(scripts).toContain(main);
    for (const script of scripts) {
      expect((await (await request.get(script)).text()).startsWith('//# allFunctionsCalledOnLoad\n'), script).toBe(true);
    }

    await page.addInitScript(() => {
      const log: string[] = [];
      Object.assign(window, { startLog: log });
      // React DOM registers with the developer tools' hook when it is evaluated.
      const noop = () => undefined;
      Object.assign(window, {
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          supportsFiber: true,
          renderers: new Map(),
          inject: () => log.push('react-dom'),
          checkDCE: noop,
          onScheduleFiberRoot: noop,
          onCommitFiberRoot: noop,
          onCommitFiberUnmount: noop,
          onPostCommitFiberRoot: noop,
        },
      });
      // Docusaurus's client entry sets window.docusaurus (with preload and prefetch) when it is
      // evaluated; the page's starter script sets a stand-in before it (config/ssrTemplate.ts).
      let docusaurus: unknown;
      Object.defineProperty(window, 'docusaurus', {
        configurable: true,
        get: () => docusaurus,
        set: (value: { preload?: unknown } | undefined) => {
          if (typeof value?.preload === 'function' && !log.includes('client entry')) {
            log.push('client entry');
          }
          docusaurus = value;
        },
      });
      // Each step ends its task with scheduler.yield() where the browser has it (Chromium does).
      const scheduler = (window as unknown as { scheduler: { yield: () => Promise<void> } }).scheduler;
      const yieldToBrowser = scheduler.yield.bind(scheduler);
      scheduler.yield = () => {
        log.push('task ends');
        return yieldToBrowser();
      };
    });
    await open(page, '/docs/apis/core/dml');
    const log = await page.evaluate(() => (window as unknown as { startLog: string[] }).startLog);
    const [reactDom, clientEntry] = [log.indexOf('react-dom'), log.indexOf('client entry')];
    expect(reactDom).toBe(0);
    expect(clientEntry).toBeGreaterThan(reactDom);
    // One task per step: React DOM, the registry, the routes, their chunk names, the global data,
    // the client modules and the app, then the entry.
    expect(log.slice(reactDom + 1, clientEntry)).toEqual(Array(7).fill('task ends'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data manipulation API (DML)');
  });
});

test.describe('what a page runs while it starts', () => {
  // A page's first collator, date or number formatter or segmenter loads the locale's data for
  // it: 70 to 190 ms of script at Lighthouse's 4x slowdown, in whatever task asks first. What pages
  // show while they start (the announcement bar, release dates, the navbar's docs version, doc
  // cards) is worked out without it (src/utils/dates.ts, src/plugins/locale-data). Plural rules
  // are left unwatched: Docusaurus's item counts use them, and their data is small (15 to 35 ms).
  // Two pages sort readers' text by the locale's rules, as they should: the tag index (Docusaurus
  // sorts the tags) and the projects table (by title).
  const sortsText = new Set(['/general/tags', '/general/projects']);
  test('no page type uses the browser’s locale data until it has hydrated and settled', async ({ page, consoleGuard }) => {
    test.setTimeout(120_000);
    consoleGuard.allow(/status of 404/);
    await page.addInitScript(() => {
      const uses: string[] = [];
      Object.assign(window, { localeDataUses: uses });
      const record = (name: string) => {
        const caller = (new Error().stack ?? '').split('\n').slice(2, 4).join(' <');
        uses.push(`${name} from ${caller.trim()}`);
      };
      for (const name of ['Collator', 'DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat', 'ListFormat', 'Segmenter', 'DisplayNames'] as const) {
        const original = Intl[name] as unknown as (new (...args: unknown[]) => object) | undefined;
        if (original) {
          const watched = new Proxy(original, {
            construct(target, args, newTarget: (...args: unknown[]) => object) {
              record(`Intl.${name}`);
              return Reflect.construct(target, args, newTarget) as object;
            },
          });
          Object.defineProperty(Intl, name, { value: watched, configurable: true, writable: true });
        }
      }
      const methods: [object, string][] = [
        [String.prototype, 'localeCompare'],
        [Date.prototype, 'toLocaleString'],
        [Date.prototype, 'toLocaleDateString'],
        [Date.prototype, 'toLocaleTimeString'],
        [Number.prototype, 'toLocaleString'],
        [Array.prototype, 'toLocaleString'],
      ];
      for (const [prototype, key] of methods) {
        const original = Reflect.get(prototype, key) as (...args: unknown[]) => unknown;
        Object.defineProperty(prototype, key, {
          configurable: true,
          writable: true,
          value: function watched(this: unknown, ...args: unknown[]) {
            record(key);
            return original.apply(this, args);
          },
        });
      }
    });
    const found: string[] = [];
    for (const { name, path: address } of pageTypes) {
      await page.goto(address);
      await waitForHydration(page);
      // Settled: the network quiet and an idle period past (the buttons and prefetching that wait for one).
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
      const uses = await page.evaluate(() => (window as unknown as { localeDataUses: string[] }).localeDataUses);
      const unexpected = sortsText.has(address) ? uses.filter((use) => !use.startsWith('localeCompare ')) : uses;
      found.push(...unexpected.map((use) => `${name} (${address}): ${use}`));
    }
    expect(found).toEqual([]);
  });
});

test.describe('navigation', () => {
  test('a slow navigation shows the progress bar, a fast one does not', async ({ page }) => {
    // No prefetching, so the next page's code is fetched on the click.
    await emulateSlowConnection(page);
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { progressBarSeen: seen });
      new MutationObserver(() => {
        if (document.getElementById('nprogress')) {
          seen.push(location.pathname);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await watchPrefetchReports(page);
    await open(page, '/versions');
    // On this connection a hover loads nothing, so the click below has the page's code to fetch.
    await page.locator('main').getByRole('link', { name: '4.1 documentation' }).hover();
    expect(await decisionOn(page, 'preload', '/docs/4.1')).toBe('declined');
    // The next page's code is held back until the bar has shown.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/js/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.locator('main').getByRole('link', { name: '4.1 documentation' }).click();
    await expect(page.locator('#nprogress')).toBeAttached();
    release();
    await expect(page).toHaveURL(/\/docs\/4\.1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Moodle developer documentation' })).toBeVisible();
    await expect(page.locator('#nprogress')).toHaveCount(0);
    await page.unroute('**/assets/js/*.js');
    // Back to a page whose code is loaded: the swap is immediate and the bar never appears.
    // Docusaurus starts the bar on a 200 ms timer when a navigation begins and clears that timer
    // once the next page's code is loaded, before it renders the page: once /versions shows, the
    // bar either appeared (and was recorded) or never will for this navigation.
    const before = await page.evaluate(() => (window as unknown as { progressBarSeen: string[] }).progressBarSeen.length);
    await page.goBack();
    await expect(page).toHaveURL(/\/versions$/);
    await expect(page.locator('main').getByRole('link', { name: '4.1 documentation' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { progressBarSeen: string[] }).progressBarSeen.length)).toBe(before);
  });

  test('when the next page’s code cannot be loaded, the browser loads the page in full', async ({ page, consoleGuard }) => {
    // The aborted requests and the theme's warning are the point of this test.
    consoleGuard.allow(/net::ERR_FAILED/, /Failed to load resource/, /Loading chunk/, /ChunkLoadError/);
    await emulateSlowConnection(page);
    await open(page, '/versions');
    await page.route('**/assets/js/*.js', (route) => route.abort());
    const fullLoad = page.waitForRequest((request) => request.resourceType() === 'document' && new URL(request.url()).pathname === '/docs/4.1');
    await page.locator('main').getByRole('link', { name: '4.1 documentation' }).click();
    await fullLoad;
    // The server-rendered page is complete without its scripts.
    await expect(page.getByRole('heading', { level: 1, name: 'Moodle developer documentation' })).toBeVisible();
  });
});

test('a page that crashes shows "This page crashed." and recovers with "Try again"', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/Simulated rendering failure/, /The above error occurred/, /React will try to recreate/);
  // Writing a date as ISO text throws while the flag is set: the docs page's "last updated" line
  // (its <time dateTime>) fails to render.
  await page.addInitScript(() => {
    const original = Object.getOwnPropertyDescriptor(Date.prototype, 'toISOString')?.value as (this: Date) => string;
    Date.prototype.toISOString = function (this: Date) {
      if ((window as unknown as { failDates?: boolean }).failDates) {
        throw new Error('Simulated rendering failure');
      }
      return original.call(this);
    };
  });
  await open(page, '/versions');
  await page.evaluate(() => {
    (window as unknown as { failDates?: boolean }).failDates = true;
  });
  await page.locator('footer').getByRole('link', { name: 'About these docs' }).click();
  await expect(page.getByRole('heading', { name: 'This page crashed.' })).toBeVisible();
  await expect(page.getByText('Simulated rendering failure')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { failDates?: boolean }).failDates = false;
  });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About these docs' })).toBeVisible();
  await expect(page.locator('.theme-last-updated')).toContainText('Last updated');
});

test.describe('base address problems', () => {
  test('the home page of a site served under the wrong base address shows the banner; other pages do not', async ({ page, consoleGuard }) => {
    // Served under /mirror/ while built for /: every script and stylesheet is a 404, answered with
    // the not-found page; with X-Content-Type-Options: nosniff the browser also says it refuses
    // that HTML as a script or a style sheet.
    consoleGuard.allow(/status of 404/, /Failed to load resource/, /MIME type \('text\/html'\) is not (executable|a supported stylesheet MIME type)/);
    const mirror = await startStaticServer({ dir: path.resolve(__dirname, '../../build'), prefix: '/mirror' });
    try {
      await page.goto(`${mirror.url}/`);
      const banner = page.locator('#__docusaurus-base-url-issue-banner-container');
      await expect(banner).toContainText('did not load properly');
      await expect(banner).toContainText('/mirror/');
      await page.goto(`${mirror.url}/docs`);
      await expect(page.getByRole('heading', { level: 1, name: 'Moodle developer documentation' })).toBeVisible();
      await expect(page.locator('#__docusaurus-base-url-issue-banner-container')).toHaveCount(0);
    } finally {
      await mirror.close();
    }
  });

  test('a correctly served home page has no banner', async ({ page }) => {
    await open(page, '/');
    await expect(page.locator('#__docusaurus-base-url-issue-banner-container')).toHaveCount(0);
  });
});

test('the navbar hides on scroll down and comes back on scroll up', async ({ page }) => {
  await open(page, '/general/development/gettingstarted');
  const navbarBottom = () => page.locator('nav.navbar').evaluate((element) => element.getBoundingClientRect().bottom);
  expect(await navbarBottom()).toBeGreaterThan(0);
  // The navbar compares each scroll position with the previous one, so scroll in steps.
  for (let step = 0; step < 5; step++) {
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(50);
  }
  await expect.poll(navbarBottom).toBeLessThanOrEqual(0);
  await page.mouse.wheel(0, -300);
  await expect.poll(navbarBottom).toBeGreaterThan(0);
});

test('client-side navigation swaps pages without a full load', async ({ page }) => {
  await open(page, '/');
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') {
      documents.push(request.url());
    }
  });
  await page.locator('nav.navbar').getByRole('link', { name: 'Process', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Development process' })).toBeVisible();
  await waitForHydration(page);
  expect(documents).toEqual([]);
});

test.describe('the head during hydration', () => {
  test('the title and meta tags the server sent do not change while the page hydrates', async ({ page }) => {
    // Records every title the tab shows from the first byte, and every change to the head's
    // meta and link tags once the parser has finished (until then, the parser adds them).
    await page.addInitScript(() => {
      const seen: string[] = [];
      const headChanges: string[] = [];
      let parsed = false;
      document.addEventListener('DOMContentLoaded', () => {
        parsed = true;
      });
      (window as unknown as { __head: { seen: string[]; headChanges: string[] } }).__head = { seen, headChanges };
      new MutationObserver((records) => {
        if (seen.at(-1) !== document.title) {
          seen.push(document.title);
        }
        for (const record of parsed ? records : []) {
          for (const node of [...record.addedNodes, ...record.removedNodes]) {
            if (node instanceof HTMLMetaElement || node instanceof HTMLLinkElement) {
              if (node.parentNode === document.head || record.target === document.head) {
                headChanges.push(`${record.addedNodes.length ? 'added' : 'removed'} ${node.outerHTML}`);
              }
            }
          }
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const response = await page.goto('/docs/apis/core/dml');
    const served = /<title[^>]*>([^<]*)<\/title>/.exec((await response?.text()) ?? '')?.[1];
    expect(served).toBe('Data manipulation API (DML) | Moodle Developer Resources');
    // data-has-hydrated is itself written into the head by react-helmet-async, in the same
    // update as the title and meta tags of the hydrated page. Head updates asked for by then run
    // on the next animation frame: wait for it, and for the page to go idle after it.
    await waitForHydration(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve))));
    const { seen, headChanges } = await page.evaluate(() => (window as unknown as { __head: { seen: string[]; headChanges: string[] } }).__head);
    expect(seen).toEqual([served]);
    expect(headChanges.filter((change) => !/rel="prefetch"|rel="preload"|rel="modulepreload"/.test(change))).toEqual([]);
  });

  test('after hydration, client-side navigation still sets the next page’s title', async ({ page }) => {
    await open(page, '/docs/apis/core/dml');
    await page.locator('nav.navbar').getByRole('link', { name: 'Process', exact: true }).click();
    await expect(page).toHaveTitle('Development process | Moodle Developer Resources');
  });
});
