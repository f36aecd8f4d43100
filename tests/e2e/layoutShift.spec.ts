/** Pages whose content is finished in the browser (diagrams) move nothing on screen when it arrives. */
import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures';

/** Starts summing the page's layout-shift entries (those not caused by input) from its first paint. */
async function watchLayoutShifts(page: Page): Promise<void> {
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

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1350, height: 940 },
]) {
  test(`a diagram is drawn into the space the page kept for it (${viewport.width} px wide)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await watchLayoutShifts(page);
    await open(page, '/general/development/process');
    const diagram = page.locator('.docusaurus-mermaid-container svg').first();
    await expect(diagram).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0);
    // The drawing fills its frame: the reserved space is the diagram's, not a guess.
    const frame = await diagram.locator('xpath=../..').boundingBox();
    const drawn = await diagram.boundingBox();
    expect(Math.abs((drawn?.height ?? 0) - (frame?.height ?? 0))).toBeLessThan(2);
  });
}
