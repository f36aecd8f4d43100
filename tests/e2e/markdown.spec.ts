/**
 * The Markdown version of every page, llms.txt and "Copy page", against the production build:
 * for a sample of each kind of page, the Markdown holds what the page shows (headings, tables,
 * code blocks), nothing of the source or the layout, and links that resolve to built pages of
 * the same version.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations, wcagAxe } from './axe';
import { buildDir } from './builds';
import { expect, open, test } from './fixtures';

/** The site URL the test build is made with (docusaurus.config.ts's default). */
const siteUrl = 'https://moodledev.io';

const samples = [
  { what: 'an API page with file titles on its code', path: '/docs/apis/core/dml', version: 'current' },
  { what: 'the page with the plugin-type table', path: '/docs', version: 'current' },
  { what: 'a release page', path: '/general/releases/3.9/3.9.18', version: null },
  { what: 'a page of the 4.1 docs', path: '/docs/4.1/devupdate', version: '4.1' },
];

/** The Markdown with its fenced code blocks taken out. */
function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^([ >]*)(`{3,})[^\n]*\n[\s\S]*?^\1\2$/gm, '');
}

/** The Markdown without code: no fenced blocks, no inline code. */
function prose(markdown: string): string {
  return withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, '');
}

/** The h2 and h3 headings of Markdown as plain text ("## The `x` class" reads "## The x class"). */
function markdownHeadings(markdown: string): string[] {
  return withoutCodeBlocks(markdown)
    .split('\n')
    .filter((line) => /^#{2,3} /.test(line))
    .map((line) => line.replace(/`/g, '').replace(/\\(.)/g, '$1').replace(/\*\*/g, '').replace(/\s+/g, ' ').trim());
}

