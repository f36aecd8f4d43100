/** What docs pages show: tags, diagrams, highlighted code, the table of contents, edit and last-update lines, the sidebar. */
import fs from 'node:fs';
import path from 'node:path';
import type { MoodleReleasesData } from '../../src/utils/moodleReleases';
import { expect, open, test } from './fixtures';

test.describe('tags', () => {
  test('the tag indexes list the declared tags in use', async ({ page }) => {
    for (const [index, tag, href] of [
      ['/docs/tags', 'Plugins', '/docs/tags/plugins'],
      ['/docs/4.1/tags', 'Upgrading', '/docs/4.1/tags/upgrade'],
      ['/general/tags', 'Development process', '/general/tags/process'],
    ]) {
      await open(page, index);
      await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
      await expect(page.locator('main').getByRole('link', { name: new RegExp(`^${tag}`) })).toHaveAttribute('href', href);
    }
  });

  test('a tag page lists its docs with their descriptions', async ({ page }) => {
    for (const [tagPage, docTitle, docHref] of [
      ['/docs/tags/plugins', 'Moodle developer documentation', '/docs'],
      ['/docs/4.1/tags/upgrade', 'Moodle 4.1 developer update', '/docs/4.1/devupdate'],
      ['/general/tags/process', 'Development process', '/general/development/process'],
    ]) {
      await open(page, tagPage);
      const article = page.locator('main article').filter({ hasText: docTitle });
      await expect(article.getByRole('link', { name: docTitle, exact: true })).toHaveAttribute('href', docHref);
    }
  });

  test('a doc links to the pages of its tags', async ({ page }) => {
    await open(page, '/general/development/process');
    await expect(page.locator('.theme-doc-footer').getByRole('link', { name: 'Development process' })).toHaveAttribute('href', '/general/tags/process');
  });
});

test('a Mermaid diagram arrives as SVG in the page’s HTML, in the drawing of the colour mode, and hydration leaves it alone', async ({ browser, page }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const staticPage = await noScript.newPage();
  await staticPage.goto('/general/development/process');
  const shown = staticPage.locator('.docusaurus-mermaid-container svg').filter({ visible: true });
  await expect(shown).toHaveCount(await staticPage.locator('[data-markdown="mermaid"]').count());
  await expect(shown.first()).toContainText('Waiting for peer review');
  await expect(shown.first()).toHaveAttribute('id', /-light$/);
  await noScript.close();

  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark');
    // Records changes inside the diagrams once the parser is done: hydration should make none.
    const changes: string[] = [];
    (window as unknown as { __diagramChanges: string[] }).__diagramChanges = changes;
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.target instanceof Element && record.target.closest('.docusaurus-mermaid-container')) {
            changes.push(record.type);
          }
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
  });
  await open(page, '/general/development/process');
  const diagram = page.locator('.docusaurus-mermaid-container svg').filter({ visible: true }).first();
  await expect(diagram).toContainText('Waiting for peer review');
  await expect(diagram).toHaveAttribute('id', /-dark$/);
  expect(await page.evaluate(() => (window as unknown as { __diagramChanges: string[] }).__diagramChanges)).toEqual([]);
});

test('PHP code is highlighted', async ({ page }) => {
  await open(page, '/markdown-page');
  const block = page.locator('.theme-code-block.language-php').filter({ hasText: 'local/greeting/lib.php' });
  await expect(block).toHaveCount(1);
  await expect(block.locator('.token.keyword').filter({ hasText: 'function' }).first()).toBeVisible();
  await expect(block.locator('.token.variable').filter({ hasText: '$DB' }).first()).toBeVisible();
  const [keyword, plain] = await Promise.all([
    block.locator('.token.keyword').first().evaluate((element) => getComputedStyle(element).color),
    // Plain code is text in the block, coloured by the block itself.
    block.locator('pre code').evaluate((element) => getComputedStyle(element).color),
  ]);
  expect(keyword).not.toBe(plain);
  // Highlighted lines from the fence meta {3-4}.
  await expect(block.locator('.theme-code-block-highlighted-line')).toHaveCount(2);
});

