/**
 * The community, documentation and projects sections: the third-party libraries table holds
 * the data file's libraries and a reader can filter and sort it; the meetings list follows the
 * reader's date; the sidebars read in a reader's order.
 */
import { readDataFile } from '../../src/utils/dataFiles';
import { licenceLabel } from '../../src/components/ThirdPartyLibraries/utils';
import { expect, open, test } from './fixtures';

const libraries = readDataFile('third-party-libraries').libraries;
const meetings = readDataFile('developer-meetings');

test.describe('the third-party libraries table', () => {
  const rows = (page: import('@playwright/test').Page) =>
    page
      .locator('main table')
      .filter({ has: page.locator('caption', { hasText: 'Third-party libraries bundled with Moodle' }) })
      .locator('tbody tr');

  test('lists every library of the data file with its location, version and licence', async ({ page }) => {
    await open(page, '/general/community/credits/thirdpartylibs');
    const rendered = await rows(page).evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll('th, td')];
        const name = cells[0].querySelector('a')?.textContent ?? cells[0].childNodes[0]?.textContent ?? '';
        return [name, ...cells.slice(1).map((cell) => cell.textContent ?? '')].join(' | ');
      }),
    );
    const expected = libraries.map((library) => [library.name, library.location, library.version ?? 'not stated', licenceLabel(library)].join(' | '));
    expect(rendered.sort()).toEqual(expected.sort());
  });

  test('filters as the reader types, keeps the filter in the address, and says how many match', async ({ page }) => {
    await open(page, '/general/community/credits/thirdpartylibs');
    const filter = page.getByRole('searchbox', { name: 'Filter libraries' });
    await filter.fill('jquery');
    const matching = libraries.filter((library) => [library.name, library.location, library.description ?? ''].join(' ').toLowerCase().includes('jquery'));
    expect(matching.length).toBeGreaterThan(1);
    await expect(rows(page)).toHaveCount(matching.length);
    await expect(page.getByRole('status').filter({ hasText: 'libraries' })).toHaveText(`${matching.length} of ${libraries.length} libraries`);
    await expect(page).toHaveURL(/[?&]filter=jquery/);

    // A link to the filtered table opens it filtered.
    await page.reload();
    await expect(filter).toHaveValue('jquery');
    await expect(rows(page)).toHaveCount(matching.length);

    await filter.fill('a library nobody bundles');
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByText('No library matches')).toBeVisible();
  });

  test('sorts by a column heading, and again the other way', async ({ page }) => {
    await open(page, '/general/community/credits/thirdpartylibs');
    const header = page.locator('main table thead th').filter({ has: page.getByRole('button', { name: 'Location' }) });
    const locations = () => rows(page).locator('td:nth-child(2)').allTextContents();
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    const ascending = await locations();
    expect(ascending).toEqual([...ascending].sort((a, b) => collator.compare(a, b)));
    await header.getByRole('button').press('Enter');
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(await locations()).toEqual([...ascending].reverse());
  });
});

test.describe('the developer meetings', () => {
  test('each meeting of the data is listed once, with a link to its page where it has one', async ({ page }) => {
    await open(page, '/general/community/meetings');
    for (const meeting of meetings.meetings) {
      const item = page.locator(`#meeting-${meeting.name}`);
      await expect(item).toHaveCount(1);
      if (meeting.page) {
        await expect(item.getByRole('link', { name: 'Notes on this site' })).toHaveAttribute('href', `/general/${meeting.page}`);
      }
    }
  });

  test('a meeting announced for a day now past says the data cannot confirm it', async ({ page }) => {
    const announced = meetings.meetings.filter((meeting) => meeting.date > meetings.source.date);
    // The data read in August 2026 announces meetings for later months; a refresh that announces
    // none leaves nothing for this test to look at, and it says so.
    expect(announced.length, 'data/developer-meetings.json announces no meeting after its source date').toBeGreaterThan(0);
    const first = announced.sort((a, b) => a.date.localeCompare(b.date))[0];
    // The reader's clock is set to the day after the meeting.
    const dayAfter = new Date(`${first.date}T12:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    await page.clock.setFixedTime(dayAfter);
    await open(page, '/general/community/meetings');
    await expect(page.locator(`#meeting-${first.name}`)).toContainText('cannot say whether the meeting took place');
  });
});

test.describe('sidebars of the community, documentation and projects sections', () => {
  const topLevel = (page: import('@playwright/test').Page) =>
    page.locator('.theme-doc-sidebar-container nav > ul > li > a, .theme-doc-sidebar-container nav > ul > li > div > a');

  test('the community sidebar goes from taking part to credits and the licence', async ({ page }) => {
    await open(page, '/general/community');
    await expect(topLevel(page)).toHaveText(['Community', 'Contribute to Moodle', 'Where to ask', 'Mission', 'Roadmap', 'Meetings', 'Research', 'Credits', 'Licence']);
  });

  test('the documentation sidebar goes from the overview to the style guide', async ({ page }) => {
    await open(page, '/general/documentation');
    await expect(topLevel(page)).toHaveText(['About these docs', 'Contributing', 'Running locally', 'Linting and checks', 'Site structure', 'Style guide', 'Code of conduct']);
  });

  test('the projects sidebar lists the projects by kind, after the list of them all', async ({ page }) => {
    await open(page, '/general/projects');
    await expect(topLevel(page)).toHaveText(['Projects', 'API projects', 'Code projects', 'Documentation projects']);
    for (const href of ['/general/projects/api/amos', '/general/projects/api/string-deprecation', '/general/projects/code/block-cleanup', '/general/projects/docs/migration']) {
      // A project's own page opens its category and marks itself as the current page.
      await open(page, href);
      await expect(page.locator(`.theme-doc-sidebar-container a[href="${href}"]`)).toHaveAttribute('aria-current', 'page');
    }
  });
});
