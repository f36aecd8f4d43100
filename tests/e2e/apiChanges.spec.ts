/**
 * The API changes page (/docs/devupdate/changes): the whole list without JavaScript, the filters
 * by name and by release, the plugin check on zips made here from names in the data, and
 * /api-changes.json. Expected rows are worked out from data/api-changes.json by rules written
 * here, not by the page's own code.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { ApiChange, ApiChangesData } from '../../src/utils/apiChanges/types';
import { makeZip } from '../support/zip';
import { seriousViolations, wcagAxe } from './axe';
import { expect, open, test } from './fixtures';

const route = '/docs/devupdate/changes';

/**
 * Opens the page and waits for hydration. The page is the site's largest (about 500 KB of HTML,
 * and the data in its script): a first, cold load took 10 s with another test running beside it
 * on a two-core machine, over the 10 s other pages are given.
 */
const openChanges = (page: Page) => open(page, route, 30_000);

// With 1,872 changes (760 KB of HTML) this page's tests took 20 to 25 s each with a second test
// beside them on a two-core machine, at the edge of the 30 s other tests are given, and one of
// them passed that edge: they get the time the axe tests below get.
test.describe.configure({ timeout: 90_000 });
const data = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../data/api-changes.json'), 'utf8')) as ApiChangesData;
const changes = data.changes;

/** Versions as numbers to compare: 4.5.1 → [4, 5, 1]. */
function versionAfter(a: string, b: string): boolean {
  const [pa, pb] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let index = 0; index < 3; index++) {
    if ((pa[index] ?? 0) !== (pb[index] ?? 0)) {
      return (pa[index] ?? 0) > (pb[index] ?? 0);
    }
  }
  return false;
}

/** The names in the page's tables, row by row (the rows of the changes, not the component rows). */
async function shownNames(page: Page): Promise<string[]> {
  return page.locator('article table tbody tr:has(td) td:first-child code').allTextContents();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page lists every change of the data, and says the plugin check needs JavaScript', async ({ page }) => {
    await page.goto(route);
    const names = await shownNames(page);
    expect(names.length).toBe(changes.length);
    expect(names.sort()).toEqual(changes.map((change) => change.name).sort());
    await expect(page.getByText('The plugin check runs in your browser and needs JavaScript.')).toBeVisible();
    await expect(page.getByRole('search', { name: 'Filter the changes' })).toHaveCount(0);
  });
});

