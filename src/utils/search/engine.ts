/**
 * The local search engine: the words of a text, the files of the index and how a query is
 * answered from them. Shared by the index builder (src/plugins/search-index/indexer.ts) and the
 * browser (localClient.ts), so both read words the same way.
 *
 * The index is a set of static files, fetched in pieces:
 * - `meta.json`: how many sections each page has, each page's filter values, and where the
 *   other files start; read once.
 * - term shards: the terms in sorted order, cut into files of about equal size. A query loads
 *   the shards holding its words, and for each word gets the scored sections that contain it,
 *   with a short passage around the word for the best of them (the snippet), so that a result
 *   needs no further request for its text.
 * - page chunks: the URL, title, section and headings of a run of pages, fetched for the pages
 *   a result shows.
 */
import { stemmer } from 'stemmer';

export const indexFormatVersion = 1;

/** Score for a word in a heading or title, on top of its score in the text (BM25, at most k1 + 1). */
export const headingWeights = { title: 3, h2: 2, h3: 1.5 } as const;
/** Score for a word the text emphasises (em, strong, dfn), on top of its score in the text. */
export const emphasisWeight = 1;
export const bm25 = { k1: 1.2, b: 0.5 } as const;
/** Scores are stored as integers: hundredths. */
export const scoreScale = 100;

/** The pages of one page chunk. */
export const pagesPerChunk = 64;

export interface IndexMeta {
  version: typeof indexFormatVersion;
  /** Sections of each page, in page order; section ids run on from page to page. */
  sectionsPerPage: number[];
  /** For each filter, its values and the value of each page (an index into values). */
  filters: Record<string, { values: string[]; pages: number[] }>;
  /** First term of each shard, and the shard's file (relative to meta.json). */
  shards: { first: string; file: string }[];
  /** File of each page chunk: pages [i × pagesPerChunk, (i + 1) × pagesPerChunk). */
  chunks: string[];
}

/**
 * A term's postings: the ids of the sections that hold it, in order, each stored as the
 * difference from the one before; their scores in the same order; and passages around the
 * term for its best-scored sections, as [position in the lists, text].
 */
export type Postings = [ids: number[], scores: number[], passages: [position: number, text: string][]];

export type Shard = Record<string, Postings>;

/** One page of a chunk: its sections as [anchor, level (1 for the top), heading, parent h2]. */
export interface ChunkPage {
  url: string;
  title: string;
  section: string;
  sections: [anchor: string, level: number, heading: string, parent: number][];
}

export type PageChunk = ChunkPage[];

/** A word as it appears in text: letters, digits, _ and $, joined by . - / \ or :: (install.xml, core\task, 3.9.18). */
const wordPattern = /[\p{L}\p{N}_$]+(?:(?:::|[.\-/\\])[\p{L}\p{N}_$]+)*/gu;
const joiners = /::|[.\-/\\]/;

/** The index form of a simple word: lower case, English words stemmed (tasks → task). */
function normalWord(word: string): string {
  return /^[a-z]+$/.test(word) && word.length > 2 ? stemmer(word) : word;
}

/**
 * The terms of one word of text: the word itself, and for a compound (core/ajax, 3.9.18,
 * $plugin) also its parts, so that either finds it.
 */
export function termsOfWord(word: string): string[] {
  const lower = word.toLowerCase();
  const parts = lower.split(joiners).flatMap((part) => (part.startsWith('$') && part.length > 1 ? [part, part.slice(1)] : [part]));
  const terms = new Set<string>([normalWord(lower), ...parts.filter((part) => part.length > 0).map(normalWord)]);
  return [...terms];
}

export interface WordMatch {
  word: string;
  start: number;
  end: number;
}

/** The words of a text, with where they are. */
export function wordsOf(text: string): WordMatch[] {
  return Array.from(text.matchAll(wordPattern), (match) => ({ word: match[0], start: match.index, end: match.index + match[0].length }));
}

export interface QueryTerm {
  /** The term to look up. */
  term: string;
  /** As typed (lower case), for prefix matching of the word being typed. */
  typed: string;
  /** The last word of the query, which may still be being typed. */
  prefix: boolean;
}

/** At most this many words of a query are searched. */
export const maxQueryTerms = 12;
/** Longest query text searched; longer input is searched by its beginning. */
export const maxQueryLength = 256;

/** The terms of a query: each word once; the last one also matches longer words it begins. */
export function queryTermsOf(query: string): QueryTerm[] {
  const words = wordsOf(query.slice(0, maxQueryLength).toLowerCase());
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  words.forEach(({ word }, index) => {
    const term = normalWord(word);
    if (seen.has(term) || terms.length >= maxQueryTerms) {
      return;
    }
    seen.add(term);
    terms.push({ term, typed: word, prefix: index === words.length - 1 && word.length >= 3 });
  });
  return terms;
}

/**
 * Weight of a term reached by completing the typed word (typed "sched", found "schedul"): below
 * an exact match, so that "Moodle 2.7" finds the 2.7 page before the 2.7.1 page.
 */
export function completionWeight(typed: string, term: string): number {
  return term.length <= typed.length ? 1 : 0.35 + 0.35 * (typed.length / term.length);
}

/**
 * Whether an index term matches the typed last word: it begins with it (sched → schedul), or it
 * is the stem of a word the typed text begins (capabilit → capabl).
 */
export function completes(typed: string, term: string): boolean {
  return term.startsWith(typed) || (typed.startsWith(term) && term.length >= 3 && typed.length - term.length <= 4);
}

/** The lowest term a typed last word can match (see completes). */
function completionStart(typed: string): string {
  return typed.slice(0, Math.max(3, typed.length - 4));
}

/** Index of the shard that holds a term, given the first term of each shard. */
export function shardOf(firsts: string[], term: string): number {
  let low = 0;
  let high = firsts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (firsts[middle] <= term) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return low;
}

/** The shards a query term needs: the one holding it, or for the typed last word every shard its completions may be in. */
export function shardsForTerm(firsts: string[], term: QueryTerm): number[] {
  if (!term.prefix) {
    return [shardOf(firsts, term.term)];
  }
  const first = shardOf(firsts, [completionStart(term.typed), term.term].sort()[0]);
  const last = shardOf(firsts, `${term.typed}\uffff`);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** Section ids of postings, from the stored differences. */
export function decodeIds(deltas: number[]): number[] {
  let previous = 0;
  return deltas.map((delta) => (previous += delta));
}

/** BM25 score of a term in a section's text, before the term's idf. */
export function textScore(count: number, length: number, averageLength: number): number {
  if (count <= 0) {
    return 0;
  }
  const norm = bm25.k1 * (1 - bm25.b + (bm25.b * length) / averageLength);
  return (count * (bm25.k1 + 1)) / (count + norm);
}

/** Inverse document frequency of a term found in `found` of `total` sections. */
export function idf(found: number, total: number): number {
  return Math.log(1 + (total - found + 0.5) / (found + 0.5));
}
