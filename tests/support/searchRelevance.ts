/**
 * The search relevance set (tests/fixtures/search-relevance.json) and how to run it: each query
 * is searched on the built index, with the search code the browser runs, from the docs version
 * its entry names, and the rank of the first expected page among the results is recorded.
 */
import fs from 'node:fs';
import path from 'node:path';
import { searchIndexFolder } from '../../src/utils/search/indexFolder';
import type { IndexMeta } from '../../src/utils/search/engine';
import { LocalIndex } from '../../src/utils/search/localClient';

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

/** Runs every entry on the index of a build, with the code the browser runs. */
export async function runRelevance(buildDir: string, entries = relevanceEntries()): Promise<RelevanceResult[]> {
  const folder = path.join(buildDir, searchIndexFolder);
  const read = (file: string) => Promise.resolve(JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as unknown);
  const index = new LocalIndex((await read('meta.json')) as IndexMeta, read);
  const results: RelevanceResult[] = [];
  for (const entry of entries) {
    const tags = ['default', `docs-default-${entry.context ?? 'current'}`, 'docs-general-current'];
    const ranked = await index.rank(entry.query, { language: 'en-AU', docusaurus_tag: { any: tags } });
    const top = await Promise.all(ranked.slice(0, 10).map(async (result) => (await index.page(result.page)).url));
    const position = top.findIndex((url) => entry.expected.includes(url));
    results.push({ ...entry, top: top.slice(0, 3), rank: position < 0 ? null : position + 1, applicable: entry.expected.some((route) => isBuilt(route, buildDir)) });
  }
  return results;
}

/** Share of applicable queries whose expected page ranks within the first `k`. */
export function precisionAt(results: RelevanceResult[], k: number): number {
  const applicable = results.filter((result) => result.applicable);
  return applicable.length ? applicable.filter((result) => result.rank !== null && result.rank <= k).length / applicable.length : 0;
}
