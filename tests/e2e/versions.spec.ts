/** The docs version dropdown, the preferred version, and the /versions page. */
import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures';

/** Opens a page at the top (a hash scrolls it down, which hides the navbar) and the menu of the version it shows. */
async function openVersionMenu(page: Page, urlPath: string, version: string) {
  await open(page, urlPath);
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  const dropdown = page.locator('nav.navbar .dropdown').filter({ hasText: version });
  await dropdown.hover();
  return dropdown;
}

test.describe('docs version dropdown', () => {
  test('switching version keeps the page, its query and its hash', async ({ page }) => {
    const dropdown = await openVersionMenu(page, '/docs?ref=nav#plugin-types', 'master');
    // Each version in the menu carries its support status ("4.1 · Support ended").
    const link = dropdown.getByRole('link', { name: /^4\.1 · / });
    await expect(link).toHaveAttribute('href', '/docs/4.1?ref=nav#plugin-types');
    await link.click();
    await expect(page).toHaveURL(/\/docs\/4\.1\?ref=nav#plugin-types$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Moodle developer documentation' })).toBeVisible();
    await expect(page.locator('.theme-doc-version-badge')).toContainText('4.1');
  });

  test('from a deep page, the other version opens the same page with its query and hash', async ({ page }) => {
    const dropdown = await openVersionMenu(page, '/docs/apis/core/dml?x=1#top', 'master');
    await dropdown.getByRole('link', { name: /^4\.1 · / }).click();
    await expect(page).toHaveURL(/\/docs\/4\.1\/apis\/core\/dml\?x=1#top$/);
    await expect(page.locator('main h1').first()).toHaveText('Data manipulation API (DML)');
    await expect(page.locator('.theme-doc-version-badge')).toContainText('4.1');
    // The version banner says which release the page documents and links the same page in the current docs.
    const banner = page.getByRole('complementary', { name: 'About this version' });
    await expect(banner).toContainText('Moodle 4.1');
    await expect(banner.getByRole('link', { name: 'this page in the current docs' })).toHaveAttribute('href', '/docs/apis/core/dml');
  });

  test('a page missing from the other version falls back to that version’s main doc', async ({ page }) => {
    const dropdown = await openVersionMenu(page, '/docs/4.1/devupdate?x=1#core-apis', '4.1');
    await expect(dropdown.getByRole('link', { name: 'master', exact: true })).toHaveAttribute('href', '/docs?x=1#core-apis');
  });

  test('the last entry is "All versions", linking to /versions', async ({ page }) => {
    await open(page, '/docs');
    const items = page.locator('nav.navbar .dropdown').filter({ hasText: 'master' }).locator('.dropdown__menu a');
    await expect(items.last()).toHaveText('All versions');
    await expect(items.last()).toHaveAttribute('href', '/versions');
  });

  test('the chosen version is remembered and used by the navbar elsewhere', async ({ page }) => {
    const dropdown = await openVersionMenu(page, '/docs', 'master');
    await dropdown.getByRole('link', { name: /^4\.1 · / }).click();
    await expect(page).toHaveURL(/\/docs\/4\.1$/);
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('4.1');
    await open(page, '/general/documentation');
    // The button names the version alone: the status is only in the menu.
    await expect(page.locator('nav.navbar .dropdown > .navbar__link').first()).toHaveAccessibleName('4.1');
    await expect(page.locator('nav.navbar .dropdown > .navbar__link').first()).toHaveText('4.1', { useInnerText: true });
  });
});

test('/versions lists every docs version with its docs and release notes, the current one marked', async ({ page }) => {
  await open(page, '/versions');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const current = page.locator('tbody tr[aria-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('aria-current', 'true');
  await expect(current).toContainText('master');
  await expect(current).toContainText('Current');
  await expect(current.getByRole('link', { name: 'master documentation' })).toHaveAttribute('href', '/docs');
  const v41 = rows.filter({ hasText: '4.1' });
  await expect(v41.getByRole('link', { name: '4.1 documentation' })).toHaveAttribute('href', '/docs/4.1');
  await expect(v41.getByRole('link', { name: 'Moodle 4.1 release notes' })).toHaveAttribute('href', '/general/releases/4.1');
});
