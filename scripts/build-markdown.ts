/**
 * Writes the Markdown version of every page and llms.txt for a built site (run by the
 * markdown-export plugin after each production build; it can also be run by hand on an
 * existing build). The unified packages it uses are ES modules, which Docusaurus' configuration
 * loader cannot import, so it runs in its own Node process.
 *
 * Usage: tsx scripts/build-markdown.ts <outDir> <siteUrl> <baseUrl>
 * Prints the list of files it wrote, as JSON, on its last line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { siteDescription, siteTitle } from '../config/site';
import { exportMarkdown } from '../src/plugins/markdown-export/export';

const [outDirArgument = 'build', siteUrl = 'https://moodledev.io', baseUrl = '/'] = process.argv.slice(2);
const outDir = path.resolve(outDirArgument);
const versions = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'versions.json'), 'utf8')) as string[];

try {
  const started = Date.now();
  const { files, pages } = exportMarkdown({ outDir, siteUrl, baseUrl, site: { title: siteTitle, summary: siteDescription, versions } });
  console.log(`[markdown-export] Wrote ${pages} Markdown pages, llms.txt and ${versions.length + 1} llms-full.txt files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(JSON.stringify(files));
} catch (error) {
  console.error(error);
  process.exit(1);
}
