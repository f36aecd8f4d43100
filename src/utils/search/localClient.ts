/**
 * The local search client: answers queries from the index built with the site (see engine.ts)
 * in the shape of Algolia's search API, so that DocSearch's modal and the /search page work on
 * it unchanged. Only this site's index files are fetched, and only the pieces a query needs;
 * the search itself runs on the page, in a few milliseconds.
 */
import {
  completes,
  completionWeight,
  decodeIds,
  identifierParts,
  identifiersOf,
  idf,
  indexFormatVersion,
  maxQueryLength,
  normalWord,
  pageKindLetters,
  pagesPerChunk,
  queryTermsOf,
  shardOf,
  shardsForTerm,
  swapOnlyLength,
  termsOfWord,
  typoTerms,
  vocabularyKey,
  wordsOf,
  type ChunkPage,
  type IndexMeta,
  type PageChunk,
  type QueryTerm,
  type Shard,
} from './engine';
import { searchIndexFolder } from './indexFolder';
import { escapeHtml, trail, type DocSearchHit, type HighlightValue, type HitType } from './hits';

/** Filters on the pages' values: a string is the value to keep, { any } a choice of values. */
export type IndexFilters = Record<string, string | { any: string[] }>;

/**
 * DocSearch shows its "Unable to fetch results" screen only for errors named RetryError (the
 * name of the Algolia client's network error), so a failure to load the index is one.
 */
export class RetryError extends Error {
  override name = 'RetryError';
}

/** Up to how many pages the site may have for all its page chunks to be fetched once the reader types on. */
export const prefetchedPagesLimit = 1024;

/** How many sections of one page become hits. */
const hitsPerPageResult = 3;

/** How much a section holding every word of the query scores above one holding a single word: 50 %. */
const allTermsBonus = 0.5;

/** How much more a section scores whose passages show the query's words close together (up to all of them): 50 %. */
const proximityBonus = 0.5;

/**
 * How much of the query a page must hold to be listed, as a share of the query words' weight
 * (rarer words weigh more): a page with none of the rare words is no answer.
 */
const minimumCoverage = 0.2;

/** How much the sections after a page's best one add to its score: 30 %, then 15 %, then 10 %. */
const furtherSectionWeights = [0.3, 0.15, 0.1];

/**
 * Weight of a match on a shorter form of a qualified name the query types (get_user for
 * core_user::get_user, html_writer for \core\output\html_writer): below the name as typed.
 */
export const identifierPartWeight = 0.7;

/**
 * How a page's kind changes its score (see PageKind): a topic's main page counts more for a
 * general question; a list of changes, or a page about legacy code, counts less unless the query
 * asks about changes.
 */
export const kindWeights = { index: 1.1, changes: 0.6, legacy: 0.8 } as const;

/** How much more a page scores whose title (or slug) holds the whole query: up to twice as much, in proportion to the share it holds. */
export const titleWeight = 1;

/** The section of the pages that document Moodle's APIs (see sections.ts). */
const apiDocsSection = 'Developer docs';

/** How much more a page of the developer docs counts for a query that types a name: they document names, other pages use them. */
export const referenceWeight = 1.5;

/**
 * How much a section's score for a name the query types grows where the section defines the
 * name, or names it in a heading or reference table: the result then leads to that section.
 */
export const definitionBoosts = { headed: 2, defined: 2, named: 1.5 } as const;

/** Words that ask what changed: a query holding one ranks the lists of changes as any other page. */
const changeWords = /^(chang\w*|new|deprecat\w*|remov\w*|renam\w*|replac\w*|upgrad\w*|legacy|old|obsolete|update[sd]?|devupdate)$/;

/**
 * How well a page documents the identifiers a query names: 6 when one of its sections is given
 * to a name as typed (its heading is the name), 5 when one declares it (a signature), 4 when one
 * names it in a heading or reference table; 3, 2 and 1 the same for a shorter form of the name
 * (see identifierParts); 0 when the page only mentions them.
 */
export type DefinitionTier = 0 | 1 | 2 | 3 | 4 | 5 | 6;

