/**
 * Builds the local search index of a built site into <outDir>/search-index/: every indexed page
 * (see utils.ts) is read, split into sections, and written as the files described in
 * src/utils/search/engine.ts. Nothing in it refers to another host.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  emphasisWeight,
  headingWeights,
  idf,
  indexFormatVersion,
  isVocabularyWord,
  normalWord,
  pageKindLetters,
  vocabularyKey,
  pagesPerChunk,
  scoreScale,
  termsOfWord,
  textScore,
  wordsOf,
  type ChunkPage,
  type IndexMeta,
  type Postings,
  type TermRoles,
} from '../../utils/search/engine';
import { searchIndexFolder } from '../../utils/search/indexFolder';
import { extractPage, routeOfFile, type IndexedPage, type PageKind } from './utils';

/** How many sections of each term get a passage (the best-scored ones). */
const passagesPerTerm = 5;
/** Words of a passage before and after the word it is about. */
const passageWords = { before: 3, after: 6 };
/** Size a term shard is cut at (bytes of JSON, before compression). */
const defaultShardBytes = 24_000;

/** The built pages of a build folder (relative paths), without its assets and search index. */
export function htmlFiles(dir: string, root = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === searchIndexFolder || entry.name === 'assets' ? [] : htmlFiles(full, root);
    }
    return entry.name.endsWith('.html') ? [path.relative(root, full)] : [];
  });
}

interface Occurrence {
  section: number;
  count: number;
  /** Index of the first word holding the term. */
  first: number;
  inHeading: boolean;
  emphasised: boolean;
  /** Whether the section is given to the term (an identifier), declares it, or names it in a heading or reference table. */
  headed: boolean;
  defined: boolean;
  named: boolean;
  /** Whether the term is in the page's title (for the top section only). */
  inTitle: boolean;
}

/** The text around a word: a few words before, more after, with ellipses where it is cut. */
function passage(text: string, words: { start: number; end: number }[], at: number): string {
  const from = Math.max(0, at - passageWords.before);
  const to = Math.min(words.length - 1, at + passageWords.after);
  const body = text.slice(words[from].start, words[to].end);
  return `${from > 0 ? '… ' : ''}${body}${to < words.length - 1 ? ' …' : ''}`;
}

function fileName(folder: string, content: string): string {
  return `${folder}/${crypto.createHash('sha256').update(content).digest('hex').slice(0, 12)}.json`;
}

/**
 * A page's kind in the index: a topic's main page is one with other pages below its route (not
 * the home page, which has every page below it); the kind the page itself says otherwise.
 */
function kindOf(page: IndexedPage, pages: IndexedPage[]): PageKind {
  if (page.kind !== 'page' || page.route === '/') {
    return page.kind;
  }
  const prefix = `${page.route}/`;
  return pages.some((other) => other.route.startsWith(prefix)) ? 'index' : 'page';
}

/**
 * The shortest beginning of `first` that sorts after `previousLast` (the terms are sorted, so
 * `previousLast` < `first`): all a query needs to tell which shard a term is in, and shorter in
 * meta.json, which every first query loads, than the whole term.
 */
export function shardStart(previousLast: string, first: string): string {
  for (let length = 1; length < first.length; length += 1) {
    if (first.slice(0, length) > previousLast) {
      return first.slice(0, length);
    }
  }
  return first;
}

