/**
 * Routes: every spec route is built and served, `.html` and `/index.html` reach the clean route,
 * and an unknown path gets the not-found page with status 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildDir, expect, open, specRoutes, test } from './fixtures';

/** The file a route is built to (trailing slashes off: /x is x.html). */
function builtFile(route: string): string {
  return route === '/' ? path.join(buildDir, 'index.html') : path.join(buildDir, `${route}.html`);
}

test('every spec route is built and served', async ({ request }) => {
  const routes = specRoutes();
  expect(routes.length).toBeGreaterThan(0);
  const problems: string[] = [];
  for (const route of routes) {
    if (!fs.existsSync(builtFile(route))) {
      problems.push(`${route}: ${path.relative(buildDir, builtFile(route))} was not built`);
      continue;
    }
    const response = await request.get(route);
    const body = await response.text();
    if (response.status() !== 200 || body.includes('Page Not Found')) {
      problems.push(`${route}: served with status ${response.status()}`);
    }
  }
  expect(problems).toEqual([]);
});

test.describe('clean routes', () => {
  test('/x.html reaches /x', async ({ page, consoleGuard }) => {
    // The host serves x.html for /x.html, so the HTML is right, but links that compare the
    // browser's path with their own (/x.html against /x) render differently once the client
    // takes over; React reports the mismatch and re-renders. The page is what matters.
    consoleGuard.allow(/Minified React error #418/);
    await open(page, '/general/documentation.html');
    await expect(page.getByRole('heading', { level: 1, name: 'About these docs' })).toBeVisible();
    await expect(page.locator('.theme-doc-markdown')).toContainText('How the site is organised');
  });

  test('/x/index.html reaches /x', async ({ page, consoleGuard }) => {
    // The host has no file for this path, so it answers 404 with the not-found page; the
    // client then strips /index.html and renders the route, replacing the server's HTML.
    consoleGuard.allow(/status of 404/, /Minified React error #418/);
    await open(page, '/general/documentation/index.html');
    await expect(page.getByRole('heading', { level: 1, name: 'About these docs' })).toBeVisible();
  });

  test('an unknown path gets the not-found page with status 404', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/);
    const response = await page.goto('/docs/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Where to go next' }).getByRole('link', { name: 'Release notes' })).toHaveAttribute('href', '/general/releases');
  });
});
