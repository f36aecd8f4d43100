/** The release notes in the browser: calendar, release pages, sidebar and feed. */
import { readDataFile } from '../../src/utils/dataFiles';
import { localIsoDate } from '../../src/utils/dates';
import { allReleases, findRelease, hasOwnNotesPage } from '../../src/utils/moodleReleases';
import { releaseRoute } from '../../src/utils/releaseRoutes';
import { expect, open, test } from './fixtures';

const lms = readDataFile('moodle-releases');
const app = readDataFile('app-releases');

test('the release-notes index shows the support calendar with a row and a link per released series', async ({ page }) => {
  await open(page, '/general/releases');
  const released = lms.series.filter((series) => series.releases.length > 0);
  const table = page.locator('table').filter({ hasText: 'General support ends' });
  // The caption dates the statuses: the reader's day once the page has loaded.
  await expect(table.locator('caption time')).toHaveAttribute('datetime', localIsoDate());
  await expect(table.locator('tbody tr')).toHaveCount(released.length);
  for (const series of released) {
    await expect(table.getByRole('link', { name: `Moodle ${series.name}`, exact: true })).toHaveAttribute('href', `/general/releases/${series.name}`);
  }
  const lts = table.locator('tbody tr', { has: page.getByRole('link', { name: 'Moodle 4.1', exact: true }) });
  await expect(lts.locator('abbr[title="Long-term support"]')).toHaveText('LTS');
});

test('a patch release page lists its fixes and advisories with working links', async ({ page }) => {
  const release = findRelease(lms, '3.9.18');
  await open(page, '/general/releases/3.9/3.9.18');
  await expect(page.getByRole('heading', { level: 1, name: 'Moodle 3.9.18' })).toBeVisible();
  const article = page.locator('article');
  for (const section of release?.sections ?? []) {
    await expect(article.getByRole('heading', { name: section.heading })).toBeVisible();
    for (const item of section.items) {
      const link = article.getByRole('link', { name: item.key, exact: true });
      await expect(link).toHaveAttribute('href', item.url);
      await expect(link).toHaveAttribute('target', '_blank');
    }
  }
  const advisories = (release?.sections ?? []).flatMap((section) => section.items).filter((item) => item.key.startsWith('MSA-'));
  expect(advisories.length).toBeGreaterThan(0);
  await expect(article.locator('a[href^="https://moodle.org/mod/forum/discuss.php"]')).toHaveCount(advisories.length);
  // The table of contents lists the sections; previous and next releases are linked.
  await expect(page.locator('.table-of-contents').getByRole('link', { name: 'Security fixes' })).toBeVisible();
  await expect(page.locator('.pagination-nav__link--prev')).toHaveAttribute('href', '/general/releases/3.9/3.9.17');
});

test('the tracker links on sample pages match the data in number and keys', async ({ page }) => {
  for (const [route, sections] of [
    ['/general/releases/2.8/2.8.5', findRelease(lms, '2.8.5')?.sections ?? []],
    ['/general/releases/2.7', findRelease(lms, '2.7.0')?.sections ?? []],
    ['/general/app_releases/v4/v4.1.0', app.releases.find((release) => release.version === '4.1.0')?.sections ?? []],
  ] as const) {
    await open(page, route);
    const keys = sections.flatMap((section) => section.items.flatMap((item) => [item.key, ...(item.relatedKeys ?? []).map((entry) => entry.key), ...(item.mentionedKeys ?? []).map((entry) => entry.key)]));
    const linked = await page
      .locator('article a[href^="https://tracker.moodle.org/browse/"], article a[href^="https://moodle.atlassian.net/browse/"], article a[href^="https://moodle.org/mod/forum/discuss.php"]')
      .allTextContents();
    expect(linked.sort(), route).toEqual(keys.sort());
  }
});

test('the sidebar opens the series of the page, marks the page, and keeps one series open', async ({ page }) => {
  await open(page, '/general/releases/3.9/3.9.18');
  const sidebar = page.locator('.theme-doc-sidebar-menu');
  const category = (name: string) => sidebar.locator('.menu__list-item').filter({ has: page.getByRole('link', { name, exact: true }) }).first();
  await expect(sidebar.getByRole('link', { name: '3.9.18', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(category('Moodle 3.9')).not.toHaveClass(/menu__list-item--collapsed/);
  await expect(category('Moodle 3.8')).toHaveClass(/menu__list-item--collapsed/);
  // Opening another series closes the first (categories auto-collapse).
  await category('Moodle 3.8').getByRole('button', { name: /Expand sidebar category/ }).click();
  await expect(category('Moodle 3.8')).not.toHaveClass(/menu__list-item--collapsed/);
  await expect(category('Moodle 3.9')).toHaveClass(/menu__list-item--collapsed/);
  await expect(sidebar.getByRole('link', { name: '3.8.9', exact: true })).toBeVisible();
});

test('the release feed is linked from the index and parses as Atom', async ({ page }) => {
  await open(page, '/general/releases');
  const alternate = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
  await expect(alternate).toHaveAttribute('href', '/general/releases/feed.xml');
  await expect(page.locator('article').getByRole('link', { name: 'release feed' })).toHaveAttribute('href', '/general/releases/feed.xml');
  const result = await page.evaluate(async () => {
    const response = await fetch('/general/releases/feed.xml');
    const xml = new DOMParser().parseFromString(await response.text(), 'application/xml');
    const entries = [...xml.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'entry')];
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      parseError: xml.getElementsByTagName('parsererror').length,
      root: xml.documentElement.localName,
      entries: entries.length,
      complete: entries.every((entry) => ['id', 'title', 'updated', 'link'].every((name) => entry.getElementsByTagName(name).length === 1)),
      firstLink: entries[0]?.getElementsByTagName('link')[0]?.getAttribute('href') ?? '',
    };
  });
  expect(result).toMatchObject({ status: 200, parseError: 0, root: 'feed', complete: true });
  expect(result.type).toMatch(/xml/);
  expect(result.entries).toBeGreaterThan(0);
  // The first entry is a release of the newest day in the feed.
  const withNotes = allReleases(lms).filter((release) => release.releaseDate <= lms.source.date && hasOwnNotesPage(release));
  const newestDay = withNotes.filter((release) => release.releaseDate === withNotes[0].releaseDate).map((release) => releaseRoute(release));
  expect(newestDay).toContain(new URL(result.firstLink).pathname);
});

test('the app release history lists every release and the version lines', async ({ page }) => {
  await open(page, '/general/app_releases');
  const history = page.locator('table').filter({ hasText: 'Issues listed' });
  await expect(history.locator('tbody tr')).toHaveCount(app.releases.length);
  await expect(history.getByRole('link', { name: '3.9.5', exact: true })).toHaveAttribute('href', '/general/app_releases/v3/v3.9.5');
  await expect(history.getByRole('link', { name: '1.6.1', exact: true })).toHaveAttribute('href', '/general/app_releases/v1.x#moodle-mobile-1-6-1');
  const lines = page.locator('table').filter({ hasText: 'Built on' }).first();
  await expect(lines).toContainText('Ionic 5');
  // The app pages live in the Moodle App sidebar.
  await open(page, '/general/app_releases/v1.x#moodle-mobile-1-6-1');
  await expect(page.locator('#moodle-mobile-1-6-1')).toBeInViewport();
  await expect(page.locator('.theme-doc-sidebar-menu').getByRole('link', { name: 'Moodle App overview' })).toBeVisible();
});