function asRetryError(error: unknown): RetryError {
  return error instanceof RetryError ? error : new RetryError(`The search index could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
}

/** Fetches and parses one index file; a failure is a RetryError and is not remembered. */
function cachedLoader<T>(load: (file: string) => Promise<T>): (file: string) => Promise<T> {
  const cache = new Map<string, Promise<T>>();
  return (file) => {
    let entry = cache.get(file);
    if (!entry) {
      entry = load(file).catch((error: unknown) => {
        cache.delete(file);
        throw asRetryError(error);
      });
      cache.set(file, entry);
    }
    return entry;
  };
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) {
    throw new RetryError(`The search index could not be loaded: ${url} answered ${response.status}`);
  }
  return (await response.json()) as T;
}

interface SectionMatch {
  score: number;
  /** Per query term, its score here (0 when the term is not in the section). */
  terms: number[];
  /** Passage text per query term that has one here. */
  passages: Map<number, string>;
}

export interface RankedPage {
  page: number;
  score: number;
  /** Whether the page holds every word of the query that the index has (exactly, completed or corrected). */
  complete: boolean;
  /** How well the page documents the names the query types (see DefinitionTier). */
  defines: DefinitionTier;
  /** The share of the query (rarer words weigh more) the page's title or slug holds. */
  titled: number;
  /** The index terms the query matched anywhere, for marking them in snippets. */
  matched: ReadonlySet<string>;
  /** The page's matching sections, best first: section id, its number within the page, how it matched. */
  sections: { id: number; local: number; match: SectionMatch }[];
}

/** An index in the browser: its meta.json read, its shards and chunks fetched as queries need them. */
export class LocalIndex {
  private readonly firsts: string[];
  /** First section id of each page, and the page of each section. */
  private readonly firstSection: number[] = [];
  private readonly pageOfSection: Int32Array;
  private readonly shard: (file: string) => Promise<Shard>;
  private readonly chunk: (file: string) => Promise<PageChunk>;
  private readonly vocabulary: (file: string) => Promise<string[]>;
  /** Whether a query has been ranked: see preload. */
  private answered = false;

  /** `load` reads a file of the index by its path inside the index folder. */
  constructor(
    readonly meta: IndexMeta,
    load: (file: string) => Promise<unknown>,
  ) {
    this.firsts = meta.shards.map((shard) => shard.first);
    const total = meta.sectionsPerPage.reduce((sum, count) => sum + count, 0);
    this.pageOfSection = new Int32Array(total);
    let next = 0;
    meta.sectionsPerPage.forEach((count, page) => {
      this.firstSection.push(next);
      this.pageOfSection.fill(page, next, next + count);
      next += count;
    });
    this.shard = cachedLoader((file) => load(file) as Promise<Shard>);
    this.chunk = cachedLoader((file) => load(file) as Promise<PageChunk>);
    this.vocabulary = cachedLoader((file) => load(file) as Promise<string[]>);
  }

  /** The vocabulary file a query term's typo matches are looked up in, if it has one. */
  private vocabularyFile(term: QueryTerm): string | undefined {
    return term.typos ? this.meta.vocabulary[vocabularyKey(term.typed)] : undefined;
  }

  /** Pages that pass the filters, as a bitmap over pages. */
  private allowedPages(filters: IndexFilters): Uint8Array {
    const allowed = new Uint8Array(this.meta.sectionsPerPage.length).fill(1);
    for (const [name, wanted] of Object.entries(filters)) {
      const filter = this.meta.filters[name];
      const values = typeof wanted === 'string' ? [wanted] : wanted.any;
      const accepted = new Set(values.map((value) => filter?.values.indexOf(value) ?? -1));
      allowed.forEach((_, page) => {
        if (!filter || !accepted.has(filter.pages[page])) {
          allowed[page] = 0;
        }
      });
    }
    return allowed;
  }

  /**
   * The index terms a query term matches, with the weight of each: itself (1), the longer words it
   * begins (below 1), and for a plain word of five letters or more the words a typing mistake
   * away (typoWeights).
   */
  private async matchingTerms(term: QueryTerm, parts: string[] = []): Promise<[Shard, string, number][]> {
    const vocabularyFile = this.vocabularyFile(term);
    const [shards, vocabulary, partShards] = await Promise.all([
      Promise.all(shardsForTerm(this.firsts, term).map((id) => this.shard(this.meta.shards[id].file))),
      vocabularyFile ? this.vocabulary(vocabularyFile) : Promise.resolve([]),
      Promise.all(parts.map((part) => this.shard(this.meta.shards[shardOf(this.firsts, part)].file))),
    ]);
    const weights = new Map<string, [Shard, number]>();
    const add = (shard: Shard, key: string, weight: number) => {
      if (weight > (weights.get(key)?.[1] ?? 0)) {
        weights.set(key, [shard, weight]);
      }
    };
    for (const shard of shards) {
      if (!term.prefix) {
        if (Object.hasOwn(shard, term.term)) {
          add(shard, term.term, 1);
        }
        continue;
      }
      for (const candidate of Object.keys(shard)) {
        if (candidate === term.term) {
          add(shard, candidate, 1);
        } else if (completes(term.typed, candidate)) {
          add(shard, candidate, completionWeight(term.typed, candidate));
        }
      }
    }
    parts.forEach((part, index) => {
      if (Object.hasOwn(partShards[index], part)) {
        add(partShards[index], part, identifierPartWeight);
      }
    });
    // A short word the index lacks may be a longer one's neighbouring letters swapped: only then
    // is its vocabulary fetched (a word the index has needs no correcting).
    const swapFile = !weights.size && !vocabularyFile && term.typed.length === swapOnlyLength ? this.meta.vocabulary[vocabularyKey(term.typed)] : undefined;
    const candidates = swapFile ? await this.vocabulary(swapFile) : vocabulary;
    const typos = [...typoTerms(term, candidates)].filter(([key]) => !weights.has(key));
    const typoShards = await Promise.all(typos.map(([key]) => this.shard(this.meta.shards[shardOf(this.firsts, key)].file)));
    typos.forEach(([key, weight], index) => {
      if (Object.hasOwn(typoShards[index], key)) {
        add(typoShards[index], key, weight);
      }
    });
    return [...weights].map(([key, [shard, weight]]) => [shard, key, weight]);
  }

  /**
   * Starts fetching the files a query needs, so that a search of it finds them loading or loaded.
   * Once a first query has been answered (with only the page chunks of its results), the reader
   * typing on also brings in the other page chunks, so later results wait for no second request.
   */
  preload(query: string): void {
    if (this.answered) {
      this.prefetchPages();
    }
    for (const term of queryTermsOf(query)) {
      const ids = [...shardsForTerm(this.firsts, term), ...identifierParts(term.term).map((part) => shardOf(this.firsts, part))];
      for (const id of ids) {
        this.shard(this.meta.shards[id].file).catch(() => undefined);
      }
      const vocabularyFile = this.vocabularyFile(term);
      if (vocabularyFile) {
        this.vocabulary(vocabularyFile).catch(() => undefined);
      }
    }
  }

  /**
   * Ranks the pages that pass the filters: those holding every word of the query first, then the
   * pages holding the largest share of it (rarer words weigh more), each group by score.
   */
  async rank(query: string, filters: IndexFilters): Promise<RankedPage[]> {
    const terms = queryTermsOf(query);
    if (!terms.length) {
      return [];
    }
    // The names the query types (as typed: camelCase is only seen before lower-casing).
    const identifiers = new Set(identifiersOf(query.slice(0, maxQueryLength)));
    const isName = terms.map((term) => identifiers.has(term.typed));
    const parts = terms.map((term, index) => (isName[index] ? identifierParts(term.typed).map(normalWord) : []));
    const partKeys = new Set(parts.flat());
    const asksForChanges = terms.some((term) => changeWords.test(term.typed));
    const matched = await Promise.all(terms.map((term, index) => this.matchingTerms(term, parts[index])));
    /** The list of changes by name, when it has an entry for a name the query types. */
    const historyOf = new Set<number>();
    /** Per page, how well it documents the names the query types. */
    const definitionTiers = new Map<number, DefinitionTier>();
    /** Per page, the query terms its title holds, with the weight of their best match there. */
    const titleTerms = new Map<number, Map<number, number>>();
    const allowed = this.allowedPages(filters);
    const totalSections = this.pageOfSection.length;
    const sections = new Map<number, SectionMatch>();
    const termsOfPage = new Map<number, Set<number>>();
    /** Per query term: how much finding it says about a page (its best match's weight × idf). */
    const importance = new Array<number>(terms.length).fill(0);
    const found = new Array<boolean>(terms.length).fill(false);
    const matchedKeys = new Set<string>();
    /** The query term each matched index term stands for. */
    const keyTerm = new Map<string, number>();
    matched.forEach((matches, termIndex) => {
      for (const [shard, key, weight] of matches) {
        if (!keyTerm.has(key)) {
          keyTerm.set(key, termIndex);
        }
        const [deltas, scores, passages, { h: headed = [], d: definitions = [], n: names = [], t: titles = [] } = {}] = shard[key];
        const ids = decodeIds(deltas);
        const passageAt = new Map(passages);
        // The name as typed, or a shorter form of it (not a completion or a typo), defined or named.
        const asTyped = key === terms[termIndex].term;
        /** Positions (in this key's lists) of the sections that define or name it, with their boost. */
        const boosts = new Map<number, number>();
        if (isName[termIndex] && (asTyped || partKeys.has(key))) {
          const tiers: [number[], DefinitionTier, number][] = [
            [names, asTyped ? 4 : 1, definitionBoosts.named],
            [definitions, asTyped ? 5 : 2, definitionBoosts.defined],
            [headed, asTyped ? 6 : 3, definitionBoosts.headed],
          ];
          for (const [positions, tier, boost] of tiers) {
            for (const position of positions) {
              boosts.set(position, boost);
              const page = this.pageOfSection[ids[position]];
              const kind = this.meta.kinds[page];
              if (kind === pageKindLetters.names && asTyped) {
                historyOf.add(page);
              }
              // A list of changes names what changed, it does not document it: unless the query
              // asks what changed, it ranks by its text, below the pages that document the name.
              const documents = asksForChanges || (kind !== pageKindLetters.changes && kind !== pageKindLetters.names);
              if (allowed[page] && documents && tier > (definitionTiers.get(page) ?? 0)) {
                definitionTiers.set(page, tier);
              }
            }
          }
        }
        for (const position of titles) {
          const page = this.pageOfSection[ids[position]];
          let inTitle = titleTerms.get(page);
          if (!inTitle) {
            inTitle = new Map();
            titleTerms.set(page, inTitle);
          }
          inTitle.set(termIndex, Math.max(weight, inTitle.get(termIndex) ?? 0));
        }
        let inAllowedPage = false;
        ids.forEach((id, position) => {
          const page = this.pageOfSection[id];
          if (!allowed[page]) {
            return;
          }
          inAllowedPage = true;
          let pageTerms = termsOfPage.get(page);
          if (!pageTerms) {
            pageTerms = new Set();
            termsOfPage.set(page, pageTerms);
          }
          pageTerms.add(termIndex);
          let match = sections.get(id);
          if (!match) {
            match = { score: 0, terms: new Array<number>(terms.length).fill(0), passages: new Map() };
            sections.set(id, match);
          }
          const score = scores[position] * weight * (boosts.get(position) ?? 1);
          if (score > match.terms[termIndex]) {
            match.terms[termIndex] = score;
          }
          const text = passageAt.get(position);
          if (text !== undefined && !match.passages.has(termIndex)) {
            match.passages.set(termIndex, text);
          }
        });
        if (inAllowedPage) {
          found[termIndex] = true;
          matchedKeys.add(key);
          importance[termIndex] = Math.max(importance[termIndex], weight * idf(ids.length, totalSections));
        }
      }
    });
    // Words the index does not have (or not on these pages) say nothing about which page is meant.
    const wanted = found.filter(Boolean).length;
    const totalImportance = importance.reduce((sum, value, index) => sum + (found[index] ? value : 0), 0);
    if (!wanted) {
      return [];
    }
    const coverageOf = (pageTerms: Set<number>) => [...pageTerms].reduce((sum, index) => sum + importance[index], 0) / totalImportance;
    // The query terms a word of text stands for, once per word: the same words recur in the
    // passages of many sections, and on a fresh page this runs before the code is optimised.
    const wordTerms = new Map<string, number[]>();
    const queryTermsOfWord = (word: string): number[] => {
      let indexes = wordTerms.get(word);
      if (!indexes) {
        indexes = [];
        for (const candidate of termsOfWord(word)) {
          const termIndex = keyTerm.get(candidate);
          if (termIndex !== undefined) {
            indexes.push(termIndex);
          }
        }
        wordTerms.set(word, indexes);
      }
      return indexes;
    };
    // How many of the query's words a passage (a dozen words of text) shows.
    const termsShown = (text: string): number => {
      const shown = new Set<number>();
      for (const { word } of wordsOf(text)) {
        for (const termIndex of queryTermsOfWord(word)) {
          shown.add(termIndex);
        }
      }
      return shown.size;
    };
    const coverages = new Map([...termsOfPage].map(([page, pageTerms]) => [page, coverageOf(pageTerms)]));
    // Never an empty list when some words match: the threshold never exceeds the best page's share.
    const threshold = Math.min(minimumCoverage, Math.max(...coverages.values()));
    const byPage = new Map<number, RankedPage['sections']>();
    for (const [page, coverage] of coverages) {
      if (coverage >= threshold) {
        byPage.set(page, []);
      }
    }
    for (const [id, match] of sections) {
      const page = this.pageOfSection[id];
      const list = byPage.get(page);
      if (list) {
        const present = match.terms.filter((score) => score > 0).length;
        const together = wanted > 1 ? Math.max(0, ...[...match.passages.values()].map((text) => termsShown(text))) : 0;
        match.score =
          match.terms.reduce((sum, score) => sum + score, 0) *
          (wanted > 1 ? 1 + (allTermsBonus * (present - 1)) / (wanted - 1) : 1) *
          (together > 1 ? 1 + (proximityBonus * (together - 1)) / (wanted - 1) : 1);
        list.push({ id, local: id - this.firstSection[page], match });
      }
    }
    const namesQuery = isName.some(Boolean);
    const docsSection = this.meta.filters.section?.values.indexOf(apiDocsSection) ?? -1;
    const titleShareOf = (inTitle: Map<number, number> = new Map()) => [...inTitle].reduce((sum, [index, weight]) => sum + importance[index] * weight, 0) / totalImportance;
    const titleShares = new Map([...byPage.keys()].map((page) => [page, titleShareOf(titleTerms.get(page))]));
    const bestTitleShare = Math.max(0, ...titleShares.values());
    const kindWeight = (page: number): number => {
      // The developer docs document the names; the coding, process and App pages apply them.
      const reference = namesQuery && this.meta.filters.section?.pages[page] === docsSection ? referenceWeight : 1;
      const kind = this.meta.kinds[page];
      if (kind === pageKindLetters.index) {
        // A topic's main page counts more for a question about the topic as a whole: when no
        // page's title holds more of the query than its own (else it names what a page below covers).
        return reference * (namesQuery || (titleShares.get(page) ?? 0) < bestTitleShare ? 1 : kindWeights.index);
      }
      if (kind === pageKindLetters.changes || kind === pageKindLetters.names || kind === pageKindLetters.legacy) {
        return reference * (asksForChanges ? 1 : kind === pageKindLetters.legacy ? kindWeights.legacy : kindWeights.changes);
      }
      return reference;
    };
    const ranked = [...byPage].map(([page, list]): RankedPage => {
      list.sort((a, b) => b.match.score - a.match.score || a.id - b.id);
      const pageTerms = termsOfPage.get(page) ?? new Set<number>();
      const coverage = coverages.get(page) ?? 0;
      const titleShare = titleShares.get(page) ?? 0;
      const score =
        list.reduce((sum, { match }, index) => sum + match.score * (index === 0 ? 1 : furtherSectionWeights[index - 1] ?? 0), 0) *
        coverage *
        coverage *
        kindWeight(page) *
        (1 + titleWeight * titleShare);
      return { page, score, complete: pageTerms.size === wanted, defines: definitionTiers.get(page) ?? 0, titled: titleShare, matched: matchedKeys, sections: list };
    });
    this.answered = true;
    // Pages holding the whole query first; among them, those that document the names it types; then by score.
    ranked.sort((a, b) => Number(b.complete) - Number(a.complete) || b.defines - a.defines || b.score - a.score || a.page - b.page);
    // A name's history comes right after its documentation: the list of changes by name, where
    // it has an entry for the name typed, is second (or first, where no page holds the name).
    const history = ranked.findIndex((result) => historyOf.has(result.page) && allowed[result.page]);
    if (history > 1) {
      ranked.splice(1, 0, ...ranked.splice(history, 1));
    }
    return ranked;
  }

  /**
   * Fetches every page chunk in the background, when there are few enough: a result then waits
   * for no second request after the term shards. On a larger site chunks are fetched per result,
   * as they are for the first query of a visit.
   */
  prefetchPages(): void {
    if (this.meta.chunks.length * pagesPerChunk <= prefetchedPagesLimit) {
      for (const file of this.meta.chunks) {
        this.chunk(file).catch(() => undefined);
      }
    }
  }

  /** The display data of a page: URL, title, section and headings. */
  async page(page: number): Promise<ChunkPage> {
    const chunk = await this.chunk(this.meta.chunks[Math.floor(page / pagesPerChunk)]);
    return chunk[page % pagesPerChunk];
  }
}

let loading: Promise<LocalIndex> | undefined;
let loaded: LocalIndex | undefined;

/** The index, if it is loaded: for work that cannot wait for a promise (see LocalSearchBar). */
export function loadedIndex(): LocalIndex | undefined {
  return loaded;
}

/** Loads the index's meta.json once (and prefetches the page chunks); after a failure the next call tries again. */
export function loadIndex(baseUrl: string): Promise<LocalIndex> {
  const folderUrl = `${baseUrl}${searchIndexFolder}/`;
  loading ??= fetchJson<IndexMeta>(`${folderUrl}meta.json`)
    .then((meta) => {
      const version: unknown = meta.version;
      if (version !== indexFormatVersion) {
        // A page of an earlier deployment, still open, reading the index of a newer one.
        throw new RetryError(`The search index has format ${String(version)}; this page reads format ${indexFormatVersion}. Reload the page.`);
      }
      const index = new LocalIndex(meta, (file) => fetchJson(`${folderUrl}${file}`));
      loaded = index;
      return index;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw asRetryError(error);
    });
  return loading;
}

/**
 * Algolia facet filters (["language:en-AU", ["docusaurus_tag:default", "docusaurus_tag:docs-default-4.1"]])
 * as index filters: a string is a filter of its own, a list is a choice within one filter.
 */
export function facetFiltersToIndex(facetFilters: unknown): IndexFilters {
  const filters: IndexFilters = {};
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

/** Whether a word of text is one the query looks for: by its terms, or a word the query matched (completed or corrected). */
function wordMatcher(terms: QueryTerm[], matched: ReadonlySet<string>): (word: string) => boolean {
  const wanted = new Set(terms.map((term) => term.term));
  return (word) => termsOfWord(word).some((candidate) => wanted.has(candidate) || matched.has(candidate));
}

/** Escapes text and marks the words the query looks for. */
export function markMatches(text: string, matches: (word: string) => boolean): HighlightValue {
  let value = '';
  let last = 0;
  const matchedWords: string[] = [];
  for (const { word, start, end } of wordsOf(text)) {
    if (matches(word)) {
      value += `${escapeHtml(text.slice(last, start))}<mark>${escapeHtml(word)}</mark>`;
      last = end;
      matchedWords.push(word);
    }
  }
  value += escapeHtml(text.slice(last));
  const matchLevel: HighlightValue['matchLevel'] = matchedWords.length ? 'full' : 'none';
  return { value, matchLevel, matchedWords };
}

/** The hits of one ranked page: its best sections, each with its heading trail and snippet. */
export function hitsOf(page: ChunkPage, ranked: Pick<RankedPage, 'sections' | 'matched'>, terms: QueryTerm[], origin: string): DocSearchHit[] {
  const matches = wordMatcher(terms, ranked.matched);
  return ranked.sections.slice(0, hitsPerPageResult).map(({ local, match }) => {
    const [anchor, level, heading, parent] = page.sections[local];
    const h2 = level === 2 ? heading : level === 3 && parent >= 0 ? page.sections[parent][2] : null;
    const h3 = level === 3 ? heading : null;
    // Of the passages found here (one per query term at most), the one showing the most words
    // of the query; between equals, that of the rarer term (scores include the term's idf).
    const shown = (text: string) => new Set(wordsOf(text).filter(({ word }) => matches(word)).map(({ word }) => word.toLowerCase())).size;
    const passage =
      [...match.passages]
        .map(([term, text]) => ({ text, words: shown(text), score: match.terms[term] }))
        .sort((a, b) => b.words - a.words || b.score - a.score)[0]?.text ?? null;
    const headingMatches = wordsOf(heading).some(({ word }) => matches(word));
    const headingType: HitType = level === 1 ? 'lvl1' : level === 2 ? 'lvl2' : 'lvl3';
    const type: HitType = headingMatches || !passage ? headingType : 'content';
    // The line under a hit's title names the page and the headings above it.
    const path = type === 'lvl1' || type === 'lvl2' ? [page.title] : type === 'lvl3' ? [page.title, h2] : [page.title, h2, h3];
    const url = new URL(`${page.url}${anchor ? `#${anchor}` : ''}`, origin);
    const snippet: HighlightValue = passage ? markMatches(passage, matches) : { value: '', matchLevel: 'none', matchedWords: [] };
    return {
      objectID: url.pathname + url.hash,
      url: url.href,
      url_without_anchor: `${url.origin}${url.pathname}`,
      anchor: anchor || null,
      type,
      hierarchy: { lvl0: page.section, lvl1: page.title, lvl2: h2, lvl3: h3, lvl4: null, lvl5: null, lvl6: null },
      content: passage,
      _highlightResult: {
        hierarchy: { lvl0: { value: escapeHtml(page.section), matchLevel: 'none', matchedWords: [] }, lvl1: markMatches(page.title, matches) },
        content: snippet,
      },
      _snippetResult: {
        hierarchy: {
          lvl1: markMatches(trail(path), matches),
          ...(h2 ? { lvl2: markMatches(h2, matches) } : {}),
          ...(h3 ? { lvl3: markMatches(h3, matches) } : {}),
        },
        content: snippet,
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
export async function searchIndex({ baseUrl, origin, query, filters, page = 0, hitsPerPage = 8 }: { baseUrl: string; origin: string; query: string; filters: IndexFilters; page?: number; hitsPerPage?: number }): Promise<Omit<SearchResponse, 'index'>> {
  if (!query.trim()) {
    return { hits: [], nbHits: 0, nbPages: 0, page, hitsPerPage, query };
  }
  const index = await loadIndex(baseUrl);
  const ranked = await index.rank(query, filters);
  const shown = ranked.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
  const pages = await Promise.all(shown.map((result) => index.page(result.page)));
  const terms = queryTermsOf(query);
  return {
    hits: shown.flatMap((result, position) => hitsOf(pages[position], result, terms, origin)),
    nbHits: ranked.length,
    nbPages: Math.ceil(ranked.length / hitsPerPage),
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
            const response = await searchIndex({ baseUrl, origin, query, filters: facetFiltersToIndex(request.facetFilters), page, hitsPerPage });
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
