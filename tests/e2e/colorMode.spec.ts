/** Colour mode: light by default, switchable, remembered, synced across tabs, and system-aware. */
import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures';

const theme = (page: Page) => page.locator('html').getAttribute('data-theme');

/** Clicks the colour switch until the page is in `mode` (the switch cycles through its choices). */
async function switchTo(page: Page, mode: 'light' | 'dark'): Promise<void> {
  const toggle = page.locator('nav.navbar').getByRole('button', { name: /dark|light|system/i });
  for (let i = 0; i < 3 && (await theme(page)) !== mode; i++) {
    // Each click moves the toggle to its next state and renames it: wait for that before reading
    // the theme again, or a click not yet handled reads as one that did nothing.
    const before = await toggle.getAttribute('aria-label');
    await toggle.click();
    await expect(toggle).not.toHaveAttribute('aria-label', before ?? '');
  }
  expect(await theme(page)).toBe(mode);
}

test('is light by default', async ({ page }) => {
  await open(page, '/');
  expect(await theme(page)).toBe('light');
});

test('follows the system preference while the reader has not chosen', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await open(page, '/');
  expect(await theme(page)).toBe('dark');
  await context.close();
});

test('the reader’s choice persists across reloads', async ({ page }) => {
  await open(page, '/docs');
  await switchTo(page, 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
});

test('a choice in one tab applies to the other open tabs', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await open(first, '/');
  await open(second, '/docs');
  await switchTo(first, 'dark');
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
  await switchTo(first, 'light');
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'light');
});
