/**
 * Offline mode and the installable app, in Chromium against the production build. Each test
 * serves the build on its own port (a service worker belongs to one origin) so that it can stop
 * the server or deploy a second build under the same address. Pages opened offline come from
 * the worker with the build's Content-Security-Policy, and nothing on them is blocked.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { buildDir, updateBuildDir, updateEditUrl } from './builds';
import { headersOf, violations, watchViolations } from './csp';
import { cspReportPath, startStaticServer, type RunningServer } from './staticServer';

/**
 * Precaching the whole site takes a while on a slow machine, and longer with every page the site
 * gains (about 700 pages and their Markdown twins in November 2026).
 */
test.describe.configure({ timeout: 300_000 });

let server: RunningServer | undefined;

async function serve(dir: string, port = 0): Promise<string> {
  server = await startStaticServer({ dir, port });
  return server.url;
}

async function stopServer(): Promise<void> {
  await server?.close();
  server = undefined;
}

// The page goes first: a server stopped under an open page cuts the files it is still fetching
// (its scripts, idle prefetches), and the browser reports each cut as a console error.
test.afterEach(async ({ page }) => {
  await page.close();
  await stopServer();
});

/** Resolves once a service worker controls the origin and has finished activating. */
async function waitForActiveWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) {
      throw new Error('no active worker');
    }
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) => {
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') {
            resolve();
          }
        });
      });
    }
    return worker.scriptURL;
  });
}

/** Turns offline mode on the way a reader does, and waits until the site is precached. */
async function goOfflineReady(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/?offlineMode=true`);
  await waitForHydration(page);
  return waitForActiveWorker(page);
}

const pages = [
  { path: '/docs', heading: 'Moodle developer documentation', what: 'the current docs home' },
  { path: '/docs/apis/commonfiles/version.php', heading: 'version.php', what: 'a current doc whose address ends in .php' },
  { path: '/docs/4.1/devupdate', heading: 'Moodle 4.1 developer update', what: 'a 4.1 doc' },
  { path: '/docs/4.1/apis/subsystems/task', heading: 'Task API', what: 'a 4.1 doc deep in the tree' },
  { path: '/general/releases/3.9/3.9.18', heading: 'Moodle 3.9.18', what: 'a release-notes page' },
  { path: '/docs/tags/api', heading: /doc(s)? tagged with "API"/, what: 'a tag page' },
  { path: '/versions', heading: 'All documentation versions', what: 'the versions page' },
  { path: '/docs/apis/core/dml', heading: 'Data manipulation API (DML)', what: 'an API doc with code blocks' },
  { path: '/general/development/process', heading: 'Development process', what: 'a page with diagrams' },
  { path: '/search?q=peer%20review', heading: 'Search the documentation', what: 'the search page' },
];

async function expectHeading(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.locator('main h1').first()).toHaveText(heading);
}

/**
 * Opens each page by address, as a typed URL, a bookmark or a reload does: from the worker, with
 * the policy the server sent when the site was precached, nothing blocked.
 */
async function openDirectly(page: Page, base: string): Promise<void> {
  const policy = `${headersOf(buildDir).get('content-security-policy')}; report-uri ${cspReportPath}`;
  await watchViolations(page);
  for (const entry of pages) {
    const response = await page.goto(`${base}${entry.path}`);
    expect(response?.status(), entry.what).toBe(200);
    expect(response?.fromServiceWorker(), entry.what).toBe(true);
    expect(response?.headers()['content-security-policy'], entry.what).toBe(policy);
    await waitForHydration(page);
    await expectHeading(page, entry.heading);
    expect((await violations(page)).all, entry.what).toEqual([]);
  }
}

/** Clicks through the site from the home page: navbar, tags, version list, release notes. */
async function clickThrough(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await waitForHydration(page);
  const follow = async (href: string, heading: string | RegExp) => {
    await page.locator(`a[href="${href}"]:visible`).first().click();
    await expect(page).toHaveURL(`${base}${href}`);
    await expectHeading(page, heading);
  };
  await follow('/docs', 'Moodle developer documentation');
  await follow('/docs/tags/api', /tagged with "API"/);
  await page.locator('nav.navbar .dropdown').filter({ hasText: 'master' }).hover();
  await follow('/versions', 'All documentation versions');
  await follow('/docs/4.1', 'Moodle developer documentation');
  await page.goBack();
  await follow('/general/releases', /release notes/i);
  await follow('/general/releases/4.0', 'Moodle 4.0');
  await follow('/general/releases/4.0/4.0.5', 'Moodle 4.0.5');
}

async function searchFromModal(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/docs`);
  await waitForHydration(page);
  await page.keyboard.press('Control+k');
  const input = page.getByPlaceholder('Search docs').first();
  await expect(input).toBeFocused();
  await input.fill('release');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  expect(await page.locator('.DocSearch-Hit').count()).toBeGreaterThan(1);
}

async function setOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
}

