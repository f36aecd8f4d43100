/**
 * The /search page's view of a search backend: the local index or Algolia, chosen by the
 * build's search mode. Both answer with DocSearch hits (absolute URLs, escaped highlights).
 */
import type { DocSearchHit } from './hits';
import { searchIndex } from './localClient';

export interface SearchPageQuery {
  query: string;
  /** Contextual tags: "default" (pages), "docs-default-4.1", "docs-general-current"… */
  tags: string[];
  language: string;
  /** A section name to keep, or undefined for every section. */
  section?: string;
  page: number;
  hitsPerPage: number;
}

export interface SearchPageResult {
  hits: DocSearchHit[];
  nbHits: number;
  nbPages: number;
}

export type SearchBackend = (query: SearchPageQuery) => Promise<SearchPageResult>;

export function localBackend(baseUrl: string, origin: string): SearchBackend {
  return async ({ query, tags, language, section, page, hitsPerPage }) => {
    const result = await searchIndex({
      baseUrl,
      origin,
      query,
      page,
      hitsPerPage,
      filters: { language, docusaurus_tag: { any: tags }, ...(section ? { section } : {}) },
    });
    return { hits: result.hits, nbHits: result.nbHits, nbPages: result.nbPages };
  };
}

/** Algolia's credentials, as the theme's configuration (themeConfig.algolia) holds them. */
export interface AlgoliaCredentials {
  appId: string;
  apiKey: string;
  indexName: string;
}

/** Queries Algolia. Its client is fetched with the first query, so pages in local mode never load it. */
export function algoliaBackend({ appId, apiKey, indexName }: AlgoliaCredentials): SearchBackend {
  let client: Promise<ReturnType<typeof import('algoliasearch/lite').liteClient>> | undefined;
  return async ({ query, tags, language, section, page, hitsPerPage }) => {
    client ??= import('algoliasearch/lite').then(({ liteClient }) => liteClient(appId, apiKey));
    const { results } = await (await client).search<DocSearchHit>({
      requests: [
        {
          indexName,
          query,
          page,
          hitsPerPage,
          facetFilters: [`language:${language}`, tags.map((tag) => `docusaurus_tag:${tag}`), ...(section ? [`hierarchy.lvl0:${section}`] : [])],
          attributesToSnippet: ['content:24'],
          highlightPreTag: '<mark>',
          highlightPostTag: '</mark>',
        },
      ],
    });
    const [result] = results as { hits: DocSearchHit[]; nbHits?: number; nbPages?: number }[];
    return { hits: result.hits, nbHits: result.nbHits ?? 0, nbPages: result.nbPages ?? 0 };
  };
}
