/**
 * On a page's first load, the article's static blocks stay the nodes the server sent: React does
 * not walk them (src/rehype/lazyHydration.ts, src/components/LazyHydration). Its islands (code
 * blocks, a date that depends on the reader's day) hydrate on their own and work; a link in a
 * static block still navigates inside the site; and a page reached by navigation renders as any
 * React page does.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

interface Marked {
  __serverNodes?: Element[];
  __sameDocument?: boolean;
}

/** Whether React has attached itself to a DOM node (it does so to every node it hydrates). */
const reactKeyPattern = '^__react(Fiber|Props)\\$';

/**
 * Opens a page with the app's scripts held back until the server's article has been parsed and
 * its elements recorded, so that whatever hydration does to them can be seen afterwards.
 */
async function openRecordingServerNodes(page: Page, path: string, minimumNodes = 100): Promise<void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/js/runtime~main*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('footer.footer').waitFor({ state: 'attached' });
  const count = await page.evaluate(() => {
    const nodes = Array.from(document.querySelectorAll('.markdown *'));
    (window as Marked).__serverNodes = nodes;
    (window as Marked).__sameDocument = true;
    return nodes.length;
  });
  expect(count).toBeGreaterThan(minimumNodes);
  release();
  await waitForHydration(page);
}

/**
 * The article's top-level paragraphs, headings and lists that hold elements (links, code) and
 * nothing interactive, and those of them whose inner elements React has walked. On a first load
 * React hydrates a static block's top-level elements as shells, never what is inside them.
 */
async function staticBlockFigures(page: Page, island?: string): Promise<{ total: number; walkedByReact: string[] }> {
  return page.evaluate(
    ({ pattern, island }) => {
    const key = new RegExp(pattern);
    const blocks = Array.from(document.querySelectorAll('.markdown > p, .markdown > h2, .markdown > h3, .markdown > ul')).filter(
      (block) => block.querySelector('*') && !block.querySelector('pre, button, input, time') && !(island && block.textContent?.includes(island)),
    );
    const walked = blocks.filter((block) => Array.from(block.querySelectorAll('*')).some((node) => Object.keys(node).some((name) => key.test(name))));
    return { total: blocks.length, walkedByReact: walked.map((block) => block.textContent?.slice(0, 60) ?? '') };
    },
    { pattern: reactKeyPattern, island },
  );
}

test.describe('first load of a long page', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('keeps the server’s nodes, leaves the static blocks to the browser and hydrates the code blocks', async ({ page }) => {
    await openRecordingServerNodes(page, '/docs/apis/core/dml');
    const copyButtons = page.locator('.markdown .theme-code-block button[aria-label*="Copy" i]');
    // The islands hydrate once the main thread is idle.
    await expect
      .poll(async () => copyButtons.evaluateAll((buttons, pattern) => buttons.every((button) => Object.keys(button).some((name) => new RegExp(pattern).test(name))), reactKeyPattern))
      .toBe(true);

    const replaced = await page.evaluate(() => ((window as Marked).__serverNodes ?? []).filter((node) => !node.isConnected && !node.closest('pre')).length);
    expect(replaced).toBe(0);
    const figures = await staticBlockFigures(page);
    expect(figures.total).toBeGreaterThan(20);
    expect(figures.walkedByReact).toEqual([]);

    const block = page.locator('.markdown .theme-code-block').first();
    const code = (await block.locator('.token-line').allTextContents()).join('\n');
    await block.hover();
    await block.getByRole('button', { name: /copy/i }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  test('a link in a static block is prefetched in view and navigates inside the site, where the next page renders as React content', async ({ page }) => {
    await page.addInitScript(() => {
      const reports: string[] = [];
      (window as unknown as { __prefetched: string[] }).__prefetched = reports;
      window.addEventListener('idleprefetch', (event) => {
        const { request, path } = (event as CustomEvent<{ request: string; path: string }>).detail;
        reports.push(`${request} ${path}`);
      });
    });
    await openRecordingServerNodes(page, '/docs/apis/core/dml');
    const link = page.locator('.markdown > p a[href^="/docs/"]:not([href*="#"])').first();
    const target = await link.getAttribute('href');
    expect(target).toBeTruthy();
    await link.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __prefetched: string[] }).__prefetched)).toContain(`prefetch ${target}`);
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === target);
    // The same document: no page load happened.
    expect(await page.evaluate(() => (window as Marked).__sameDocument)).toBe(true);
    await expect(page.locator('article h1')).toBeVisible();
    const figures = await staticBlockFigures(page);
    expect(figures.total).toBeGreaterThan(0);
    expect(figures.walkedByReact).toHaveLength(figures.total);
  });

  test('an anchor, the table of contents and the colour mode leave the article whole', async ({ page }) => {
    await openRecordingServerNodes(page, '/docs/apis/core/dml');
    const text = await page.locator('.markdown').innerText();
    await page.locator('.table-of-contents a').nth(2).click();
    await expect(page).toHaveURL(/#/);
    await page.locator('.markdown h2 a.hash-link').first().click({ force: true });
    await page.locator('nav.navbar').getByRole('button', { name: /^Switch between dark and light mode/ }).click();
    await expect(page.locator('.markdown')).toHaveText(text, { useInnerText: true });
    const lost = await page.evaluate(() => ((window as Marked).__serverNodes ?? []).filter((node) => !node.isConnected && !node.closest('pre')).length);
    expect(lost).toBe(0);
  });

  test('a date that depends on the reader’s day is an island that renders for today', async ({ page }) => {
    // Two days before 4.5.13's planned date, which the release data (read on 7 August) had not
    // reached: a reader then is told the plan without the warning a later reader gets.
    await page.clock.setFixedTime(new Date('2026-08-08T10:00:00Z'));
    await openRecordingServerNodes(page, '/general/releases/4.5/4.5.12', 20);
    const paragraph = page.locator('.markdown p').filter({ hasText: 'The previous release of the series' });
    await expect(paragraph).toContainText('is planned for 10 August 2026');
    await expect(paragraph).not.toContainText('not yet in this site');
    // The paragraph with the date is an island, hydrated by React; the other blocks are not.
    const island = 'The previous release of the series';
    expect(await paragraph.locator('a').first().evaluate((link, pattern) => Object.keys(link).some((name) => new RegExp(pattern).test(name)), reactKeyPattern)).toBe(true);
    const figures = await staticBlockFigures(page, island);
    expect(figures.total).toBeGreaterThan(0);
    expect(figures.walkedByReact).toEqual([]);
  });
});
