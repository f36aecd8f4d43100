/**
 * The search relevance set (tests/fixtures/search-relevance.json) and how to run it: each query
 * is searched in the browser on the built index, from the docs version its entry names, and
 * the rank of the first expected page among the results is recorded.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { pagefindRanking } from '../../src/utils/search/pagefindClient';

export interface RelevanceEntry {
  query: string;
  expected: string[];
  context?: 'current' | '4.1';
}

export interface RelevanceResult extends RelevanceEntry {
  /** 1-based rank of the first expected page, or null when none is in the first ten. */
  rank: number | null;
  /** Whether any expected page exists in the build. */
  applicable: boolean;
  top: string[];
}

const siteRoot = path.resolve(__dirname, '../..');

export function relevanceEntries(): RelevanceEntry[] {
  return (JSON.parse(fs.readFileSync(path.join(siteRoot, 'tests/fixtures/search-relevance.json'), 'utf8')) as { queries: RelevanceEntry[] }).queries;
}

function isBuilt(route: string, buildDir: string): boolean {
  return fs.existsSync(path.join(buildDir, route === '/' ? 'index.html' : `${route}.html`));
}

/** Runs every entry on a page of the served build (any page: the index is loaded by URL). */
export async function runRelevance(page: Page, buildDir: string, entries = relevanceEntries()): Promise<RelevanceResult[]> {
  const ranked = await page.evaluate(async ({ queries, ranking }) => {
    const indexUrl = '/pagefind/pagefind.js';
    const pagefind = (await import(indexUrl)) as {
      options(options: object): Promise<void>;
      search(query: string, options: object): Promise<{ results: { data(): Promise<{ url: string }> }[] }>;
    };
    await pagefind.options({ baseUrl: '/', ranking });
    const out: string[][] = [];
    for (const entry of queries) {
      const tags = ['default', `docs-default-${entry.context ?? 'current'}`, 'docs-general-current'];
      const search = await pagefind.search(entry.query, { filters: { language: 'en-AU', docusaurus_tag: { any: tags } } });
      const top = await Promise.all(search.results.slice(0, 10).map((result) => result.data()));
      out.push(top.map((data) => data.url));
    }
    return out;
  }, { queries: entries, ranking: pagefindRanking });
  return entries.map((entry, index) => {
    const top = ranked[index];
    const position = top.findIndex((url) => entry.expected.includes(url));
    return { ...entry, top: top.slice(0, 3), rank: position < 0 ? null : position + 1, applicable: entry.expected.some((route) => isBuilt(route, buildDir)) };
  });
}

/** Share of applicable queries whose expected page ranks within the first `k`. */
export function precisionAt(results: RelevanceResult[], k: number): number {
  const applicable = results.filter((result) => result.applicable);
  return applicable.length ? applicable.filter((result) => result.rank !== null && result.rank <= k).length / applicable.length : 0;
}
