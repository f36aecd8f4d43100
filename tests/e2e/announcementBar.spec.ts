/** The announcement bar stays dismissed until its id changes. */
import { expect, open, test } from './fixtures';

test('a dismissed announcement stays dismissed across reloads', async ({ page }) => {
  await open(page, '/');
  const bar = page.getByRole('banner').filter({ hasText: 'long-term support release' });
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Close' }).click();
  await expect(bar).toBeHidden();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await expect(page.getByRole('banner').filter({ hasText: 'long-term support release' })).toHaveCount(0);
});

test('an announcement with a new id shows again to readers who dismissed the old one', async ({ page }) => {
  // A reader who dismissed an earlier announcement: the browser remembers the old id.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('docusaurus.announcement.id', 'lts-3.9');
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await open(page, '/');
  await expect(page.getByRole('banner').filter({ hasText: 'long-term support release' })).toBeVisible();
  // The id is the one the build gave the bar (the newest LTS on the build date, "-planned" when
  // it is a plan the data cannot confirm), which the early script compares with.
  const html = await (await page.request.get('/')).text();
  // The minifier may turn the comparison around: "lts-5.3" !== localStorage.getItem(…) or the other way.
  const id = /["'](lts-[\d.]+(?:-planned)?)["']\s*!==\s*localStorage\.getItem|localStorage\.getItem\([^)]*\)\s*!==\s*["'](lts-[\d.]+(?:-planned)?)["']/.exec(html)?.slice(1).find(Boolean);
  expect(id).toMatch(/^lts-\d+\.\d+(-planned)?$/);
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(id);
});
