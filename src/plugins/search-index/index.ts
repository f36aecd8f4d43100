/**
 * search-index: after each production build, indexes the built pages into build/search-index/,
 * a static index the browser fetches in small pieces (only the parts a query needs; the format
 * is described in src/utils/search/engine.ts). Nothing is sent to another host. In Algolia mode the site is indexed by Algolia's
 * crawler instead, and this plugin does nothing. The indexing itself is in indexer.ts.
 *
 * It also picks the navbar's search bar for the mode at build time (`@search-mode/SearchBar`,
 * rendered by src/theme/SearchBar): only that one is bundled, so pages in local mode carry
 * neither Algolia's client nor DocSearch's modal until a reader opens search.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { announceSearchIndexFiles, failSearchIndexFiles, listSearchIndexFiles } from './offline';

export interface SearchIndexOptions {
  /** False in Algolia mode. */
  enabled: boolean;
}

/** The bundler configuration Docusaurus hands to `configureWebpack`. */
type BundlerConfig = Parameters<NonNullable<Plugin['configureWebpack']>>[0];

/** The module name under which the search bar of the build's mode is imported. */
export const searchBarModule = '@search-mode/SearchBar';

/**
 * The file behind `@search-mode/SearchBar`: the local index's search bar, or in Algolia mode the
 * theme's own (the file Docusaurus aliases as `@theme-original/SearchBar`).
 */
export function searchBarFile(enabled: boolean, siteDir: string, aliases: unknown): string {
  if (enabled) {
    return path.join(siteDir, 'src/components/LocalSearchBar/index.tsx');
  }
  const original = aliases && typeof aliases === 'object' && !Array.isArray(aliases) ? (aliases as Record<string, unknown>)['@theme-original/SearchBar'] : undefined;
  if (typeof original !== 'string') {
    throw new Error('search-index: the theme\'s own SearchBar (@theme-original/SearchBar) is not among the bundler\'s aliases, so Algolia mode has no search bar. Is @docusaurus/theme-search-algolia installed and src/theme/SearchBar swizzled?');
  }
  return original;
}

/**
 * The bundler's persistent cache does not notice a changed alias, so a build in the other mode
 * would reuse the last mode's search bar: the mode goes into the cache's version.
 */
export function cacheVersionForMode(config: BundlerConfig, mode: 'local' | 'algolia'): Pick<BundlerConfig, 'cache' | 'experiments'> {
  const versionOf = (cache: object) => {
    const { version } = cache as { version?: unknown };
    return typeof version === 'string' ? version : '';
  };
  const withVersion = (cache: unknown) => (cache && typeof cache === 'object' ? { ...cache, version: `${versionOf(cache)}-search-${mode}` } : undefined);
  const rspackCache = withVersion((config.experiments as { cache?: unknown } | undefined)?.cache);
  const webpackCache = withVersion(config.cache);
  return { ...(rspackCache ? { experiments: { cache: rspackCache } } : {}), ...(webpackCache ? { cache: webpackCache as BundlerConfig['cache'] } : {}) };
}

export default function searchIndexPlugin(context: LoadContext, options: unknown): Plugin {
  const { enabled } = options as SearchIndexOptions;
  return {
    name: 'search-index',
    configureWebpack(config) {
      const alias = { [`${searchBarModule}$`]: searchBarFile(enabled, context.siteDir, config.resolve?.alias) };
      return { resolve: { alias }, ...cacheVersionForMode(config, enabled ? 'local' : 'algolia') };
    },
    async postBuild({ outDir }) {
      if (!enabled) {
        announceSearchIndexFiles([]);
        return;
      }
      try {
        // The stemmer the index shares with the browser is an ES module that Docusaurus' config
        // loader cannot import, so the indexing runs in its own Node process
        // (scripts/build-search-index.ts), beside the other post-build work.
        const { stdout, stderr } = await promisify(execFile)('npx', ['tsx', path.join(context.siteDir, 'scripts/build-search-index.ts'), outDir, context.baseUrl], { cwd: context.siteDir, encoding: 'utf8' });
        process.stdout.write(stdout);
        process.stderr.write(stderr);
      } catch (error) {
        failSearchIndexFiles(error);
        throw error;
      }
      announceSearchIndexFiles(listSearchIndexFiles(outDir));
    },
  };
}
