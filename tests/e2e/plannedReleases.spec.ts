/**
 * Planned releases are never stated as fact. The release data was read on 7 August 2026 and plans
 * 5.3.0 and 5.2.3 for 5 October 2026 (and 5.2.2 for 10 August 2026). With the browser clock set
 * after that day, the announcement bar, /versions, the support calendar and the 5.3 and 5.2
 * series pages say "planned for 5 October 2026; not yet in this site's release data (7 August
 * 2026)", and none says 5.3.0 or 5.2.3 came out. Before that day they say "planned for" alone.
 *
 * Newer data turns the same pages into "came out" with no change to the code: globalSetup.ts
 * builds the site once more with the same release data read on 6 October 2026
 * (tests/e2e/builds.ts, newerDataDir), and the last tests here read that build. The functions that
 * word every surface are also tested on their own (tests/unit/plannedReleases.test.ts and others).
 */
import type { Page } from '@playwright/test';
import { readDataFile } from '../../src/utils/dataFiles';
import { findRelease } from '../../src/utils/moodleReleases';
import { newerDataBuildDir } from './builds';
import { expect, open, test } from './fixtures';
import { startStaticServer, type RunningServer } from './staticServer';

const data = readDataFile('moodle-releases');

// The words below are written out for these facts of the data, not worked out from it.
const knownFacts = { source: data.source.date, '5.3.0': findRelease(data, '5.3.0')?.releaseDate, '5.2.3': findRelease(data, '5.2.3')?.releaseDate, '5.2.2': findRelease(data, '5.2.2')?.releaseDate };
const expectedFacts = { source: '2026-08-07', '5.3.0': '2026-10-05', '5.2.3': '2026-10-05', '5.2.2': '2026-08-10' };
if (JSON.stringify(knownFacts) !== JSON.stringify(expectedFacts)) {
  throw new Error(`The expected words are written for the release data ${JSON.stringify(expectedFacts)}; the data says ${JSON.stringify(knownFacts)}.`);
}

/** Midday on a day, in the browser's time zone, so that no zone moves it to another day. */
const midday = (isoDate: string) => new Date(`${isoDate}T12:00:00`);

const notYet = "not yet in this site's release data (7 August 2026)";
/** Sentences that would state 5.3 (5.3.0) or 5.2.3 as released. */
const statedAsFact = /(5\.3(\.0)?|5\.2\.3)[^.]*\b(came out|was released|released on)\b|(came out|released) on 5 October 2026/;

const bar = (page: Page) => page.getByRole('banner').filter({ hasText: 'long-term support release' });

test.describe('after 5 October 2026', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(midday('2026-11-27'));
  });

  test('the announcement bar says 5.3 is planned and not yet in the data, never that it came out', async ({ page }) => {
    await open(page, '/');
    await expect(bar(page)).toContainText(`Moodle 5.3, the next long-term support release, is planned for 5 October 2026; ${notYet}.`);
    await expect(bar(page)).toContainText('The newest long-term support release in the data is Moodle 4.5, from 7 October 2024.');
    await expect(bar(page)).not.toContainText('came out');
    await expect(bar(page).getByRole('link', { name: 'Read its release notes' })).toHaveAttribute('href', '/general/releases/5.3');
  });

  test('/versions says the next series, 5.3, is planned', async ({ page }) => {
    await open(page, '/versions');
    const current = page.locator('tbody tr[aria-current="true"]');
    await expect(current).toContainText(`The next series, Moodle 5.3 (long-term support), is planned for 5 October 2026; ${notYet}.`);
    await expect(page.locator('main')).not.toContainText(statedAsFact);
    await expect(bar(page)).not.toContainText('came out');
  });

  test('the 5.3 series page says 5.3 is planned, and so does its status', async ({ page }) => {
    await open(page, '/general/releases/5.3');
    const article = page.locator('article');
    await expect(article).toContainText(`Moodle 5.3 is planned for 5 October 2026; ${notYet}.`);
    const status = article.locator('p', { hasText: 'Status today:' });
    await expect(status.locator('[data-status]')).toHaveText('Planned, not confirmed');
    await expect(status).toContainText(`Planned for 5 October 2026; ${notYet}`);
    await expect(article).not.toContainText(statedAsFact);
  });

  test('the 5.2 series page says 5.2.3 and 5.2.2 are planned', async ({ page }) => {
    await open(page, '/general/releases/5.2');
    const article = page.locator('article');
    await expect(article).toContainText(`Moodle 5.2.3 is planned for 5 October 2026; ${notYet}. It has no release notes yet.`);
    await expect(article.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Moodle 5.2.2', exact: true }) })).toContainText(`planned for 10 August 2026; ${notYet}`);
    await expect(article).not.toContainText(statedAsFact);
  });

  test('the support calendar gives 5.3 a planned date and no support period, and lists the planned releases apart', async ({ page }) => {
    await open(page, '/general/releases');
    const calendar = page.locator('table').filter({ hasText: 'General support ends' });
    const row = (name: string) => calendar.locator('tbody tr', { has: page.getByRole('link', { name: `Moodle ${name}`, exact: true }) });
    const cells = row('5.3').locator('td');
    await expect(cells.nth(0)).toHaveText(`Planned for 5 October 2026; ${notYet}`);
    await expect(cells.nth(3)).toHaveText('–');
    await expect(cells.last()).toHaveText('Planned, not confirmed');
    // The latest release of 5.2 is the latest the data confirms, not 5.2.2 or 5.2.3.
    await expect(row('5.2').locator('td').nth(3)).toHaveText('5.2.1');
    const planned = page.locator('article ul').filter({ hasText: 'planned for' }).getByRole('listitem');
    await expect(planned).toHaveText([`Moodle 5.2.2, 5.1.6, 5.0.9, 4.5.13: planned for 10 August 2026; ${notYet}`, `Moodle 5.3.0, 5.2.3, 5.1.7, 5.0.10, 4.5.14: planned for 5 October 2026; ${notYet}`]);
    await expect(page.locator('article')).not.toContainText(statedAsFact);
    // The home page's supported series leave 5.3 out, and say why.
    await open(page, '/');
    const supported = page.locator('main p', { hasText: 'the supported series are' });
    await expect(supported).not.toContainText('5.3 (LTS)');
    await expect(supported).toContainText(`Moodle 5.3 is planned for 5 October 2026; ${notYet}.`);
  });
});

