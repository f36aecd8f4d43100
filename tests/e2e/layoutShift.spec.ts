/** Pages with diagrams move nothing on screen while they load: each diagram comes drawn, in a frame of its size. */
import { expect, layoutShiftTotal, open, test, watchLayoutShifts } from './fixtures';

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1350, height: 940 },
]) {
  test(`a diagram fills the space the page kept for it (${viewport.width} px wide)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await watchLayoutShifts(page);
    await open(page, '/general/development/process');
    const diagram = page.locator('.docusaurus-mermaid-container svg').filter({ visible: true }).first();
    await expect(diagram).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShiftTotal(page)).toBe(0);
    // The drawing fills its frame: the reserved space is the diagram's, not a guess.
    const frame = await diagram.locator('xpath=../..').boundingBox();
    const drawn = await diagram.boundingBox();
    expect(Math.abs((drawn?.height ?? 0) - (frame?.height ?? 0))).toBeLessThan(2);
  });
}