test('the table of contents lists h2 and h3 headings only', async ({ page }) => {
  await open(page, '/markdown-page');
  const toc = page.locator('.table-of-contents');
  await expect(toc.getByRole('link', { name: 'Code blocks' })).toBeVisible();
  await expect(toc.getByRole('link', { name: 'A third-level heading' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 4, name: 'A fourth-level heading' })).toBeVisible();
  await expect(toc.getByRole('link', { name: 'A fourth-level heading' })).toHaveCount(0);
});

test.describe('docs page furniture', () => {
  test('"Edit this page" opens the file in the repository’s editor', async ({ page }) => {
    await open(page, '/general/documentation');
    await expect(page.getByRole('link', { name: 'Edit this page' })).toHaveAttribute('href', 'https://github.com/moodle/devdocs/edit/main/general/documentation/index.md');
    await open(page, '/docs/4.1/devupdate');
    await expect(page.getByRole('link', { name: 'Edit this page' })).toHaveAttribute('href', 'https://github.com/moodle/devdocs/edit/main/versioned_docs/version-4.1/devupdate.md');
  });

  test('the last update time and author come from git', async ({ page }) => {
    await open(page, '/general/documentation');
    const lastUpdated = page.locator('.theme-last-updated');
    await expect(lastUpdated).toContainText(/Last updated on .+ by .+/);
    await expect(lastUpdated.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  });

  test('the sidebar can be hidden and shown again', async ({ page }) => {
    await open(page, '/docs/4.1/devupdate');
    const sidebar = page.locator('.theme-doc-sidebar-container');
    await expect(sidebar.getByRole('link', { name: 'Moodle 4.1 developer update' })).toBeVisible();
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(sidebar.getByRole('link', { name: 'Moodle 4.1 developer update' })).toBeHidden();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(sidebar.getByRole('link', { name: 'Moodle 4.1 developer update' })).toBeVisible();
  });

  test('the coding sidebar holds getting started, the policies with security inside them, and abc, but not the process', async ({ page }) => {
    await open(page, '/general/development/policies/security/sql-injection');
    const sidebar = page.locator('.theme-doc-sidebar-container nav');
    const category = (scope: typeof sidebar, href: string): typeof sidebar =>
      scope.locator('li.theme-doc-sidebar-item-category').filter({ has: page.locator(`:scope > div > a[href="${href}"]`) });
    const security = category(category(sidebar, '/general/development/policies'), '/general/development/policies/security');
    await expect(security.locator('a[aria-current="page"]')).toHaveAttribute('href', '/general/development/policies/security/sql-injection');
    await expect(sidebar.locator('a[href="/general/development/gettingstarted"]')).toBeVisible();
    await expect(sidebar.locator('a[href="/general/development/abc"]')).toBeVisible();
    await expect(sidebar.locator('a[href="/general/development/tools"]')).toBeVisible();
    await expect(sidebar.locator('a[href^="/general/development/process"], a[href^="/general/development/tracker"]')).toHaveCount(0);
  });

  test('the Moodle App sidebar reads as a table of contents, with the release notes last', async ({ page }) => {
    await open(page, '/general/app');
    const topLevel = page.locator('.theme-doc-sidebar-container nav > ul > li > a, .theme-doc-sidebar-container nav > ul > li > div > a');
    await expect(topLevel).toHaveText(['Introduction', 'Moodle App overview', 'Development', 'Customisation', 'Upgrading your code', 'Accessibility', 'FAQ', 'Release notes']);
    await expect(page.locator('.theme-doc-sidebar-container nav > ul > li').first().locator('a')).toHaveAttribute('aria-current', 'page');
  });

  test('the process sidebar holds the stages, the Moodle App process and the tracker, but not the coding pages', async ({ page }) => {
    await open(page, '/general/development/tracker/labels');
    const sidebar = page.locator('.theme-doc-sidebar-container nav');
    const tracker = sidebar.locator('li.theme-doc-sidebar-item-category').filter({ has: page.locator(':scope > div > a[href="/general/development/tracker"]') });
    await expect(tracker.locator('a[aria-current="page"]')).toHaveAttribute('href', '/general/development/tracker/labels');
    for (const href of ['/general/development/process', '/general/development/process/peer-review', '/general/development/process/integration', '/general/development/process-moodleapp']) {
      await expect(sidebar.locator(`a[href="${href}"]`)).toBeVisible();
    }
    await expect(sidebar.locator('a[href^="/general/development/policies"], a[href^="/general/development/tools"]')).toHaveCount(0);
  });
});

test.describe('components of API pages', () => {
  test('a bare tracker key in the text links to the tracker', async ({ page }) => {
    await open(page, '/docs/guides/upgrade');
    await expect(page.locator('main article a', { hasText: /^MDL-74484$/ })).toHaveAttribute('href', 'https://moodle.atlassian.net/browse/MDL-74484');
  });

  test('a deprecation notice is a labelled note with its version, issue and replacement', async ({ page }) => {
    await open(page, '/docs/apis/core/dml/drivers');
    const notice = page.getByRole('note', { name: 'Deprecated since Moodle 5.0' });
    await expect(notice).toContainText('Deprecated since Moodle 5.0');
    await expect(notice.getByRole('link', { name: 'MDL-71257' })).toHaveAttribute('href', 'https://moodle.atlassian.net/browse/MDL-71257');
    await expect(notice.locator('code').first()).toHaveText('moodle_read_replica_trait');
  });

  test('"since" markers, file captions and do/don’t pairs render with text labels', async ({ page }) => {
    await open(page, '/docs/apis/core/lock');
    await expect(page.locator('main article').getByText('Since Moodle 2.7').first()).toBeVisible();
    await open(page, '/docs/apis/core/dml');
    const pair = page.getByRole('region', { name: /^Do: / }).first();
    await expect(pair.locator('pre')).toContainText('sql_like');
    await expect(page.getByRole('region', { name: /^Don't: / }).first()).toBeVisible();
    const example = page.locator('main figure').filter({ has: page.locator('figcaption') }).first();
    await expect(example.locator('figcaption code')).toHaveText(/^local\/greet\//);
    await expect(example.locator('pre')).toContainText('<?php');
  });

  test('a table wider than the column takes keyboard focus to scroll; one that fits does not', async ({ page }) => {
    await open(page, '/docs/apis/core/dml');
    const tables = page.locator('main article table');
    const states = await tables.evaluateAll((elements) => elements.map((table) => ({ overflows: table.scrollWidth > table.clientWidth + 1, tabIndex: table.getAttribute('tabindex') })));
    expect(states.some((state) => state.overflows)).toBe(true);
    expect(states.some((state) => !state.overflows)).toBe(true);
    for (const state of states) {
      expect(state.tabIndex).toBe(state.overflows ? '0' : null);
    }
  });

  test('the requirements table is built from the release data', async ({ page }) => {
    await open(page, '/docs/gettingstarted/requirements');
    const table = page.getByRole('region', { name: 'Server requirements by Moodle series' }).locator('table');
    const data = JSON.parse(fs.readFileSync(path.join(__dirname, '../../data/moodle-releases.json'), 'utf8')) as MoodleReleasesData;
    const requirements = data.series.find((series) => series.name === '4.1')?.requirements;
    const postgres = requirements?.databases?.find((database) => database.id === 'postgres')?.minimumVersion;
    expect(requirements?.php?.minimum && postgres).toBeTruthy();
    const row = table.locator('tbody tr', { has: page.locator('th', { hasText: /^4\.1$/ }) });
    await expect(row.locator('td').first()).toHaveText(requirements?.php?.minimum ?? '');
    await expect(row.locator('td').nth(2)).toHaveText(postgres ?? '');
  });
});