/** The index files (path inside the index folder → content) of a set of pages. */
export function buildIndexFiles(pages: IndexedPage[], baseUrl: string, { shardBytes = defaultShardBytes }: { shardBytes?: number } = {}): Map<string, string> {
  const occurrences = new Map<string, Occurrence[]>();
  const sectionTexts: { text: string; words: { start: number; end: number }[] }[] = [];
  const sectionWeights: { weight: number; length: number; heading: number }[] = [];
  /** Plain words of the text as written (before stemming), for typo matching in the browser. */
  const vocabulary = new Set<string>();
  const collectVocabulary = (word: string) => {
    const lower = word.toLowerCase();
    if (isVocabularyWord(lower)) {
      vocabulary.add(lower);
    }
  };
  for (const page of pages) {
    for (const section of page.sections) {
      const id = sectionTexts.length;
      const words = wordsOf(section.text);
      sectionTexts.push({ text: section.text, words });
      sectionWeights.push({ weight: page.textWeight, length: words.length, heading: section.level === 1 ? headingWeights.title : section.level === 2 ? headingWeights.h2 : headingWeights.h3 });
      const found = new Map<string, Occurrence>();
      const entry = (term: string, at: number): Occurrence => {
        let occurrence = found.get(term);
        if (!occurrence) {
          occurrence = { section: id, count: 0, first: at, inHeading: false, emphasised: false, headed: false, defined: false, named: false, inTitle: false };
          found.set(term, occurrence);
        }
        return occurrence;
      };
      words.forEach(({ word }, index) => {
        collectVocabulary(word);
        for (const term of termsOfWord(word)) {
          entry(term, index).count += 1;
        }
      });
      for (const { word } of wordsOf(section.heading)) {
        collectVocabulary(word);
        for (const term of termsOfWord(word)) {
          const occurrence = entry(term, -1);
          occurrence.inHeading = true;
          occurrence.inTitle = section.level === 1;
        }
      }
      for (const { word } of wordsOf(section.emphasis)) {
        for (const term of termsOfWord(word)) {
          const occurrence = found.get(term);
          if (occurrence) {
            occurrence.emphasised = true;
          }
        }
      }
      if (section.level === 1) {
        // The page's slug and its sidebar label name it as its title does (task/adhoc is "Ad hoc
        // tasks", the Access API is "Access (capabilities)"): their words count as title words,
        // without adding to the score of the text.
        for (const { word } of wordsOf(`${page.route.slice(page.route.lastIndexOf('/') + 1)} ${page.label}`)) {
          for (const term of termsOfWord(word)) {
            entry(term, -1).inTitle = true;
          }
        }
      }
      for (const name of section.headings) {
        entry(normalWord(name), -1).headed = true;
      }
      for (const name of section.definitions) {
        entry(normalWord(name), -1).defined = true;
      }
      for (const name of section.names) {
        entry(normalWord(name), -1).named = true;
      }
      for (const [term, occurrence] of found) {
        const list = occurrences.get(term) ?? [];
        list.push(occurrence);
        occurrences.set(term, list);
      }
    }
  }
  const total = sectionTexts.length;
  const averageLength = sectionWeights.reduce((sum, { length }) => sum + length, 0) / Math.max(1, total);

  const entries: [string, string][] = [...occurrences.keys()].sort().map((term) => {
    const list = occurrences.get(term) ?? [];
    const termIdf = idf(list.length, total);
    const scored = list.map((occurrence) => {
      const { weight, length, heading } = sectionWeights[occurrence.section];
      const score = termIdf * (weight * textScore(occurrence.count, length, averageLength) + (occurrence.inHeading ? heading : 0) + (occurrence.emphasised ? emphasisWeight : 0));
      return { ...occurrence, score: Math.max(1, Math.round(score * scoreScale)) };
    });
    // Passages for the best sections that hold the term in their text.
    const withPassage = new Set(
      [...scored]
        .filter((occurrence) => occurrence.count > 0 && occurrence.first >= 0)
        .sort((a, b) => b.score - a.score || a.section - b.section)
        .slice(0, passagesPerTerm)
        .map((occurrence) => occurrence.section),
    );
    const ids: number[] = [];
    const scores: number[] = [];
    const passages: [number, string][] = [];
    let previous = 0;
    scored.forEach((occurrence, position) => {
      ids.push(occurrence.section - previous);
      previous = occurrence.section;
      scores.push(occurrence.score);
      if (withPassage.has(occurrence.section)) {
        const { text, words } = sectionTexts[occurrence.section];
        passages.push([position, passage(text, words, occurrence.first)]);
      }
    });
    const roles: TermRoles = {};
    const positionsWhere = (role: keyof TermRoles, has: (occurrence: Occurrence) => boolean) => {
      const positions = scored.flatMap((occurrence, position) => (has(occurrence) ? [position] : []));
      if (positions.length) {
        roles[role] = positions;
      }
    };
    positionsWhere('h', (occurrence) => occurrence.headed);
    positionsWhere('d', (occurrence) => occurrence.defined && !occurrence.headed);
    positionsWhere('n', (occurrence) => occurrence.named && !occurrence.defined && !occurrence.headed);
    positionsWhere('t', (occurrence) => occurrence.inTitle);
    const postings: Postings = Object.keys(roles).length ? [ids, scores, passages, roles] : [ids, scores, passages];
    return [term, JSON.stringify(postings)];
  });

  const files = new Map<string, string>();
  const shards: IndexMeta['shards'] = [];
  let current: [string, string][] = [];
  let previousLast = '';
  let size = 0;
  const flush = () => {
    if (!current.length) {
      return;
    }
    const content = `{${current.map(([term, postings]) => `${JSON.stringify(term)}:${postings}`).join(',')}}`;
    const file = fileName('t', content);
    files.set(file, content);
    shards.push({ first: shards.length ? shardStart(previousLast, current[0][0]) : '', file });
    previousLast = current[current.length - 1][0];
    current = [];
    size = 0;
  };
  for (const entry of entries) {
    current.push(entry);
    size += entry[0].length + entry[1].length + 4;
    if (size >= shardBytes) {
      flush();
    }
  }
  flush();

  const chunks: string[] = [];
  for (let start = 0; start < pages.length; start += pagesPerChunk) {
    const chunk: ChunkPage[] = pages.slice(start, start + pagesPerChunk).map((page) => ({
      url: `${baseUrl}${page.route.slice(1)}`,
      title: page.title,
      section: page.section,
      sections: page.sections.map((section) => [section.anchor, section.level, section.heading, section.parent]),
    }));
    const content = JSON.stringify(chunk);
    const file = fileName('p', content);
    files.set(file, content);
    chunks.push(file);
  }

  const vocabularyFiles: IndexMeta['vocabulary'] = {};
  const byKey = new Map<string, string[]>();
  for (const word of [...vocabulary].sort()) {
    const key = vocabularyKey(word);
    byKey.set(key, [...(byKey.get(key) ?? []), word]);
  }
  for (const [key, words] of byKey) {
    const content = JSON.stringify(words);
    const file = fileName('v', content);
    files.set(file, content);
    vocabularyFiles[key] = file;
  }

  const filterNames = ['docusaurus_tag', 'language', 'section', 'version'] as const;
  const filters: IndexMeta['filters'] = {};
  for (const name of filterNames) {
    const values = [...new Set(pages.map((page) => page.filters[name]))].sort();
    filters[name] = { values, pages: pages.map((page) => values.indexOf(page.filters[name])) };
  }
  const meta: IndexMeta = {
    version: indexFormatVersion,
    sectionsPerPage: pages.map((page) => page.sections.length),
    filters,
    shards,
    chunks,
    vocabulary: vocabularyFiles,
    kinds: pages.map((page) => pageKindLetters[kindOf(page, pages)]).join(''),
  };
  files.set('meta.json', JSON.stringify(meta));
  return files;
}

export function buildSearchIndex({ outDir, baseUrl }: { outDir: string; baseUrl: string }): { pages: number; sections: number; files: number; bytes: number } {
  const pages = htmlFiles(outDir)
    .map((file) => extractPage(fs.readFileSync(path.join(outDir, file), 'utf8'), routeOfFile(file)))
    .filter((page): page is IndexedPage => page !== null)
    .sort((a, b) => a.route.localeCompare(b.route));
  if (!pages.length) {
    throw new Error(`search-index: no pages to index in ${outDir} (no built page has a <main> or doc article)`);
  }
  const files = buildIndexFiles(pages, baseUrl);
  const output = path.join(outDir, searchIndexFolder);
  fs.rmSync(output, { recursive: true, force: true });
  let bytes = 0;
  for (const [file, content] of files) {
    const target = path.join(output, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
    bytes += Buffer.byteLength(content);
  }
  return { pages: pages.length, sections: pages.reduce((sum, page) => sum + page.sections.length, 0), files: files.size, bytes };
}