/** Whether a path of the site is a built file or page. */
function existsInBuild(urlPath: string): boolean {
  const clean = decodeURIComponent(urlPath.replace(/[?#].*$/, '')).replace(/\/$/, '');
  const candidates = [clean, `${clean}.html`, path.join(clean, 'index.html')];
  return candidates.some((candidate) => {
    const file = path.join(buildDir, candidate);
    return file.startsWith(buildDir) && fs.existsSync(file) && fs.statSync(file).isFile();
  });
}

async function readMarkdown(request: APIRequestContext, urlPath: string): Promise<string> {
  const response = await request.get(`${urlPath}.md`);
  expect(response.status(), `${urlPath}.md`).toBe(200);
  expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  return response.text();
}

/** What the rendered page shows: its h2 and h3 headings, tables and code blocks. */
async function renderedContent(page: Page): Promise<{ headings: string[]; tables: number; codeBlocks: number }> {
  return page.locator('.theme-doc-markdown').evaluate((root) => ({
    // The heading's text without its anchor link (a zero-width space).
    headings: [...root.querySelectorAll('h2, h3')].map((heading) => `${'#'.repeat(Number(heading.tagName[1]))} ${(heading.textContent ?? '').replace(/\u200b/g, '').replace(/\s+/g, ' ').trim()}`),
    tables: root.querySelectorAll('table').length,
    codeBlocks: root.querySelectorAll('.theme-code-block').length + root.querySelectorAll('[data-markdown="mermaid"]').length,
  }));
}

for (const sample of samples) {
  test(`the Markdown version of ${sample.what} holds its headings, tables and code, and nothing else`, async ({ page, request }) => {
    await open(page, sample.path);
    const rendered = await renderedContent(page);
    const markdown = await readMarkdown(request, sample.path);
    const title = await page.locator('.theme-doc-markdown h1').first().textContent();

    expect(markdown.startsWith(`# ${title}\n`)).toBe(true);
    expect(markdown.match(/^# /gm)).toHaveLength(1);
    expect(markdownHeadings(markdown)).toEqual(rendered.headings);
    expect(markdown.match(/^\| ?-{3,}/gm) ?? []).toHaveLength(rendered.tables);
    // Fences open and close a block; code in lists and quotes is indented or quoted.
    expect((markdown.match(/^[ >]*```/gm) ?? []).length / 2).toBe(rendered.codeBlocks);
    expect(rendered.headings.length + rendered.tables + rendered.codeBlocks).toBeGreaterThan(2);

    // No source (front matter, imports, JSX) and no layout (tags, anchors, buttons) leaks.
    const text = prose(markdown);
    expect(text).not.toMatch(/^---$[\s\S]*?^title:/m);
    expect(text).not.toMatch(/^(import|export) /m);
    expect(text).not.toMatch(/<\/?[A-Za-z][A-Za-z0-9-]*(\s[^>]*)?>|<!--|\{\/\*|className=|Direct link to|Edit this page/);

    // Every link into the site resolves to a built page, of the page's own version.
    const links = [...markdown.matchAll(/\]\((https:\/\/moodledev\.io[^)\s]*)\)/g)].map((match) => match[1].slice(siteUrl.length) || '/');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(existsInBuild(link), link).toBe(true);
      if (sample.version === '4.1' && link.startsWith('/docs')) {
        expect(link, 'a 4.1 page links to 4.1 docs').toMatch(/^\/docs\/4\.1(\/|#|$)/);
      }
      if (sample.version === 'current' && link.startsWith('/docs')) {
        expect(link, 'a current page links to current docs').not.toMatch(/^\/docs\/4\.1(\/|#|$)/);
      }
    }
  });
}

test('llms.txt follows the proposal and every link in it resolves', async ({ request }) => {
  const response = await request.get('/llms.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const text = await response.text();
  const lines = text.split('\n');
  expect(lines[0]).toBe('# Moodle Developer Resources');
  expect(text.match(/^# /gm)).toHaveLength(1);
  expect(lines.find((line) => line.trim() !== '' && !line.startsWith('#'))).toMatch(/^> \S/);
  const sections = text.match(/^## .+$/gm) ?? [];
  expect(sections).toEqual(expect.arrayContaining(['## Getting started', '## APIs', '## Subsystems', '## Guides', '## Development process and coding', '## Release notes', '## Optional']));
  // Below the first section, every line is a heading, a link item or blank.
  const body = lines.slice(lines.indexOf(sections[0] ?? ''));
  expect(body.filter((line) => line !== '' && !line.startsWith('## ') && !/^- \[[^\]]+\]\([^)]+\)(: .+)?$/.test(line))).toEqual([]);
  const urls = [...text.matchAll(/\]\((https:\/\/moodledev\.io[^)]+)\)/g)].map((match) => match[1].slice(siteUrl.length));
  expect(urls.length).toBeGreaterThan(30);
  for (const url of urls) {
    expect(existsInBuild(url), url).toBe(true);
  }
});

test('each docs version has its own llms-full.txt with only its pages', async ({ request }) => {
  const current = await (await request.get('/llms-full.txt')).text();
  const frozen = await (await request.get('/docs/4.1/llms-full.txt')).text();
  const sources = (text: string) => [...text.matchAll(/^Source: <https:\/\/moodledev\.io([^>]*)>$/gm)].map((match) => match[1]);
  expect(sources(frozen).length).toBeGreaterThan(1);
  expect(sources(frozen).every((route) => /^\/docs\/4\.1(\/|$)/.test(route))).toBe(true);
  expect(sources(current)).toContain('/docs/apis/core/dml');
  expect(sources(current).some((route) => /^\/docs\/4\.1(\/|$)/.test(route))).toBe(false);
  expect(sources(current).some((route) => /^\/general\/releases\/[^/]+\/[^/]+$/.test(route))).toBe(false);
});

test('pages point to their Markdown version, which search does not index', async ({ page, request }) => {
  await open(page, '/docs/apis/core/lock');
  await expect(page.locator('head link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('href', '/docs/apis/core/lock.md');
  // No indexed page is a Markdown file (words such as UPGRADING.md may well be indexed terms).
  const meta = (await (await request.get('/search-index/meta.json')).json()) as { chunks: string[] };
  const urls = (await Promise.all(meta.chunks.map(async (file) => ((await (await request.get(`/search-index/${file}`)).json()) as { url: string }[]).map((entry) => entry.url)))).flat();
  expect(urls).toContain('/docs/apis/core/lock');
  expect(urls.filter((url) => url.endsWith('.md') || url.endsWith('.txt'))).toEqual([]);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).not.toContain('.md<');
});

test.describe('Copy page', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('copies the page as Markdown, and its menu opens the Markdown', async ({ page, request }) => {
    // Two axe runs over a whole article: on a two-core machine busy with the offline tests that
    // took the test past the default 30 s, as in accessibility.spec.ts.
    test.setTimeout(90_000);
    await open(page, '/docs/apis/core/lock');
    const copy = page.getByRole('button', { name: 'Copy page' });
    await expect(copy).toBeVisible();
    await copy.click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'clipboard' })).toHaveText('The page is on your clipboard as Markdown.');
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toBe(await readMarkdown(request, '/docs/apis/core/lock'));

    const toggle = page.getByRole('button', { name: "More options for this page's Markdown" });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const view = page.getByRole('link', { name: 'View as Markdown' });
    await expect(view).toHaveAttribute('href', '/docs/apis/core/lock.md');
    for (const theme of ['light', 'dark']) {
      await page.evaluate((mode) => { document.documentElement.setAttribute('data-theme', mode); }, theme);
      const serious = seriousViolations(await wcagAxe(page).include('.theme-doc-markdown').include('article').analyze());
      expect(serious, `${theme} mode: ${serious.join('\n')}`).toEqual([]);
    }
    await page.keyboard.press('Tab');
    await expect(view).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('is left out when the page is printed', async ({ page }) => {
    await open(page, '/docs/apis/core/lock');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Copy page' })).toBeHidden();
  });
});
