/**
 * Support statuses follow the reader's date, not the build's: the 4.1 docs banner, /versions,
 * the calendar and the announcement bar, with the browser clock set either side of 4.1's dates.
 * Without JavaScript the page shows the statuses of its build date.
 */
import { readDataFile } from '../../src/utils/dataFiles';
import { findSeries } from '../../src/utils/moodleReleases';
import { expect, open, test } from './fixtures';

const data = readDataFile('moodle-releases');

/**
 * What the tests below take from data/moodle-releases.json: the statuses they expect are written
 * out for these dates, not worked out the way the pages work them out.
 */
type KnownFacts = Partial<Record<'releaseDate' | 'generalEndDate' | 'securityEndDate' | 'extendedSecurityEndDate' | 'isLTS', string | boolean>>;
const knownSeries: Record<string, KnownFacts> = {
  '1.9': { releaseDate: '2008-03-03', generalEndDate: '2011-06-30', securityEndDate: '2012-06-30', extendedSecurityEndDate: '2013-12-31' },
  '4.0': { releaseDate: '2022-04-19', generalEndDate: '2023-06-12', securityEndDate: '2023-12-11' },
  '4.1': { releaseDate: '2022-11-28', generalEndDate: '2023-12-11', securityEndDate: '2025-12-08', isLTS: true },
  '4.4': { releaseDate: '2024-04-22', generalEndDate: '2025-04-21', securityEndDate: '2025-12-08' },
  '4.5': { releaseDate: '2024-10-07', isLTS: true },
};
for (const [name, facts] of Object.entries(knownSeries)) {
  const series = findSeries(data, name);
  for (const [field, value] of Object.entries(facts)) {
    const actual = series?.[field as keyof KnownFacts];
    if (actual !== value) {
      throw new Error(`The expected statuses are written for Moodle ${name}'s ${field} ${String(value)}; the release data says ${String(actual)}.`);
    }
  }
}

/** Midday on a day, in the browser's time zone, so that no zone moves it to another day. */
const midday = (isoDate: string) => new Date(`${isoDate}T12:00:00`);

const banner = (page: import('@playwright/test').Page) => page.getByRole('complementary', { name: 'About this version' });

test.describe('with the clock set', () => {
  test('the last day of 4.1 security support: security fixes only', async ({ page }) => {
    await page.clock.setFixedTime(midday('2025-12-08'));
    await open(page, '/docs/4.1');
    await expect(banner(page)).toContainText('receives security fixes only until 8 December 2025');
    await expect(banner(page)).toContainText('general support ended on 11 December 2023');
    await expect(banner(page).getByRole('link', { name: 'this page in the current docs' })).toHaveAttribute('href', '/docs');
  });

  test('the day after 4.1 security support: no longer supported, since when, and the current page', async ({ page }) => {
    await page.clock.setFixedTime(midday('2025-12-09'));
    // The developer update exists in the 4.1 docs only: the banner offers the current docs instead.
    await open(page, '/docs/4.1/devupdate');
    await expect(banner(page)).toContainText('no longer supported');
    await expect(banner(page)).toContainText('security support ended on 8 December 2025');
    await expect(banner(page).getByRole('link', { name: 'the current docs' })).toHaveAttribute('href', '/docs');
  });

  test('inside 4.1 general support: no banner', async ({ page }) => {
    await page.clock.setFixedTime(midday('2023-12-11'));
    await open(page, '/docs/4.1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test('/versions and the calendar show the status of the reader’s day', async ({ page }) => {
    // The reader's day, how the calendar's caption writes it, and the status of series on it.
    const days: { day: string; written: string; statuses: Record<string, string> }[] = [
      { day: '2023-12-11', written: '11 December 2023', statuses: { '4.1': 'General support', '4.0': 'Security fixes only', '4.4': 'Not yet released' } },
      { day: '2023-12-12', written: '12 December 2023', statuses: { '4.1': 'Security fixes only', '4.0': 'Support ended' } },
      { day: '2025-12-09', written: '9 December 2025', statuses: { '4.1': 'Support ended', '4.4': 'Support ended' } },
      { day: '2013-06-01', written: '1 June 2013', statuses: { '1.9': 'Extended security support' } },
    ];
    for (const { day, written, statuses } of days) {
      await page.clock.setFixedTime(midday(day));
      if (statuses['4.1']) {
        await open(page, '/versions');
        const row = page.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: '4.1', exact: true }) });
        await expect(row, `4.1 on /versions on ${day}`).toContainText(statuses['4.1']);
      }
      await open(page, '/general/releases');
      const calendar = page.locator('table').filter({ hasText: 'General support ends' });
      await expect(calendar.locator('caption')).toContainText(`Status on ${written}.`);
      for (const [name, label] of Object.entries(statuses)) {
        const calendarRow = calendar.locator('tbody tr', { has: page.getByRole('link', { name: `Moodle ${name}`, exact: true }) });
        await expect(calendarRow.locator('td').last(), `Moodle ${name} in the calendar on ${day}`).toHaveText(label);
      }
    }
  });

  test('the version dropdown gives each version’s status on the reader’s day', async ({ page }) => {
    for (const [day, label] of [
      ['2023-12-11', 'General support'],
      ['2023-12-12', 'Security fixes only'],
      ['2025-12-09', 'Support ended'],
    ]) {
      await page.clock.setFixedTime(midday(day));
      await open(page, '/docs');
      const dropdown = page.locator('nav.navbar .dropdown').filter({ hasText: 'master' });
      await dropdown.hover();
      await expect(dropdown.getByRole('link', { name: `4.1 · ${label}`, exact: true }), `on ${day}`).toBeVisible();
    }
  });

  test('the announcement bar names the newest LTS out on the reader’s day', async ({ page }) => {
    for (const [day, lts] of [
      ['2022-11-29', '4.1'],
      ['2024-10-06', '4.1'],
      // 4.5, the next LTS, is released that day.
      ['2024-10-07', '4.5'],
    ]) {
      await page.clock.setFixedTime(midday(day));
      await open(page, '/');
      await expect(page.getByRole('banner').filter({ hasText: 'long-term support release' }), `on ${day}`).toContainText(`Moodle ${lts}, the newest long-term support release`);
    }
  });

  test('the status shown before hydration is replaced without moving the page', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource: net::ERR_FAILED/);
    // 4.1's security-only period; the build's date is after its support ended.
    await page.clock.setFixedTime(midday('2023-12-12'));
    // First the server-rendered page alone (scripts blocked): the status of the build date.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/general/releases/4.1');
    const badge = page.locator('article [data-status]').first();
    const serverStatus = await badge.getAttribute('data-status');
    const before = await badge.boundingBox();
    await page.unrouteAll();
    await open(page, '/general/releases/4.1');
    await expect(badge).toHaveAttribute('data-status', 'security');
    await expect(badge).toHaveText('Security fixes only');
    expect(serverStatus).toBe('ended');
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
    // Every build is made after 4.1's security support ended (8 December 2025).
    expect((buildDate ?? '') > '2025-12-08').toBe(true);
    const calendarRow = page.locator('tbody tr', { has: page.getByRole('link', { name: 'Moodle 4.1', exact: true }) });
    await expect(calendarRow.locator('td').last()).toHaveText('Support ended');
    await page.goto('/docs/4.1');
    await expect(banner(page)).toContainText('no longer supported');
  });
});
