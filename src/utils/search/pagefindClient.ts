/**
 * The local search client: queries the Pagefind index built with the site and answers in the
 * shape of Algolia's search API, so that DocSearch's modal and the /search page work on it
 * unchanged. Only the index files of this site are fetched, and only the pieces a query needs.
 */
import { escapeHtml, highlight, queryTerms, sanitizeHighlight, trail, type DocSearchHit, type HitType } from './hits';

interface PagefindAnchor {
  element: string;
  id: string;
  text: string;
  location: number;
}

interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  locations: number[];
  anchor?: PagefindAnchor;
}

export interface PagefindData {
  url: string;
  excerpt: string;
  meta: { title?: string; section?: string };
  anchors: PagefindAnchor[];
  sub_results: PagefindSubResult[];
}

interface PagefindResult {
  id: string;
  score: number;
  data(): Promise<PagefindData>;
}

type PagefindFilters = Record<string, string | { any: string[] }>;

export interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  filters(): Promise<Record<string, Record<string, number>>>;
  preload(query: string, options?: { filters?: PagefindFilters }): Promise<void>;
  search(query: string, options?: { filters?: PagefindFilters }): Promise<{ results: PagefindResult[] } | null>;
}

/**
 * DocSearch shows its "Unable to fetch results" screen only for errors named RetryError (the
 * name of the Algolia client's network error), so a failure to load the index is one.
 */
export class RetryError extends Error {
  override name = 'RetryError';
}

/**
 * Ranking: Pagefind's defaults, but with a weaker preference for short pages (0.3 instead of
 * 0.75), so that long reference pages are not outranked by short pages that mention a term
 * once. Measured on tests/fixtures/search-relevance.json.
 */
export const pagefindRanking = { pageLength: 0.3 };

/** Longest query text sent to the index; longer input is searched by its beginning. */
export const maxQueryLength = 256;

/** How many sections of one page become hits. */
const hitsPerPageResult = 3;

let loading: Promise<Pagefind> | undefined;