test('on first load React does not render the rows: the tables keep the markup the server wrote', async ({ page }) => {
  // Once the HTML is parsed (the site's scripts start after that), keep the tables' markup and
  // watch them until the page has hydrated.
  await page.addInitScript(() => {
    const state = window as unknown as { serverTables?: string; tableChanges: number };
    state.tableChanges = 0;
    document.addEventListener('DOMContentLoaded', () => {
      const tables = document.getElementById('api-changes-tables');
      state.serverTables = tables?.innerHTML;
      if (tables) {
        new MutationObserver((records) => {
          state.tableChanges += records.length;
        }).observe(tables, { childList: true, subtree: true, attributes: true, characterData: true });
      }
    });
  });
  await openChanges(page);
  const state = await page.evaluate(() => {
    const { serverTables, tableChanges } = window as unknown as { serverTables?: string; tableChanges: number };
    return { same: serverTables === document.getElementById('api-changes-tables')?.innerHTML, length: serverTables?.length ?? 0, tableChanges };
  });
  // React writes the same markup back to the element once as it hydrates it (seen in the site's
  // React 19); rendering the rows as components would change the tables node by node.
  expect(state.same).toBe(true);
  expect(state.length).toBeGreaterThan(100_000);
  expect(state.tableChanges).toBeLessThanOrEqual(1);
  await expect(page.locator('#api-changes-tables tbody tr:has(td)')).toHaveCount(changes.length);
  // A filter then renders the rows it keeps, and clearing it brings back the whole list.
  await page.getByRole('searchbox', { name: 'Name' }).fill('modal_factory');
  await expect(page.getByText(/changes match\.$/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Name' }).fill('');
  await expect(page.locator('#api-changes-tables tbody tr:has(td)')).toHaveCount(changes.length);
});

test('the name filter shows the changes of a name, or of the name that replaces it', async ({ page }) => {
  await openChanges(page);
  const typed = 'modal_factory';
  const expected = changes.filter((change) => `${change.name} ${change.replacement ?? ''}`.toLowerCase().includes(typed)).map((change) => change.name);
  expect(expected.length).toBeGreaterThan(0);
  await page.getByRole('searchbox', { name: 'Name' }).fill(typed);
  await expect(page.getByText(`${expected.length} of ${changes.length} changes match.`)).toBeVisible();
  expect((await shownNames(page)).sort()).toEqual(expected.sort());
  await page.getByRole('searchbox', { name: 'Name' }).fill('no_such_name_anywhere');
  await expect(page.getByText('No change matches these filters.')).toBeVisible();
});

test('the release filters show the changes a plugin meets between two releases', async ({ page }) => {
  await openChanges(page);
  const form = page.getByRole('search', { name: 'Filter the changes' });
  await form.getByLabel('From version').selectOption('4.3');
  await form.getByLabel('To version').selectOption('4.4');
  // A series stands for its first release: 4.4.0 has the changes made after 4.3.0 up to 4.4, and
  // none of the backports, which reach point releases (4.4.1 and later).
  const expected = changes.filter((change) => versionAfter(change.version, '4.3') && !versionAfter(change.version, '4.4')).map((change) => change.name);
  expect(expected.length).toBeGreaterThan(0);
  await expect(page.getByText(`${expected.length} of ${changes.length} changes match.`)).toBeVisible();
  expect((await shownNames(page)).sort()).toEqual(expected.sort());
  await expect(page.locator('article h2', { hasText: /^Moodle 4\.4/ })).toBeVisible();
  await expect(page.locator('article h2', { hasText: /^Moodle 4\.2/ })).toHaveCount(0);
});

/** A small plugin using, in PHP, names the data says were deprecated or removed after 4.1. */
function plantedPlugin(): { zip: Uint8Array; planted: { path: string; line: number; change: ApiChange }[] } {
  const wanted = (change: ApiChange) => (change.change === 'deprecated' || change.change === 'removed') && versionAfter(change.version, '4.1');
  const functionChange = changes.find((change) => wanted(change) && change.kind === 'function' && /^[a-z_][a-z0-9_]*\(\)$/.test(change.name));
  const constantChange = changes.find((change) => wanted(change) && change.kind === 'constant' && /^[A-Z][A-Z0-9_]*$/.test(change.name));
  if (!functionChange || !constantChange) {
    throw new Error('data/api-changes.json has no deprecated or removed global function and constant to plant');
  }
  const functionName = functionChange.name.slice(0, -2);
  const lib = [
    '<?php',
    "defined('MOODLE_INTERNAL') || die();",
    '',
    '// A comment naming ' + functionName + '() is not a use.',
    'function local_planted_run(): void {',
    `    $value = ${functionName}();`,
    `    $flag = ${constantChange.name};`,
    `    $other = ${functionName}_is_not_the_same();`,
    '}',
    '',
  ].join('\n');
  const version = "<?php\n$plugin->component = 'local_planted';\n$plugin->version = 2026112800;\n";
  return {
    zip: makeZip([
      { path: 'local_planted/version.php', text: version },
      { path: 'local_planted/lib.php', text: lib },
    ]),
    planted: [
      { path: 'lib.php', line: 6, change: functionChange },
      { path: 'lib.php', line: 7, change: constantChange },
    ],
  };
}

test('the plugin check finds the planted uses in a zip, with file, line and what happened', async ({ page }) => {
  await openChanges(page);
  await expect(page.getByText('nothing is uploaded')).toBeVisible();
  const { zip, planted } = plantedPlugin();
  await page.getByLabel('Choose a zip').setInputFiles({ name: 'local_planted.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  const table = page.getByRole('table', { name: 'Uses of changed names' });
  // On a loaded machine this page's report has come more than 10 s after the files.
  await expect(table).toBeVisible({ timeout: 30_000 });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(planted.length);
  for (const [index, use] of planted.entries()) {
    const cells = rows.nth(index).locator('td');
    await expect(cells.nth(0)).toHaveText(`${use.path}:${use.line}`);
    await expect(cells.nth(2)).toContainText(`in ${use.change.version}`);
    await expect(cells.nth(3)).toHaveText(use.change.replacement ?? '–');
  }
});

test('the plugin check reports no changed names for a clean plugin', async ({ page }) => {
  await openChanges(page);
  const zip = makeZip([
    { path: 'local_clean/version.php', text: "<?php\n$plugin->component = 'local_clean';\n" },
    { path: 'local_clean/lib.php', text: "<?php\nfunction local_clean_add(int $a, int $b): int {\n    return $a + $b;\n}\n" },
  ]);
  await page.getByLabel('Choose a zip').setInputFiles({ name: 'local_clean.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await expect(page.getByText(/^No changed names: 2 files of the zip local_clean\.zip use nothing that changed between 4\.1 and /)).toBeVisible({ timeout: 30_000 });
});

test('/api-changes.json serves every entry of the data', async ({ request }) => {
  const response = await request.get('/api-changes.json');
  expect(response.ok()).toBe(true);
  const published = (await response.json()) as { page: string; changes: ApiChange[] };
  expect(published.changes).toEqual(changes);
  expect(new URL(published.page).pathname).toBe(route);
});

test.describe('site search', () => {
  // The names the issue asked search to find on this page: a function, a JavaScript module and a class.
  for (const name of ['print_textarea', 'modal_factory', 'html_writer']) {
    test(`finds the change of ${name} among its first three results`, async ({ page }) => {
      expect(changes.some((change) => change.name.includes(name)), `data/api-changes.json has a change of ${name}`).toBe(true);
      await open(page, `/search?q=${name}`);
      const results = page.locator('main ol li a');
      await expect(results.first()).toBeVisible();
      const firstThree = await results.evaluateAll((links) => [...new Set(links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))].slice(0, 3));
      expect(firstThree).toContain(route);
    });
  }
});

test.describe('accessibility', () => {
  for (const viewport of [{ width: 412, height: 915 }, { width: 1280, height: 900 }]) {
    for (const mode of ['light', 'dark'] as const) {
      test(`axe finds no serious or critical violation in ${mode} mode at ${viewport.width} px, with filtered rows and a check's results`, async ({ page }) => {
        // Every row has the same markup and colours: a filtered list (and the check's result
        // table) covers them without axe walking a thousand rows of the whole list.
        test.setTimeout(90_000);
        await page.setViewportSize(viewport);
        await page.addInitScript((theme) => {
          localStorage.setItem('theme', theme);
        }, mode);
        await openChanges(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        await page.getByRole('searchbox', { name: 'Name' }).fill('modal');
        await expect(page.getByText(/^\d+ of \d+ changes match\.$/)).toBeVisible();
        const { zip } = plantedPlugin();
        await page.getByLabel('Choose a zip').setInputFiles({ name: 'local_planted.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
        await expect(page.getByRole('table', { name: 'Uses of changed names' })).toBeVisible();
        await page.getByText('Or paste one file').click();
        const serious = seriousViolations(await wcagAxe(page).analyze());
        expect(serious, serious.join('\n')).toEqual([]);
      });
    }
  }
});
