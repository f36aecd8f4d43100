/**
 * search-index: after each production build, indexes the built pages with Pagefind into
 * build/pagefind/, a static index the browser fetches in small pieces (only the parts a query
 * needs). Nothing is sent to another host. In Algolia mode the site is indexed by Algolia's
 * crawler instead, and this plugin does nothing. The indexing itself is in indexer.ts.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { announceSearchIndexFiles, failSearchIndexFiles, listSearchIndexFiles } from './offline';

export interface SearchIndexOptions {
  /** False in Algolia mode. */
  enabled: boolean;
}

export default function searchIndexPlugin(context: LoadContext, options: unknown): Plugin {
  const { enabled } = options as SearchIndexOptions;
  return {
    name: 'search-index',
    postBuild({ outDir }) {
      if (!enabled) {
        announceSearchIndexFiles([]);
        return;
      }
      try {
        // Pagefind is an ES module that Docusaurus' config loader cannot import, so the
        // indexing runs in its own Node process (scripts/build-search-index.ts).
        execFileSync('npx', ['tsx', path.join(context.siteDir, 'scripts/build-search-index.ts'), outDir, context.baseUrl], { stdio: 'inherit', cwd: context.siteDir });
      } catch (error) {
        failSearchIndexFiles(error);
        throw error;
      }
      announceSearchIndexFiles(listSearchIndexFiles(outDir));
    },
  };
}
