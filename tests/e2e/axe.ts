/** axe-core as every browser test runs it, and the page types the accessibility checks visit. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { open } from './fixtures';

/**
 * axe with the WCAG 2.0 and 2.1 A and AA rules, plus `label-content-name-mismatch` (WCAG 2.5.3,
 * label in name), which axe ships as experimental and leaves out unless it is named. It found
 * the navbar's search button announced as "Search (Ctrl+K)" under the visible text "Search".
 * `rules` turns other rules off where a test says why.
 */
export function wcagAxe(page: Page, rules: Record<string, { enabled: boolean }> = {}): AxeBuilder {
  return new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true }, ...rules } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
}

/** The serious and critical violations of an axe run, one readable line each. */
export function seriousViolations(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join('\n    ')}`);
}

export interface PageType {
  name: string;
  path: string;
  /** The page is served with a 404 status, which the browser reports as a console error. */
  notFound?: boolean;
}

/** One page of each type the site has: the accessibility checks run on each, in both colour modes. */
export const pageTypes: PageType[] = [
  { name: 'home', path: '/' },
  { name: 'doc', path: '/general/development/process' },
  { name: 'versioned doc', path: '/docs/4.1/devupdate' },
  { name: 'versioned API doc', path: '/docs/4.1/apis/core/dml' },
  // API pages: file captions, do/don't pairs, deprecation notes, since markers, data tables.
  { name: 'API overview', path: '/docs/apis' },
  { name: 'API doc', path: '/docs/apis/core/dml' },
  { name: 'API doc with a deprecation', path: '/docs/apis/core/dml/drivers' },
  { name: 'API doc with since markers', path: '/docs/apis/core/lock' },
  { name: 'plugin-type overview', path: '/docs/apis/plugintypes' },
  { name: 'plugin-type doc', path: '/docs/apis/plugintypes/blocks' },
  { name: 'subsystem doc', path: '/docs/apis/subsystems/external/security' },
  { name: 'requirements', path: '/docs/gettingstarted/requirements' },
  { name: 'generated category index', path: '/docs/category/subsystems' },
  { name: 'tag index', path: '/general/tags' },
  { name: 'tag page', path: '/general/tags/process' },
  { name: 'docs tag page', path: '/docs/tags/api' },
  { name: 'projects', path: '/general/projects' },
  { name: 'Markdown reference', path: '/markdown-page' },
  { name: 'versions', path: '/versions' },
  { name: 'release-notes index', path: '/general/releases' },
  { name: 'release', path: '/general/releases/3.9/3.9.18' },
  { name: 'series', path: '/general/releases/2.7' },
  // The one page served with a 404 status, which the browser reports as a console error.
  { name: 'not found', path: '/no-such-page', notFound: true },
  { name: 'search', path: '/search?q=peer%20review' },
];

/**
 * Opens a page type in a colour mode, as readers see it: hydrated, with the search results and
 * the diagrams that render after hydration drawn.
 */
export async function openPageType(page: Page, pageType: PageType, mode: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((theme) => {
    localStorage.setItem('theme', theme);
  }, mode);
  await open(page, pageType.path);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  // Code blocks far from the screen are skipped by the browser until the reader nears them
  // (content-visibility in src/css/custom.css); the checks read the whole page, so every skipped
  // block is rendered first.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(element).contentVisibility === 'auto') {
        element.style.contentVisibility = 'visible';
      }
    }
  });
  if (pageType.path === '/general/development/process') {
    await expect(page.locator('.docusaurus-mermaid-container svg').filter({ visible: true }).first()).toBeVisible();
  }
  if (pageType.path.startsWith('/search')) {
    await expect(page.locator('main ol li').first()).toBeVisible();
  }
}
