/**
 * Builds the local search index of a built site (run by the search-index plugin after each
 * production build; it can also be run by hand on an existing build).
 *
 * Usage: tsx scripts/build-search-index.ts [outDir=build] [baseUrl=/]
 */
import path from 'node:path';
import { buildSearchIndex } from '../src/plugins/search-index/indexer';

const outDir = path.resolve(process.argv[2] ?? 'build');
const baseUrl = process.argv[3] ?? '/';

buildSearchIndex({ outDir, baseUrl }).then(
  ({ pages, files, bytes }) => {
    console.log(`[search-index] Indexed ${pages} pages: ${files} index files, ${(bytes / 1024).toFixed(0)} KB in ${path.relative(process.cwd(), path.join(outDir, 'pagefind'))}/`);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
