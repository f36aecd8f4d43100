/**
 * Shared Playwright fixtures: every test fails on an unexpected browser console error or
 * uncaught page error, in any page of any browser context it opens (its own `page`, and pages of
 * contexts it makes with `browser.newContext()` or `browser.newPage()`), and helpers wait for
 * Docusaurus to hydrate a page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';

/**
 * Console errors that are expected, each with the reason. A test that provokes an error on
 * purpose (a 404, a crash) declares it with `allowConsoleErrors`.
 */
const allowedEverywhere: { pattern: RegExp; reason: string }[] = [];

interface ConsoleGuard {
  /** Lets errors matching these patterns through for the current test only. */
  allow(...patterns: RegExp[]): void;
}

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ context, browser }, use) => {
      const allowed = allowedEverywhere.map((entry) => entry.pattern);
      const problems: string[] = [];
      const watch = (page: Page) => {
        page.on('console', (message: ConsoleMessage) => {
          if (message.type() === 'error' && !allowed.some((pattern) => pattern.test(message.text()))) {
            problems.push(`console error on ${page.url()}: ${message.text()}`);
          }
        });
        page.on('pageerror', (error) => {
          if (!allowed.some((pattern) => pattern.test(error.message))) {
            problems.push(`uncaught error on ${page.url()}: ${error.message}`);
          }
        });
      };
      const guard = (guarded: BrowserContext) => {
        guarded.pages().forEach(watch);
        guarded.on('page', watch);
      };
      guard(context);
      // The browser is the worker's, shared by its tests one after the other: contexts the test
      // makes are guarded from their creation, before any page opens, until the test ends.
      browser.on('context', guard);
      await use({
        allow: (...patterns) => {
          allowed.push(...patterns);
        },
      });
      browser.off('context', guard);
      expect(problems, 'unexpected browser console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the page, so that it responds to clicks and keys. */
export async function waitForHydration(page: Page, timeout?: number): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true', { timeout });
}

/** Opens a path and waits for hydration (for up to `timeout` ms; the expect timeout by default). */
export async function open(page: Page, urlPath: string, timeout?: number): Promise<void> {
  await page.goto(urlPath);
  await waitForHydration(page, timeout);
}

/** The routes of the spec that exist so far (tests/fixtures/spec-routes.txt). */
export function specRoutes(): string[] {
  return fs
    .readFileSync(path.join(__dirname, '../fixtures/spec-routes.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

/** The production build folder the tests run against. */
export const buildDir = path.resolve(__dirname, '../../build');

/** Starts summing the page's layout-shift entries (those not caused by input) from its first paint; read them with layoutShiftTotal. */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { layoutShift: number }).layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) {
          (window as unknown as { layoutShift: number }).layoutShift += entry.value;
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift summed since watchLayoutShifts (the page's cumulative layout shift). */
export function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}
