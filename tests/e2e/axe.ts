/** axe-core as every browser test runs it. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe with the WCAG 2.0 and 2.1 A and AA rules, plus `label-content-name-mismatch` (WCAG 2.5.3,
 * label in name), which axe ships as experimental and leaves out unless it is named. It found
 * the navbar's search button announced as "Search (Ctrl+K)" under the visible text "Search".
 * `rules` turns other rules off where a test says why.
 */
export function wcagAxe(page: Page, rules: Record<string, { enabled: boolean }> = {}): AxeBuilder {
  return new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true }, ...rules } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
}

/** The serious and critical violations of an axe run, one readable line each. */
export function seriousViolations(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join('\n    ')}`);
}
