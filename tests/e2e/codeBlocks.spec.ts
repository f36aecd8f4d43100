/**
 * Code blocks arrive highlighted in the server's HTML (src/remark/highlightCode.ts), coloured by
 * CSS for each colour mode, and keep the theme's features after hydration: the title, the
 * highlighted lines, the copy button and word wrap. Nothing in a block changes while the page
 * hydrates.
 */
import { darkCodeTheme, lightCodeTheme } from '../../config/prism';
import { expect, open, test, waitForHydration } from './fixtures';

const code = [
  '<?php',
  'function local_greeting_get_message(int $userid): string {',
  '    global $DB;',
  "    $user = $DB->get_record('user', ['id' => $userid], '*', MUST_EXIST);",
  "    return get_string('hello', 'local_greeting', fullname($user));",
  '}',
].join('\n');

/** The colour a theme gives keywords, as getComputedStyle writes it. */
function keywordColour(theme: typeof lightCodeTheme): string {
  const hex = theme.styles.find((entry) => entry.types.includes('keyword'))?.style.color ?? '';
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

const blockOnPage = (page: import('@playwright/test').Page) => page.locator('.theme-code-block.language-php').filter({ hasText: 'local/greeting/lib.php' });

test('the server’s HTML carries the highlighted tokens, coloured without JavaScript', async ({ browser, request }) => {
  const html = await (await request.get('/markdown-page')).text();
  expect(html).toMatch(/<span class="token keyword[^"]*">function<\/span>/);
  expect(html).not.toContain('data-highlighted');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/markdown-page');
  const block = blockOnPage(page);
  await expect(block.locator('.token.keyword').filter({ hasText: 'function' }).first()).toHaveCSS('color', keywordColour(lightCodeTheme));
  await expect(block.locator('.theme-code-block-highlighted-line')).toHaveCount(2);
  await context.close();
});

for (const [mode, theme] of [
  ['light', lightCodeTheme],
  ['dark', darkCodeTheme],
] as const) {
  test.describe(`${mode} mode`, () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

    test('after hydration the block keeps its colours, title, highlighted lines and copy button, and nothing in it was re-rendered', async ({ page }) => {
      await page.addInitScript((theme) => {
        localStorage.setItem('theme', theme);
        // Records changes inside the code of the block once the parser is done: hydration should make none.
        const added: string[] = [];
        (window as unknown as { __codeChanges: string[] }).__codeChanges = added;
        document.addEventListener('DOMContentLoaded', () => {
          new MutationObserver((records) => {
            for (const record of records) {
              if (record.target instanceof Element && record.target.closest('.theme-code-block pre') && record.target.closest('.theme-code-block')?.textContent?.includes('local/greeting/lib.php')) {
                added.push(`${record.type} ${record.target.outerHTML.slice(0, 80)}`);
              }
            }
          }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'class'] });
        });
      }, mode);
      await open(page, '/markdown-page');
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const block = blockOnPage(page);
      await expect(block.locator('.token.keyword').filter({ hasText: 'function' }).first()).toHaveCSS('color', keywordColour(theme));
      await expect(block.getByText('local/greeting/lib.php', { exact: true })).toBeVisible();
      await expect(block.locator('.theme-code-block-highlighted-line')).toHaveCount(2);
      await expect(block.locator('.theme-code-block-highlighted-line').first()).toContainText('global $DB;');
      expect(await page.evaluate(() => (window as unknown as { __codeChanges: string[] }).__codeChanges)).toEqual([]);

      await block.hover();
      await block.getByRole('button', { name: /copy/i }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    });
  });
}

test('a long line can be wrapped with the word-wrap button', async ({ page }) => {
  await page.setViewportSize({ width: 500, height: 800 });
  await open(page, '/markdown-page');
  const block = blockOnPage(page);
  await block.hover();
  const wrap = block.getByRole('button', { name: /word wrap/i });
  await expect(wrap).toBeVisible();
  await wrap.click();
  await expect(block.locator('code')).toHaveCSS('white-space', /pre-wrap/);
});

