/** The mobile layout at 996 px and below: the menu, the docs sub-menu, closing on widening. */
import { expect, open, test } from './fixtures';

test.use({ viewport: { width: 996, height: 800 } });

test('the mobile menu opens, offers "Back to main menu" in the docs, and closes when the window widens', async ({ page }) => {
  await open(page, '/general/development/process');
  const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
  await expect(toggle).toBeVisible();
  await toggle.click();
  const sidebar = page.locator('.navbar-sidebar');
  await expect(page.locator('nav.navbar')).toHaveClass(/navbar-sidebar--show/);
  // On a docs page the menu opens on the page's sidebar, with a way back to the main menu.
  const back = sidebar.getByRole('button', { name: '← Back to main menu' });
  await expect(back).toBeVisible();
  await back.click();
  await expect(sidebar.getByRole('link', { name: 'Guides', exact: true })).toBeVisible();
  await page.setViewportSize({ width: 1200, height: 800 });
  await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
  await expect(toggle).toBeHidden();
});
