/**
 * Draws the app icons (PNG) from the site's own favicon artwork, for the web app manifest and
 * the apple-touch-icon. Run after changing the artwork; the PNGs are committed.
 *
 *   tsx scripts/generate-icons.ts
 *
 * "any" icons are the rounded badge on a transparent background; "maskable" icons fill the whole
 * square with the badge colour and keep the mortarboard inside the central safe zone (80%),
 * since the platform crops them to its own shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { iconPath, iconSizes, maskableIconSizes } from '../src/plugins/offline/icons';

const staticDir = path.resolve(__dirname, '../static');
const badge = '#f98012';
const mortarboard = `
  <path d="M17.5 6.5L30 12l-12.5 5.5L5 12z" fill="#fff"/>
  <path d="M10 15v5.5c0 2.5 3.4 4.5 7.5 4.5s7.5-2 7.5-4.5V15l-7.5 3.3z" fill="#fff"/>
  <path d="M29 12.5v8" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/>
  <circle cx="29" cy="21.5" r="1.6" fill="#fff"/>`;

function svg(kind: 'any' | 'maskable', size: number): string {
  const content =
    kind === 'any'
      ? `<rect x="0.5" y="0.5" width="34" height="34" rx="8" fill="${badge}"/>${mortarboard}`
      : `<rect width="35" height="35" fill="${badge}"/><g transform="translate(5.25 5.25) scale(0.7)">${mortarboard}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 35 35">${content}</svg>`;
}

async function main(): Promise<void> {
  fs.mkdirSync(path.join(staticDir, 'img/icons'), { recursive: true });
  const browser = await chromium.launch({ executablePath: fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined, args: ['--headless', '--no-sandbox'] });
  const page = await browser.newPage();
  const jobs = [...iconSizes.map((size) => ['any', size] as const), ...maskableIconSizes.map((size) => ['maskable', size] as const)];
  for (const [kind, size] of jobs) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(kind, size)}</body></html>`);
    const file = path.join(staticDir, iconPath(size, kind === 'maskable'));
    await page.locator('svg').screenshot({ path: file, omitBackground: true });
    console.log(path.relative(process.cwd(), file));
  }
  await browser.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
