/**
 * Pages move nothing on screen while they load: each diagram comes drawn, in a frame of its size,
 * and a page is not painted before its HTML has been parsed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

/**
 * Serves the site through a proxy that sends the given page's HTML in pieces, cut at the given
 * offsets, with a pause after each, as a slow connection does; everything else comes straight
 * from the test server.
 */
async function startSlowPageProxy(upstream: string, pagePath: string, cuts: number[], pause: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    void (async () => {
      const answer = await fetch(new URL(request.url ?? '/', upstream));
      const body = Buffer.from(await answer.arrayBuffer());
      response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
      if (new URL(request.url ?? '/', upstream).pathname !== pagePath) {
        response.end(body);
        return;
      }
      const html = body.toString('utf8');
      let from = 0;
      for (const cut of [...cuts, html.length]) {
        response.write(html.slice(from, cut));
        from = cut;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
      response.end();
    })().catch((error: unknown) => {
      response.destroy(error as Error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

for (const [address, pieces] of [
  // Cut before the navbar's search button, and inside the search form's last select.
  ['/search?q=get_record', (html: string) => [html.indexOf('<div class=navbarSearchContainer'), html.indexOf('<option value=Coding>')]],
  // Cut before the navbar's search button, and in the middle of the article.
  ['/docs/apis/core/dml', (html: string) => [html.indexOf('<div class=navbarSearchContainer'), Math.round((html.indexOf('<article') + html.indexOf('</article>')) / 2)]],
] as const) {
  test(`a page whose HTML arrives in pieces is first painted whole (${address})`, async ({ page, baseURL }) => {
    const pause = 600;
    const cuts = pieces(await (await page.request.get(address)).text());
    expect(cuts.every((cut) => cut > 0), 'the places to cut the page are in its HTML').toBe(true);
    const proxy = await startSlowPageProxy(baseURL ?? '', new URL(address, 'http://x').pathname, cuts, pause);
    try {
      await page.setViewportSize({ width: 1350, height: 940 });
      await watchLayoutShifts(page);
      await page.goto(`${proxy.url}${address}`);
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
      await page.waitForLoadState('networkidle');
      // Nothing was painted while the rest of the page was still on its way...
      const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
      expect(firstPaint).toBeGreaterThan(2 * pause);
      // ...so what came later moved nothing that had been painted.
      expect(await layoutShiftTotal(page)).toBe(0);
      await page.close();
    } finally {
      await proxy.close();
    }
  });
}

for (const [viewport, address] of [
  [{ width: 412, height: 823 }, '/docs/apis/commonfiles'],
  [{ width: 1350, height: 940 }, '/docs/apis/core/dml/exceptions'],
] as const) {
  test(`a code block on the first screen is laid out from the first paint (${viewport.width} px wide)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await watchLayoutShifts(page);
    await open(page, address);
    await page.waitForLoadState('networkidle');
    const code = page.locator('.theme-doc-markdown .theme-code-block').first();
    expect(await code.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight), `${address} has a code block on the first screen`).toBe(true);
    expect(await layoutShiftTotal(page)).toBe(0);
    await expect(code).toHaveAttribute('data-first-screen', '');
    await expect(code).toHaveCSS('content-visibility', 'visible');
    // Code blocks further down are left to the browser to lay out as the reader nears them.
    await open(page, '/docs/apis/core/dml');
    const last = page.locator('.theme-doc-markdown .theme-code-block').last();
    await expect(last).not.toHaveAttribute('data-first-screen');
    await expect(last).toHaveCSS('content-visibility', 'auto');
  });
}
