/**
 * Search: local by default, Algolia when credentials are configured.
 *
 * - Local: an index built with the site (src/plugins/search-index) and queried in the
 *   browser (src/utils/search/engine.ts); nothing leaves the site. The DocSearch modal and the /search page read it through
 *   an Algolia-shaped client (src/utils/search/).
 * - Algolia: ALGOLIA_APP_ID, ALGOLIA_API_KEY and ALGOLIA_INDEX_NAME set at build time. The same
 *   modal and page query Algolia, with the contextual facet filters and the preconnect.
 *
 * Both modes use the theme's DocSearch configuration (themeConfig.algolia): in local mode its
 * credentials are placeholders that no code sends anywhere.
 */
import type { ThemeConfigAlgolia } from '@docusaurus/theme-search-algolia';

export type SearchMode = { mode: 'local' } | { mode: 'algolia'; appId: string; apiKey: string; indexName: string };

const algoliaVariables = ['ALGOLIA_APP_ID', 'ALGOLIA_API_KEY', 'ALGOLIA_INDEX_NAME'] as const;

/** Reads the mode from the environment; a partial Algolia configuration is an error. */
export function searchMode(env: Record<string, string | undefined>): SearchMode {
  const present = algoliaVariables.filter((name) => env[name]);
  if (present.length === 0) {
    return { mode: 'local' };
  }
  if (present.length < algoliaVariables.length) {
    const missing = algoliaVariables.filter((name) => !env[name]);
    throw new Error(`Algolia search needs ${algoliaVariables.join(', ')}; ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set. Set all three, or none for the local search index.`);
  }
  return { mode: 'algolia', appId: env.ALGOLIA_APP_ID ?? '', apiKey: env.ALGOLIA_API_KEY ?? '', indexName: env.ALGOLIA_INDEX_NAME ?? '' };
}

/** Placeholder credentials of local mode; the local search client never sends them anywhere. */
export const localSearchCredentials = { appId: 'LOCAL', apiKey: 'local-search-index', indexName: 'moodle-developer-resources' };

/** Where reports of missing search results go: a new issue on the code host, with the query. */
export const missingResultsIssueUrl = 'https://github.com/moodle/devdocs/issues/new';

/** The search page's path under the base URL. */
export const searchPagePath = 'search';

/** The theme's DocSearch configuration for a mode. */
export function algoliaThemeConfig(mode: SearchMode): ThemeConfigAlgolia {
  const credentials = mode.mode === 'algolia' ? { appId: mode.appId, apiKey: mode.apiKey, indexName: mode.indexName } : localSearchCredentials;
  return {
    ...credentials,
    // Results are limited to the reader's locale and docs version (spec 7).
    contextualSearch: true,
    searchPagePath,
    placeholder: 'Search docs',
    insights: false,
  };
}