test.describe('offline mode', () => {
  test('without offlineMode and not installed, no service worker registers', async ({ page }) => {
    const base = await serve(buildDir);
    const workerRequests: string[] = [];
    page.context().on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/sw.js')) {
        workerRequests.push(request.url());
      }
    });
    await page.goto(`${base}/docs`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(workerRequests).toEqual([]);
  });

  test('?offlineMode=true registers /sw.js with the offlineMode and debug flags', async ({ page }) => {
    const base = await serve(buildDir);
    const scriptUrl = new URL(await goOfflineReady(page, base));
    expect(scriptUrl.pathname).toBe('/sw.js');
    expect(JSON.parse(scriptUrl.searchParams.get('params') ?? 'null')).toEqual({ offlineMode: true, debug: false });
    // The choice is remembered: a later visit without the parameter keeps the worker.
    await page.goto(`${base}/docs`);
    await waitForHydration(page);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(1);
  });

  test('once on, every kind of page opens by address and by clicking with the network off', async ({ page, context }) => {
    const base = await serve(buildDir);
    await goOfflineReady(page, base);
    await setOffline(context);
    await openDirectly(page, base);
    await clickThrough(page, base);
  });

  test('pages and search keep working with the server stopped', async ({ page, context, consoleGuard }) => {
    const base = await serve(buildDir);
    await goOfflineReady(page, base);
    await stopServer();
    await setOffline(context);
    await openDirectly(page, base);
    await clickThrough(page, base);
    await searchFromModal(page, base);
    // "Copy page" reads the page's Markdown version, precached with the page.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.goto(`${base}/docs/apis/core/lock`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# Lock API\n/);
    // An address that is no page gets the not-found page, with its status.
    consoleGuard.allow(/status of 404/);
    const response = await page.goto(`${base}/docs/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  });

  test('a new deployment shows the reload popup, which loads the new version', async ({ page }) => {
    // The site is precached twice: once by the first worker, once by the new one.
    test.setTimeout(540_000);
    const base = await serve(buildDir);
    const port = new URL(base).port;
    await goOfflineReady(page, base);
    await page.goto(`${base}/docs`);
    await waitForHydration(page);
    const editLink = page.getByRole('link', { name: 'Edit this page' });
    await expect(editLink).not.toHaveAttribute('href', new RegExp(`^${updateEditUrl}`));

    // Deploy the second build under the same address, then come back to the site.
    await stopServer();
    await serve(updateBuildDir, Number(port));
    await page.reload();
    await waitForHydration(page);
    const popup = page.getByRole('button', { name: 'Refresh' });
    await expect(popup).toBeVisible({ timeout: 300_000 });
    await expect(page.getByText('New version available')).toBeVisible();
    await popup.click();
    await expect(page.getByRole('link', { name: 'Edit this page' })).toHaveAttribute('href', new RegExp(`^${updateEditUrl}`), { timeout: 30_000 });
  });
});

test.describe('installable app', () => {
  test('the head links a web app manifest with the icons, colours and scope', async ({ page, request }) => {
    const base = await serve(buildDir);
    await page.goto(`${base}/`);
    const head = page.locator('head');
    await expect(head.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#f98012');
    await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /\.png$/);
    await expect(head.locator('link[rel="mask-icon"]')).toHaveAttribute('href', /mask-icon\.svg$/);
    const manifestHref = await head.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await request.get(new URL(manifestHref ?? '', base).href)).json()) as {
      name: string;
      short_name: string;
      description: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Moodle Developer Resources', start_url: '/', scope: '/', display: 'standalone', theme_color: '#f98012' });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.description).toMatch(/developer/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const sizes = (purpose: string) => manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(['48x48', '72x72', '96x96', '128x128', '192x192', '384x384', '512x512']);
    expect(sizes('maskable')).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) {
      const response = await request.get(new URL(icon.src, base).href);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      // PNG width and height are the big-endian numbers at bytes 16 and 20.
      const body = await response.body();
      const [width] = icon.sizes.split('x').map(Number);
      expect([body.readUInt32BE(16), body.readUInt32BE(20)], icon.src).toEqual([width, width]);
    }
  });
});

test.describe('unavailable browser storage', () => {
  test('with localStorage and IndexedDB throwing, pages render and switches fall back to defaults', async ({ page, consoleGuard }) => {
    // Docusaurus logs each refused read or write; nothing else may fail.
    consoleGuard.allow(/Docusaurus storage error/);
    await page.addInitScript(() => {
      const refuse = () => {
        throw new DOMException('Storage is disabled', 'SecurityError');
      };
      for (const name of ['localStorage', 'sessionStorage', 'indexedDB']) {
        Object.defineProperty(window, name, { get: refuse, configurable: true });
      }
    });
    const base = await serve(buildDir);
    for (const entry of pages) {
      await page.goto(`${base}${entry.path}`);
      await waitForHydration(page);
      await expectHeading(page, entry.heading);
    }
    // Defaults: light mode, the announcement shown, the current docs version in the navbar.
    await page.goto(`${base}/docs`);
    await waitForHydration(page);
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await expect(page.getByRole('banner').or(page.locator('.theme-announcement-bar'))).not.toHaveCount(0);
    await expect(page.locator('nav.navbar .dropdown > .navbar__link').first()).toHaveText('master');
    // The colour switch works for the session, across client-side navigation.
    const toggle = page.locator('nav.navbar').getByRole('button', { name: /dark|light|system/i });
    for (let i = 0; i < 3 && (await page.locator('html').getAttribute('data-theme')) !== 'dark'; i++) {
      await toggle.click();
    }
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.locator('a[href="/docs/tags/api"]:visible').first().click();
    await expectHeading(page, /tagged with "API"/);
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    // Offline mode still turns on from the address (the worker needs no page storage).
    const scriptUrl = await goOfflineReady(page, base);
    expect(new URL(scriptUrl).pathname).toBe('/sw.js');
  });
});
