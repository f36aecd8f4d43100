/** Every navbar, footer and announcement-bar link leads somewhere real. */
import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures';

interface LinkInfo {
  text: string;
  href: string;
  target: string | null;
}

async function linksIn(page: Page, selector: string): Promise<LinkInfo[]> {
  return page.locator(`${selector} a[href]`).evaluateAll((anchors) =>
    anchors.map((anchor) => ({ text: (anchor.textContent ?? '').trim(), href: anchor.getAttribute('href') ?? '', target: anchor.getAttribute('target') })),
  );
}

const allowedHosts = ['docs.moodle.org', 'moodle.org', 'x.com', 'github.com', 'moodle.atlassian.net'];

for (const area of [
  { name: 'navbar', selector: 'nav.navbar' },
  { name: 'footer', selector: 'footer.footer' },
  { name: 'announcement bar', selector: 'div[role="banner"]' },
]) {
  // The tests reach no other host, so an external link is checked for where it points, not fetched.
  test(`every ${area.name} link to the site leads to a built page, and every other one to a known host in a new tab`, async ({ page, request }) => {
    await open(page, '/');
    const links = (await linksIn(page, area.selector)).filter((link) => link.href !== '#');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      if (/^https?:/.test(link.href)) {
        expect(allowedHosts, `${link.text} → ${link.href}`).toContain(new URL(link.href).host);
        expect(link.target, `${link.text} opens in a new tab`).toBe('_blank');
      } else {
        const response = await request.get(link.href);
        expect(response.status(), `${link.text} → ${link.href}`).toBe(200);
        expect(await response.text(), `${link.text} → ${link.href}`).not.toContain('Page Not Found');
      }
    }
  });
}

test('the navbar has the four sections, versions, legacy docs and the colour switch', async ({ page }) => {
  await open(page, '/');
  const navbar = page.locator('nav.navbar');
  for (const [name, href] of [
    ['Guides', '/docs'],
    ['Community', '/general/community/contribute'],
    ['Coding', '/general/development/gettingstarted'],
    ['Process', '/general/development/process'],
  ]) {
    await expect(navbar.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(navbar.getByRole('link', { name: /Legacy docs/ })).toHaveAttribute('href', /docs\.moodle\.org\/dev/);
  await expect(navbar.getByRole('button', { name: /dark|light|system/i })).toBeVisible();
  const logo = navbar.locator('.navbar__logo img').first();
  await expect(logo).toHaveAttribute('width', '138');
  await expect(logo).toHaveAttribute('height', '35');
});

test('the footer carries the 2023 copyright notice', async ({ page }) => {
  await open(page, '/');
  await expect(page.locator('footer .footer__copyright')).toContainText('Copyright © 2023');
});
