/**
 * Algolia search mode, against the site built with Algolia credentials (globalSetup.ts). The
 * tests stand in for Algolia: they answer its search requests from the browser themselves and
 * check what the modal and the /search page asked for.
 */
import { expect, test, waitForHydration } from './fixtures';
import { standInForAlgolia } from './algoliaStandIn';
import { algoliaBuildDir, algoliaCredentials } from './builds';
import { startStaticServer, type RunningServer } from './staticServer';

const { ALGOLIA_APP_ID: appId, ALGOLIA_API_KEY: apiKey, ALGOLIA_INDEX_NAME: indexName } = algoliaCredentials;

let server: RunningServer;

test.beforeAll(async () => {
  server = await startStaticServer({ dir: algoliaBuildDir });
});

test.afterAll(async () => {
  await server.close();
});

test('the modal queries Algolia with the contextual filters and shows its hits, and pages preconnect to it', async ({ page }) => {
  const seen = await standInForAlgolia(page, server.url);
  const localIndex: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/search-index/')) {
      localIndex.push(request.url());
    }
  });
  await page.goto(`${server.url}/docs/apis`);
  await waitForHydration(page);
  await expect(page.locator(`head link[rel="preconnect"][href="https://${appId}-dsn.algolia.net"]`)).toHaveCount(1);

  await page.locator('nav.navbar').getByRole('button', { name: /^Search/ }).click();
  await page.locator('.DocSearch-Input').fill('get_record');
  await expect(page.locator('.DocSearch-Hit').first()).toContainText('Getting one record');
  await expect(page.locator('.DocSearch-Hit-source').first()).toHaveText('Developer docs');

  const query = seen.queries.find((entry) => entry.query === 'get_record');
  expect(query?.indexName).toBe(indexName);
  // The reader is in the current docs: the locale, and the current docs plus the general section.
  expect(query?.facetFilters).toEqual(['language:en-AU', expect.arrayContaining(['docusaurus_tag:default', 'docusaurus_tag:docs-default-current', 'docusaurus_tag:docs-general-current'])]);
  // The search-only key goes to the configured application's host.
  expect(seen.urls[0]).toMatch(new RegExp(`^https://${appId.toLowerCase()}-dsn\\.algolia\\.net/1/indexes/\\*/queries\\?.*x-algolia-api-key=${apiKey}&x-algolia-application-id=${appId}$`));
  expect(localIndex).toEqual([]);

  // Choosing the hit opens the page on this site.
  await page.locator('.DocSearch-Hit a').first().click();
  await expect(page).toHaveURL(`${server.url}/docs/apis/core/dml#getting-one-record`);
});

test('a 4.1 page asks Algolia for the 4.1 docs and the general section', async ({ page }) => {
  const seen = await standInForAlgolia(page, server.url);
  await page.goto(`${server.url}/docs/4.1/devupdate`);
  await waitForHydration(page);
  await page.locator('nav.navbar').getByRole('button', { name: /^Search/ }).click();
  await page.locator('.DocSearch-Input').fill('upgrade');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  const filters = seen.queries.find((entry) => entry.query === 'upgrade')?.facetFilters as [string, string[]];
  expect(filters[0]).toBe('language:en-AU');
  expect(filters[1]).toContain('docusaurus_tag:docs-default-4.1');
  expect(filters[1]).not.toContain('docusaurus_tag:docs-default-current');
});

test('the search page queries Algolia and shows its hits with their trails', async ({ page }) => {
  const seen = await standInForAlgolia(page, server.url);
  await page.goto(`${server.url}/search?q=get_record`);
  await waitForHydration(page);
  const result = page.locator('main').getByRole('link', { name: /Getting one record/ });
  await expect(result).toBeVisible();
  await expect(page.locator('main')).toContainText('Data manipulation API');
  const query = seen.queries.find((entry) => entry.query === 'get_record');
  expect(query).toMatchObject({ indexName, page: 0 });
  expect((query?.facetFilters as unknown[])[0]).toBe('language:en-AU');
});