/** Loads the index's search code once; after a failure the next call tries again. */
export function loadPagefind(baseUrl: string): Promise<Pagefind> {
  loading ??= (import(/* webpackIgnore: true */ `${baseUrl}pagefind/pagefind.js`) as Promise<Pagefind>)
    .then(async (pagefind) => {
      // Result URLs are stored with the base URL already.
      await pagefind.options({ baseUrl: '/', excerptLength: 24, ranking: pagefindRanking });
      await pagefind.init();
      // Every search is filtered by version and section: load the filter index with the rest,
      // on hover or focus, instead of with the first query.
      await pagefind.filters();
      return pagefind;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw new RetryError(`The search index could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    });
  return loading;
}

/**
 * Algolia facet filters (["language:en-AU", ["docusaurus_tag:default", "docusaurus_tag:docs-default-4.1"]])
 * as Pagefind filters: a string is a filter of its own, a list is a choice within one filter.
 */
export function facetFiltersToPagefind(facetFilters: unknown): PagefindFilters {
  const filters: PagefindFilters = {};
  const entries = typeof facetFilters === 'string' ? [facetFilters] : Array.isArray(facetFilters) ? (facetFilters as unknown[]) : [];
  for (const entry of entries) {
    const options = (Array.isArray(entry) ? entry : [entry]).filter((option): option is string => typeof option === 'string' && !option.startsWith('-'));
    const pairs = options.map((option) => [option.slice(0, option.indexOf(':')), option.slice(option.indexOf(':') + 1)] as const).filter(([key]) => key);
    for (const [key] of pairs) {
      const values = pairs.filter(([other]) => other === key).map(([, value]) => value);
      filters[key] = values.length === 1 && !Array.isArray(entry) ? values[0] : { any: values };
    }
  }
  return filters;
}

/** Turns one Pagefind page result into DocSearch hits: its best-matching sections. */
export function hitsOf(data: PagefindData, query: string, origin: string): DocSearchHit[] {
  const terms = queryTerms(query);
  const title = data.meta.title ?? data.url;
  const section = data.meta.section ?? 'Moodle Developer Resources';
  const anchors = [...data.anchors].sort((a, b) => a.location - b.location);
  const subResults = data.sub_results.length ? data.sub_results : [{ title, url: data.url, excerpt: data.excerpt, locations: [] }];
  const best = [...subResults].sort((a, b) => b.locations.length - a.locations.length).slice(0, hitsPerPageResult);
  return best.map((sub) => {
    const anchor = sub.anchor && sub.anchor.element !== 'h1' ? sub.anchor : undefined;
    const level = anchor ? Number(anchor.element.slice(1)) : 1;
    const h2 = level === 2 ? anchor?.text ?? null : level > 2 ? [...anchors].reverse().find((candidate) => candidate.element === 'h2' && candidate.location < (anchor?.location ?? 0))?.text ?? null : null;
    const h3 = level >= 3 ? anchor?.text ?? null : null;
    const heading = h3 ?? h2 ?? title;
    const headingMatches = terms.some((term) => heading.toLowerCase().includes(term));
    const type: HitType = headingMatches ? (level >= 3 ? 'lvl3' : level === 2 ? 'lvl2' : 'lvl1') : 'content';
    // The line under a hit's title names the page and the headings above it.
    const path = type === 'lvl1' ? [title] : type === 'lvl2' ? [title] : type === 'lvl3' ? [title, h2] : [title, h2, h3];
    const url = new URL(sub.url, origin);
    const excerpt = sanitizeHighlight(sub.excerpt);
    return {
      objectID: url.pathname + url.hash,
      url: url.href,
      url_without_anchor: `${url.origin}${url.pathname}`,
      anchor: url.hash ? url.hash.slice(1) : null,
      type,
      hierarchy: { lvl0: section, lvl1: title, lvl2: h2, lvl3: h3, lvl4: null, lvl5: null, lvl6: null },
      content: excerpt.replace(/<\/?mark>/g, ''),
      _highlightResult: {
        hierarchy: { lvl0: { value: escapeHtml(section), matchLevel: 'none', matchedWords: [] }, lvl1: highlight(title, terms) },
        content: { value: excerpt, matchLevel: excerpt.includes('<mark>') ? 'full' : 'none', matchedWords: [] },
      },
      _snippetResult: {
        hierarchy: {
          lvl1: highlight(trail(path), terms),
          ...(h2 ? { lvl2: highlight(h2, terms) } : {}),
          ...(h3 ? { lvl3: highlight(h3, terms) } : {}),
        },
        content: { value: excerpt, matchLevel: excerpt.includes('<mark>') ? 'full' : 'none', matchedWords: [] },
      },
    };
  });
}

/** The parts of an Algolia search request (v5 shape: parameters beside the index name) the index uses. */
export interface SearchRequest {
  indexName?: string;
  query?: string;
  facetFilters?: unknown;
  hitsPerPage?: number;
  page?: number;
}

export interface SearchResponse {
  hits: DocSearchHit[];
  nbHits: number;
  nbPages: number;
  page: number;
  hitsPerPage: number;
  query: string;
  index: string;
}

/** Searches the index; `hitsPerPage` counts pages of the site, each giving up to three hits. */
export async function searchIndex({ baseUrl, origin, query, filters, page = 0, hitsPerPage = 8 }: { baseUrl: string; origin: string; query: string; filters: PagefindFilters; page?: number; hitsPerPage?: number }): Promise<Omit<SearchResponse, 'index'>> {
  const text = query.trim().slice(0, maxQueryLength);
  if (!text) {
    return { hits: [], nbHits: 0, nbPages: 0, page, hitsPerPage, query };
  }
  const pagefind = await loadPagefind(baseUrl);
  const search = await pagefind.search(text, { filters });
  const results = search?.results ?? [];
  const pageResults = results.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
  const data = await Promise.all(pageResults.map((result) => result.data()));
  return {
    hits: data.flatMap((entry) => hitsOf(entry, text, origin)),
    nbHits: results.length,
    nbPages: Math.ceil(results.length / hitsPerPage),
    page,
    hitsPerPage,
    query,
  };
}

/**
 * An object with the Algolia client's `search` method, answered from the local index.
 *
 * When the index cannot be loaded, the search answers with no hits and tells `onAvailability`,
 * so the modal can say why: DocSearch's own error screen never stays up (its autocomplete core
 * resets the status to idle once a failed request settles).
 */
export function createLocalSearchClient({ baseUrl, origin, onAvailability }: { baseUrl: string; origin: string; onAvailability?: (available: boolean) => void }) {
  return {
    async search({ requests }: { requests: SearchRequest[] }): Promise<{ results: SearchResponse[] }> {
      const results = await Promise.all(
        requests.map(async (request) => {
          const query = request.query ?? '';
          const hitsPerPage = Math.min(request.hitsPerPage ?? 8, 20);
          const page = request.page ?? 0;
          try {
            const response = await searchIndex({ baseUrl, origin, query, filters: facetFiltersToPagefind(request.facetFilters), page, hitsPerPage });
            onAvailability?.(true);
            return { ...response, index: request.indexName ?? 'local' };
          } catch (error) {
            if (!(error instanceof RetryError) || !onAvailability) {
              throw error;
            }
            onAvailability(false);
            return { hits: [], nbHits: 0, nbPages: 0, page, hitsPerPage, query, index: request.indexName ?? 'local' };
          }
        }),
      );
      return { results };
    },
  };
}
