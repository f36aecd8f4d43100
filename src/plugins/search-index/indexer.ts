/**
 * Builds the Pagefind index of a built site: every indexed page (see utils.ts) is marked up and
 * added, and the index is written to <outDir>/pagefind/ without Pagefind's own UI bundles.
 */
import fs from 'node:fs';
import path from 'node:path';
import { prepareForIndex, routeOfFile } from './utils';

/** Folder of the index inside the build output; the client loads pagefind.js from it. */
export const searchIndexFolder = 'pagefind';

/** Files Pagefind writes that the site does not use (its own UI bundles). */
const unusedOutputs = /^pagefind-(ui|modular-ui|component-ui|highlight)\./;

function htmlFiles(dir: string, root = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === searchIndexFolder || entry.name === 'assets' ? [] : htmlFiles(full, root);
    }
    return entry.name.endsWith('.html') ? [path.relative(root, full)] : [];
  });
}

export async function buildSearchIndex({ outDir, baseUrl }: { outDir: string; baseUrl: string }): Promise<{ pages: number; files: number; bytes: number }> {
  const pagefind = await import('pagefind');
  // Underscores and dollars are part of words in PHP: get_record, $DB.
  const { index, errors } = await pagefind.createIndex({ includeCharacters: '_$' });
  if (!index) {
    throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  }
  let pages = 0;
  for (const file of htmlFiles(outDir)) {
    const route = routeOfFile(file);
    const content = prepareForIndex(fs.readFileSync(path.join(outDir, file), 'utf8'), route);
    if (content) {
      const result = await index.addHTMLFile({ url: `${baseUrl}${route.slice(1)}`, content });
      if (result.errors.length) {
        throw new Error(`Pagefind could not index ${file}: ${result.errors.join('; ')}`);
      }
      pages += 1;
    }
  }
  const output = path.join(outDir, searchIndexFolder);
  // The index is taken in memory and written here, synchronously: Pagefind's own writeFiles
  // can return (and the process end) before its last file, pagefind-entry.json, is flushed,
  // which left an empty entry file and a search that never loads.
  const written = await index.getFiles();
  if (written.errors.length) {
    throw new Error(`Pagefind could not produce the index: ${written.errors.join('; ')}`);
  }
  if (!written.files.some((file) => file.path === 'pagefind-entry.json')) {
    throw new Error('Pagefind produced no pagefind-entry.json');
  }
  fs.rmSync(output, { recursive: true, force: true });
  for (const file of written.files) {
    const target = path.join(output, file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.content);
  }
  await pagefind.close();
  let files = 0;
  let bytes = 0;
  const measure = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        measure(full);
      } else if (unusedOutputs.test(entry.name)) {
        fs.rmSync(full);
      } else {
        files += 1;
        bytes += fs.statSync(full).size;
      }
    }
  };
  measure(output);
  return { pages, files, bytes };
}
