/**
 * Records the drawn size of every Mermaid diagram of the built site in
 * src/theme/Mermaid/sizes.json, so that each page reserves its diagrams' space before they are
 * drawn in the browser (no layout shift). Run after adding or changing a diagram:
 *
 *   npm run build && npm run diagrams:measure
 *
 * tests/unit/diagramSizes.test.ts fails when a diagram of the pages has no recorded size.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { htmlFiles } from '../src/plugins/search-index/indexer';
import { routeOfFile } from '../src/plugins/search-index/utils';
import { diagramKey } from '../src/utils/diagramKey';
import { startStaticServer } from '../tests/e2e/staticServer';

const buildDir = path.resolve(__dirname, '../build');
const sizesFile = path.resolve(__dirname, '../src/theme/Mermaid/sizes.json');

async function main(): Promise<void> {
  // Pages with a diagram carry its source for the Markdown export (src/theme/Mermaid).
  const pages = htmlFiles(buildDir)
    .filter((file) => /data-markdown="?mermaid\b/.test(fs.readFileSync(path.join(buildDir, file), 'utf8')))
    .map(routeOfFile);
  const server = await startStaticServer({ dir: buildDir });
  const browser = await chromium.launch({ executablePath: fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const sizes: Record<string, [width: number, height: number]> = {};
  try {
    const page = await browser.newPage();
    for (const route of pages) {
      await page.goto(`${server.url}${route}`);
      await page.waitForSelector('html[data-has-hydrated="true"]');
      const count = await page.locator('[data-markdown="mermaid"]').count();
      await page.waitForFunction((expected) => document.querySelectorAll('.docusaurus-mermaid-container svg').length >= expected, count);
      const found = await page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-markdown="mermaid"]'), (source) => {
          // The diagram is drawn in the element just before its source (src/theme/Mermaid).
          const svg = source.previousElementSibling?.querySelector('.docusaurus-mermaid-container svg');
          const box = svg?.getAttribute('viewBox')?.split(/\s+/).map(Number) ?? [];
          return { source: source.getAttribute('data-source') ?? '', width: box[2], height: box[3] };
        }),
      );
      for (const { source, width, height } of found) {
        if (!width || !height) {
          throw new Error(`${route}: a diagram was drawn without a viewBox`);
        }
        sizes[diagramKey(source)] = [Math.round(width), Math.round(height)];
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const sorted = Object.fromEntries(Object.entries(sizes).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(sizesFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`Recorded ${Object.keys(sorted).length} diagram sizes from ${pages.length} pages in ${path.relative(process.cwd(), sizesFile)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
