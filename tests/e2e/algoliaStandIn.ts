/**
 * Algolia, as the browser tests play it: every request to Algolia's hosts is answered from the
 * browser with one hit per query, and recorded. Requests the page's Content-Security-Policy
 * blocks never get here.
 */
import type { Page, Request } from '@playwright/test';

export interface AlgoliaRequest {
  indexName: string;
  query: string;
  facetFilters?: unknown;
  hitsPerPage?: number;
  page?: number;
}

/** One DocSearch record, as Algolia's crawler would have indexed the DML page. */
function hit(origin: string) {
  const hierarchy = { lvl0: 'Developer docs', lvl1: 'Data manipulation API', lvl2: 'Getting one record', lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  const highlighted = (value: string) => ({ value, matchLevel: 'full', matchedWords: ['get_record'] });
  return {
    objectID: 'dml-get-record',
    url: `${origin}/docs/apis/core/dml#getting-one-record`,
    type: 'lvl2',
    hierarchy,
    content: null,
    _highlightResult: { hierarchy: { lvl0: highlighted('Developer docs'), lvl1: highlighted('Data manipulation API'), lvl2: highlighted('Getting one record') } },
    _snippetResult: { hierarchy: { lvl1: highlighted('Data manipulation API'), lvl2: highlighted('Getting one record') } },
  };
}

/** Answers every request to Algolia's hosts with one hit per query, and records the queries. */
export async function standInForAlgolia(page: Page, origin: string): Promise<{ queries: AlgoliaRequest[]; urls: string[] }> {
  const seen = { queries: [] as AlgoliaRequest[], urls: [] as string[] };
  await page.route(/^https:\/\/[^/]*(algolia\.net|algolianet\.com)\//, async (route) => {
    const request: Request = route.request();
    seen.urls.push(request.url());
    const body = request.postDataJSON() as { requests: AlgoliaRequest[] };
    seen.queries.push(...body.requests);
    await route.fulfill({
      status: 200,
      headers: { 'Access-Control-Allow-Origin': '*' },
      contentType: 'application/json',
      body: JSON.stringify({
        results: body.requests.map((query) => ({
          hits: [hit(origin)],
          nbHits: 1,
          page: query.page ?? 0,
          nbPages: 1,
          hitsPerPage: query.hitsPerPage ?? 20,
          processingTimeMS: 1,
          query: query.query,
          params: '',
          index: query.indexName,
        })),
      }),
    });
  });
  return seen;
}