test('a block the build leaves to the browser (a magic comment) is highlighted once the page has loaded', async ({ page }) => {
  await open(page, '/markdown-page');
  const block = page.locator('.theme-code-block.language-js').filter({ hasText: 'handleClick' }).last();
  await expect(block.locator('.token.keyword').filter({ hasText: 'const' })).toHaveCount(1);
  await expect(block.locator('.theme-code-block-highlighted-line')).toHaveText('    document.addEventListener(\'click\', handleClick);');
  await expect(block).not.toContainText('highlight-next-line');
});

test.describe('a long page’s code blocks below the fold', () => {
  test.use({ viewport: { width: 412, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] });

  test('are left unrendered, and measured for the word-wrap button, until the reader comes near them', async ({ page }) => {
    await open(page, '/docs/apis/core/dml');
    const example = page.locator('figure .theme-code-block').filter({ hasText: 'message_repository' });
    const skipped = () => example.locator('pre').evaluate((element) => !element.checkVisibility({ contentVisibilityAuto: true }));
    const wrap = example.getByRole('button', { name: /word wrap/i });
    // Its licence lines are wider than a phone: the button is due once the block is measured.
    expect(await skipped()).toBe(true);
    await expect(wrap).toHaveCount(0);
    await example.scrollIntoViewIfNeeded();
    await expect.poll(skipped).toBe(false);
    await expect(wrap).toHaveCount(1);
    await example.hover();
    await wrap.click();
    await expect(example.locator('code')).toHaveCSS('white-space', /pre-wrap/);
  });

  test('get their buttons when the reader comes near them, or when the browser is idle', async ({ page }) => {
    // Idle periods are held until the test lets them run.
    await page.addInitScript(() => {
      const held: (() => void)[] = [];
      window.requestIdleCallback = (callback: IdleRequestCallback) => {
        held.push(() => { callback({ didTimeout: false, timeRemaining: () => 50 }); });
        return held.length;
      };
      (window as unknown as { __runIdle: () => void }).__runIdle = () => {
        for (const run of held.splice(0)) {
          run();
        }
      };
    });
    await open(page, '/docs/apis/core/dml');
    const blocks = page.locator('.markdown .theme-code-block');
    const withButtons = page.locator('.markdown .theme-code-block:has(button[aria-label="Copy code to clipboard"])');
    const total = await blocks.count();
    expect(total).toBeGreaterThan(10);
    // The blocks within a screen of the first one have their buttons; those further down wait.
    await expect.poll(() => withButtons.count()).toBeGreaterThan(0);
    const near = await withButtons.count();
    expect(near).toBeLessThan(total);
    const last = blocks.last();
    const copy = last.getByRole('button', { name: 'Copy code to clipboard' });
    await expect(copy).toHaveCount(0);
    await last.scrollIntoViewIfNeeded();
    await expect(copy).toHaveCount(1);
    const scrolled = await withButtons.count();
    expect(scrolled).toBeLessThan(total);
    // Idle periods bring the rest in, a few blocks each.
    await page.evaluate(() => { (window as unknown as { __runIdle: () => void }).__runIdle(); });
    await expect.poll(() => withButtons.count()).toBeGreaterThan(scrolled);
    await expect
      .poll(async () => {
        await page.evaluate(() => { (window as unknown as { __runIdle: () => void }).__runIdle(); });
        return withButtons.count();
      })
      .toBe(total);
    // Each block's copy button copies its own code.
    const middle = blocks.nth(Math.floor(total / 2));
    const code = (await middle.locator('.token-line').allTextContents()).join('\n');
    await middle.hover();
    await middle.getByRole('button', { name: 'Copy code to clipboard' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  test('do not move a heading reached by its anchor', async ({ page }) => {
    await page.goto('/docs/apis/core/dml#security');
    await waitForHydration(page);
    const heading = page.locator('h2#security');
    const top = () => heading.evaluate((element) => Math.round(element.getBoundingClientRect().top));
    // Below the sticky navbar, at the top of the viewport, and still there once the blocks around it are rendered.
    await expect.poll(top).toBeGreaterThanOrEqual(0);
    const first = await top();
    expect(first).toBeLessThan(150);
    await page.waitForTimeout(1000);
    expect(Math.abs((await top()) - first)).toBeLessThanOrEqual(1);
  });
});