test('the Markdown versions and llms.txt, written on the build date, word 5.3 as planned', async ({ request }) => {
  // Every build is made after 5 October 2026 (this test was written on 27 November 2026).
  const twin = await (await request.get('/general/releases/5.3.md')).text();
  expect(twin).toContain(`Moodle 5.3 is planned for 5 October 2026; ${notYet}.`);
  expect(twin).not.toMatch(statedAsFact);
  const llms = await (await request.get('/llms.txt')).text();
  const line = llms.split('\n').find((entry) => entry.includes('/general/releases/5.3.md'));
  expect(line).toContain(`a long-term support (LTS) series: planned for 5 October 2026; ${notYet}.`);
  expect(llms).not.toMatch(statedAsFact);
});

test.describe('before 5 October 2026', () => {
  test('the plans are worded as plans alone, and 4.5 is the newest LTS that came out', async ({ page }) => {
    await page.clock.setFixedTime(midday('2026-09-01'));
    await open(page, '/general/releases/5.3');
    await expect(page.locator('article')).toContainText('Moodle 5.3 is planned for 5 October 2026.');
    await expect(page.locator('article')).not.toContainText('not yet in');
    await expect(page.locator('article p', { hasText: 'Status today:' }).locator('[data-status]')).toHaveText('Not yet released');
    await expect(bar(page)).toContainText('Moodle 4.5, the newest long-term support release, came out on 7 October 2024.');
    await open(page, '/versions');
    await expect(page.locator('tbody tr[aria-current="true"]')).toContainText('The next series, Moodle 5.3 (long-term support), is planned for 5 October 2026.');
  });
});

test.describe('with release data read after 5 October 2026', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startStaticServer({ dir: newerDataBuildDir });
  });
  test.afterAll(async () => {
    await server.close();
  });
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(midday('2026-11-27'));
  });

  test('the announcement bar, /versions and the 5.3 series page say 5.3 came out', async ({ page }) => {
    await open(page, `${server.url}/`);
    await expect(bar(page)).toContainText('Moodle 5.3, the newest long-term support release, came out on 5 October 2026.');
    await expect(bar(page)).not.toContainText('planned');
    await open(page, `${server.url}/versions`);
    await expect(page.locator('tbody tr[aria-current="true"]')).toContainText('The newest series, Moodle 5.3 (long-term support), came out on 5 October 2026.');
    await open(page, `${server.url}/general/releases/5.3`);
    const article = page.locator('article');
    await expect(article).toContainText('Moodle 5.3 was released on 5 October 2026.');
    await expect(article).not.toContainText('not yet in');
    await expect(article.locator('p', { hasText: 'Status today:' }).locator('[data-status]')).not.toHaveText('Planned, not confirmed');
  });

  test('the 5.2 series page gives 5.2.3 as dated in the data, no longer as planned', async ({ page }) => {
    await open(page, `${server.url}/general/releases/5.2`);
    const article = page.locator('article');
    await expect(article).toContainText('Moodle 5.2.3 is dated 5 October 2026 in the release data of 6 October 2026, which has no notes for it yet.');
    await expect(article).not.toContainText('planned for');
  });
});
