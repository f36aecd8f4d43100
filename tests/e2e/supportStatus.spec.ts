/**
 * Support statuses follow the reader's date, not the build's: the 4.1 docs banner, /versions,
 * the calendar and the announcement bar, with the browser clock set either side of 4.1's dates.
 * Without JavaScript the page shows the statuses of its build date.
 */
import { readDataFile } from '../../src/utils/dataFiles';
import { formatLongDate } from '../../src/utils/dates';
import { findSeries, supportStatus, supportStatusLabels } from '../../src/utils/moodleReleases';
import { expect, open, test } from './fixtures';

const data = readDataFile('moodle-releases');
const series41 = findSeries(data, '4.1');
if (!series41) {
  throw new Error('the release data has no 4.1 series');
}
const { generalEndDate, securityEndDate } = series41;

/** The day after an ISO date. */
function dayAfter(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Midday on a day, in the browser's time zone, so that no zone moves it to another day. */
const midday = (isoDate: string) => new Date(`${isoDate}T12:00:00`);

const banner = (page: import('@playwright/test').Page) => page.getByRole('complementary', { name: 'About this version' });

test.describe('with the clock set', () => {
  test('the last day of 4.1 security support: security fixes only', async ({ page }) => {
    await page.clock.setFixedTime(midday(securityEndDate));
    await open(page, '/docs/4.1');
    await expect(banner(page)).toContainText(`receives security fixes only until ${formatLongDate(securityEndDate)}`);
    await expect(banner(page)).toContainText(`general support ended on ${formatLongDate(generalEndDate)}`);
    await expect(banner(page).getByRole('link', { name: 'this page in the current docs' })).toHaveAttribute('href', '/docs');
  });

  test('the day after 4.1 security support: no longer supported, since when, and the current page', async ({ page }) => {
    await page.clock.setFixedTime(midday(dayAfter(securityEndDate)));
    // The developer update exists in the 4.1 docs only: the banner offers the current docs instead.
    await open(page, '/docs/4.1/devupdate');
    await expect(banner(page)).toContainText('no longer supported');
    await expect(banner(page)).toContainText(`security support ended on ${formatLongDate(securityEndDate)}`);
    await expect(banner(page).getByRole('link', { name: 'the current docs' })).toHaveAttribute('href', '/docs');
  });

  test('inside 4.1 general support: no banner', async ({ page }) => {
    await page.clock.setFixedTime(midday(generalEndDate));
    await open(page, '/docs/4.1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test('/versions and the calendar show the status of the reader’s day', async ({ page }) => {
    for (const day of [generalEndDate, dayAfter(generalEndDate), dayAfter(securityEndDate)]) {
      await page.clock.setFixedTime(midday(day));
      await open(page, '/versions');
      const row = page.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: '4.1', exact: true }) });
      await expect(row).toContainText(supportStatusLabels[supportStatus(series41, day)]);
      await open(page, '/general/releases');
      const calendar = page.locator('table').filter({ hasText: 'General support ends' });
      await expect(calendar.locator('caption')).toContainText(formatLongDate(day));
      const calendarRow = calendar.locator('tbody tr', { has: page.getByRole('link', { name: 'Moodle 4.1', exact: true }) });
      await expect(calendarRow).toContainText(supportStatusLabels[supportStatus(series41, day)]);
    }
  });

  test('the version dropdown gives each version’s status on the reader’s day', async ({ page }) => {
    for (const day of [generalEndDate, dayAfter(securityEndDate)]) {
      await page.clock.setFixedTime(midday(day));
      await open(page, '/docs');
      const dropdown = page.locator('nav.navbar .dropdown').filter({ hasText: 'master' });
      await dropdown.hover();
      await expect(dropdown.getByRole('link', { name: `4.1 · ${supportStatusLabels[supportStatus(series41, day)]}`, exact: true })).toBeVisible();
    }
  });

  test('the announcement bar names the newest LTS out on the reader’s day', async ({ page }) => {
    const ltsAfter41 = data.series.filter((series) => series.isLTS && !series.isExperimental && series.releaseDate > series41.releaseDate).sort((a, b) => a.releaseDate.localeCompare(b.releaseDate))[0];
    await page.clock.setFixedTime(midday(dayAfter(series41.releaseDate)));
    await open(page, '/');
    await expect(page.getByRole('banner').filter({ hasText: 'long-term support release' })).toContainText(`Moodle 4.1, the newest long-term support release`);
    await page.clock.setFixedTime(midday(ltsAfter41.releaseDate));
    await open(page, '/');
    await expect(page.getByRole('banner').filter({ hasText: 'long-term support release' })).toContainText(`Moodle ${ltsAfter41.name}, the newest long-term support release`);
  });

  test('the status shown before hydration is replaced without moving the page', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource: net::ERR_FAILED/);
    const day = dayAfter(generalEndDate);
    await page.clock.setFixedTime(midday(day));
    // First the server-rendered page alone (scripts blocked): the status of the build date.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/general/releases/4.1');
    const badge = page.locator('article [data-status]').first();
    const serverStatus = await badge.getAttribute('data-status');
    const before = await badge.boundingBox();
    await page.unrouteAll();
    await open(page, '/general/releases/4.1');
    await expect(badge).toHaveAttribute('data-status', supportStatus(series41, day));
    expect(serverStatus).not.toBe(supportStatus(series41, day));
    const after = await badge.boundingBox();
    expect(after?.y).toBe(before?.y);
    expect(after?.width).toBe(before?.width);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the pages carry the statuses of their build date', async ({ page }) => {
    await page.goto('/general/releases');
    const buildDate = await page.locator('table caption time').getAttribute('datetime');
    expect(buildDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const calendarRow = page.locator('tbody tr', { has: page.getByRole('link', { name: 'Moodle 4.1', exact: true }) });
    await expect(calendarRow).toContainText(supportStatusLabels[supportStatus(series41, buildDate ?? '')]);
    await page.goto('/docs/4.1');
    const status = supportStatus(series41, buildDate ?? '');
    await expect(banner(page)).toHaveCount(status === 'general' || status === 'unreleased' ? 0 : 1);
  });
});
