/**
 * Builds the local search index of a built site (run by the search-index plugin after each
 * production build; it can also be run by hand on an existing build).
 *
 * Usage: tsx scripts/build-search-index.ts [outDir=build] [baseUrl=/]
 */
import path from 'node:path';
import { buildSearchIndex } from '../src/plugins/search-index/indexer';
import { searchIndexFolder } from '../src/utils/search/indexFolder';

const outDir = path.resolve(process.argv[2] ?? 'build');
const baseUrl = process.argv[3] ?? '/';

try {
  const started = Date.now();
  const { pages, sections, files, bytes } = buildSearchIndex({ outDir, baseUrl });
  console.log(
    `[search-index] Indexed ${pages} pages (${sections} sections) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${files} files, ${(bytes / 1024).toFixed(0)} KB in ${path.relative(process.cwd(), path.join(outDir, searchIndexFolder))}/`,
  );
} catch (error) {
  console.error(error);
  process.exit(1);
}
