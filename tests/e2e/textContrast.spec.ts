/**
 * Text readers can actually read, on every page type of the axe suite in both colour modes: an
 * opaque enough text colour at WCAG AA contrast on the background it is drawn on (see
 * textContrast.ts for what axe leaves out and this check covers).
 */
import { openPageType, pageTypes } from './axe';
import { expect, test } from './fixtures';
import { textContrastProblems } from './textContrast';

/**
 * The lowest alpha a text colour may have. WCAG sets no figure: it asks for contrast between the
 * colours the reader sees. Text at half opacity or less takes its colour from what happens to be
 * behind it, so the site never draws any; every text colour it sets is opaque.
 */
const minimumAlpha = 0.5;

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    for (const pageType of pageTypes) {
      test(`${pageType.name} page: every visible text is opaque and at AA contrast`, async ({ page, consoleGuard }) => {
        if (pageType.notFound) {
          consoleGuard.allow(/status of 404/);
        }
        await openPageType(page, pageType, mode);
        const report = await page.evaluate(textContrastProblems, { minimumAlpha });
        // A page with text to check: a broken walk over the page would otherwise pass silently.
        expect(report.checked).toBeGreaterThan(10);
        const lines = report.problems.map(
          (problem) => `${problem.element} "${problem.text}": ${problem.color} (alpha ${problem.alpha}) on ${problem.background}, ${problem.contrast}:1, needs ${problem.required}:1`,
        );
        expect(lines, lines.join('\n')).toEqual([]);
      });
    }
  });
}
