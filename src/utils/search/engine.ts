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

export const indexFormatVersion = 4;

/** Score for a word in a heading or title, on top of its score in the text (BM25, at most k1 + 1). */
export const headingWeights = { title: 3, h2: 2, h3: 1.5 } as const;
/** Score for a word the text emphasises (em, strong, dfn), on top of its score in the text. */
export const emphasisWeight = 1;
export const bm25 = { k1: 1.2, b: 0.5 } as const;
/** Scores are stored as integers: hundredths. */
export const scoreScale = 100;

/**
 * The pages of one page chunk. A first query fetches the chunks of the five pages it shows, which
 * are seldom neighbours: eight pages a chunk keep that to about 1.5 KB gzipped each (at 64, each
 * was about 12 KB and a first query's largest cost).
 */
export const pagesPerChunk = 8;

export interface IndexMeta {
  version: typeof indexFormatVersion;
  /** Sections of each page, in page order; section ids run on from page to page. */
  sectionsPerPage: number[];
  /** For each filter, its values and the value of each page (an index into values). */
  filters: Record<string, { values: string[]; pages: number[] }>;
  /**
   * Where each shard starts, and its file (relative to meta.json). `first` is the shortest
   * beginning of the shard's first term that sorts after the previous shard's last term, so
   * every term of the shard is at or after it and every earlier term before it (see shardOf).
   */
  shards: { first: string; file: string }[];
  /** File of each page chunk: pages [i × pagesPerChunk, (i + 1) × pagesPerChunk). */
  chunks: string[];
  /** Vocabulary files by first letter: the words of the indexed text a misspelt query word is compared with. */
  vocabulary: Record<string, string>;
  /** The kind of each page, one letter per page in page order: see pageKindLetters. */
  kinds: string;
}

/** The letters of IndexMeta.kinds: a topic's main page, a list of changes, the list of changes by name, a page about legacy code, any other page. */
export const pageKindLetters = { index: 'i', changes: 'c', names: 'n', legacy: 'l', page: 'p' } as const;

/**
 * Where a term has a role beyond its text, as positions in its postings' lists: the sections
 * given to it (`h`, their heading is the name), that declare it (`d`) or that name it in a
 * heading or reference table (`n`), see IndexedSection.headings, definitions and names; and the
 * tops of the pages with the term in their title or slug (`t`).
 */
export interface TermRoles {
  h?: number[];
  d?: number[];
  n?: number[];
  t?: number[];
}

/**
 * A term's postings: the ids of the sections that hold it, in order, each stored as the
 * difference from the one before; their scores in the same order; passages around the term for
 * its best-scored sections, as [position in the lists, text]; and its roles, when it has any.
 */
export type Postings = [ids: number[], scores: number[], passages: [position: number, text: string][], roles?: TermRoles];

export type Shard = Record<string, Postings>;

/** One page of a chunk: its sections as [anchor, level (1 for the top), heading, parent h2]. */
export interface ChunkPage {
  url: string;
  title: string;
  section: string;
  sections: [anchor: string, level: number, heading: string, parent: number][];
}

export type PageChunk = ChunkPage[];

/** A word as it appears in text: letters, digits, _ and $, joined by . - / \ : :: or -> (install.xml, core\task, 3.9.18, $CFG->wwwroot, mod/assign:grade). */
const wordPattern = /[\p{L}\p{N}_$]+(?:(?:::|->|[.\-/\\:])[\p{L}\p{N}_$]+)*/gu;
const joiners = /::|->|[.\-/\\:]/;

/** The index form of a simple word: lower case, English words stemmed (tasks → task). */
export function normalWord(word: string): string {
  return /^[a-z]+$/.test(word) && word.length > 2 ? stemmer(word) : word;
}

/**
 * The terms of one word of text: the word itself, and for a compound (core/ajax, 3.9.18,
 * $plugin) also its parts, so that either finds it.
 */
export function termsOfWord(word: string): string[] {
  const lower = word.toLowerCase();
  const parts = lower.split(joiners).flatMap((part) => {
    const forms = [part];
    // html_writer is also found as "html writer", get_records_sql as "records sql".
    if (part.includes('_')) {
      forms.push(...part.split('_').filter((piece) => piece.length > 1));
    }
    if (part.startsWith('$') && part.length > 1) {
      forms.push(part.slice(1));
    }
    // `<modname>_refresh_events` reads as "_refresh_events": also index "refresh_events".
    const trimmed = part.replace(/^[_$]+|_+$/g, '');
    if (trimmed && trimmed !== part) {
      forms.push(trimmed);
    }
    return forms;
  });
  // The numbers inside a compound (3.9.18, MDL-12345) are found through the whole word: on
  // their own they would only match every other version and tracker key.
  const kept = parts.length > 1 ? parts.filter((part) => part.length > 0 && !/^\d+$/.test(part)) : parts;
  // A path is also found by its end, as readers type it: db/subplugins.json by subplugins.json,
  // admin/cli/scheduled_task.php by cli/scheduled_task.php.
  const segments = lower.split('/');
  const tails = segments.slice(1, -1).map((_, index) => segments.slice(index + 1).join('/'));
  if (segments.length > 1 && segments[segments.length - 1].includes('.')) {
    tails.push(segments[segments.length - 1]);
  }
  const terms = new Set<string>([normalWord(lower), ...kept.map(normalWord), ...tails.filter((tail) => /[a-z]/.test(tail)).map(normalWord)]);
  return [...terms];
}

/** A word the vocabulary keeps for typo matching: plain letters, four or more. */
export function isVocabularyWord(word: string): boolean {
  return /^[a-z]{4,}$/.test(word);
}

/** The vocabulary file a word is in: by its first letter. */
export function vocabularyKey(word: string): string {
  return word[0];
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
  /** As typed (lower case), for prefix and typo matching. */
  typed: string;
  /** Also matches the longer words it begins: the last word (it may still be being typed) and words of four letters or more. */
  prefix: boolean;
  /** How many typing mistakes a match may differ by: 1 for plain words of five letters or more, 2 from nine; 0 for identifiers and numbers. */
  typos: 0 | 1 | 2;
}

/**
 * Common English words a question is phrased with ("how do I …", "when does … end"). They are
 * left out of a query of three words or more that has other words: a page that answers the
 * question need not contain them, and every page that contains them is no better an answer.
 */
export const stopWords = new Set(
  (
    'a about after all also am an and any are as at be been before being but by can could did do does doing done for from ' +
    'get gets had has have having he her here his how i if in into is it its just me my need needs of on or our she ' +
    'should so some than that the their them then there these they this those to too use used using was way we were what ' +
    'when where which while who whom why will with would you your'
  ).split(' '),
);

/** At most this many words of a query are searched. */
export const maxQueryTerms = 12;
/** Longest query text searched; longer input is searched by its beginning. */
export const maxQueryLength = 256;

/** Queries of this many words or more are read without their common words (stopWords). */
export const minimumQuestionWords = 3;

/** Plain words of this many letters or more may match with one typing mistake. */
export const oneTypoLength = 5;
/** Plain words of this many letters or more may match with two. */
export const twoTyposLength = 9;

/**
 * The terms of a query: each word once, without the common words (unless it has nothing else).
 * Every plain word of four letters or more, and the last word, also matches longer words it
 * begins; plain words of five letters or more also match words one typing mistake away.
 */
export function queryTermsOf(query: string): QueryTerm[] {
  const words = wordsOf(query.slice(0, maxQueryLength).toLowerCase()).map(({ word }) => word);
  // A short query is a name ("All versions"); a longer one may be a question in plain words.
  const meaningful = words.length >= minimumQuestionWords ? words.filter((word) => !stopWords.has(word)) : words;
  const kept = meaningful.length ? meaningful : words;
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  kept.forEach((word, index) => {
    const term = normalWord(word);
    if (seen.has(term) || terms.length >= maxQueryTerms) {
      return;
    }
    seen.add(term);
    const plain = /^[a-z]+$/.test(word);
    const last = index === kept.length - 1 && word === words[words.length - 1];
    terms.push({
      term,
      typed: word,
      prefix: (last && word.length >= 3) || (plain && word.length >= 4),
      typos: !plain || word.length < oneTypoLength ? 0 : word.length < twoTyposLength ? 1 : 2,
    });
  });
  return terms;
}

/**
 * Whether two words are at most `max` typing mistakes apart: a letter added, left out, changed,
 * or two neighbours swapped (the optimal string alignment distance).
 */
export function withinTypos(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) {
    return false;
  }
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, beforePrevious[j - 2] + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) {
      return false;
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] <= max;
}

/** Weight of a term reached through a typing mistake: below exact matches and most completions. */
export const typoWeights = { 1: 0.5, 2: 0.3 } as const;

/** Length of the plain words that may only have two neighbouring letters swapped (lcok for lock), when the index lacks them. */
export const swapOnlyLength = 4;

/** Whether b is a with two neighbouring letters swapped. */
export function swapped(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) {
    return false;
  }
  let at = 0;
  while (a[at] === b[at]) {
    at += 1;
  }
  return a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2);
}

/** The index terms of the vocabulary words a misspelt query word may have meant, with their weights. */
export function typoTerms(term: QueryTerm, vocabulary: string[]): Map<string, number> {
  const found = new Map<string, number>();
  if (!term.typos) {
    if (/^[a-z]+$/.test(term.typed) && term.typed.length === swapOnlyLength) {
      for (const word of vocabulary.filter((candidate) => swapped(term.typed, candidate))) {
        found.set(normalWord(word), typoWeights[1]);
      }
    }
    return found;
  }
  for (const word of vocabulary) {
    if (word === term.typed || Math.abs(word.length - term.typed.length) > term.typos) {
      continue;
    }
    // Most words are further away than the term allows and fail this first, cheapest test.
    if (!withinTypos(term.typed, word, term.typos)) {
      continue;
    }
    const weight = term.typos === 1 || withinTypos(term.typed, word, 1) ? typoWeights[1] : typoWeights[2];
    const candidate = normalWord(word);
    if (candidate !== term.term && weight > (found.get(candidate) ?? 0)) {
      found.set(candidate, weight);
    }
  }
  return found;
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
  // A word completes to a longer word, not to a file or path that starts with it (form is not format.php).
  return (term.startsWith(typed) && (joiners.test(typed) || !joiners.test(term.slice(typed.length)))) || (typed.startsWith(term) && term.length >= 3 && typed.length - term.length <= 4);
}

/** The length of the shortest beginning of a typed last word that it can match as a stem (see completes). */
function shortestStemLength(typed: string): number {
  return Math.max(3, typed.length - 4);
}

/** Index of the shard that holds a term, given where each shard starts (IndexMeta.shards' `first`). */
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

/**
 * The shards a query term needs: the one holding it, or for the typed last word every shard its
 * completions may be in (the words it begins) and the shards of the stems it may be (its own
 * beginnings, see completes). The stems are looked up one by one: the run of terms between
 * "mod" and "mode" holds every mod_ name, many shards that "mode" cannot match.
 */
export function shardsForTerm(firsts: string[], term: QueryTerm): number[] {
  if (!term.prefix) {
    return [shardOf(firsts, term.term)];
  }
  const first = shardOf(firsts, term.typed);
  const last = shardOf(firsts, `${term.typed}\uffff`);
  const shards = new Set(Array.from({ length: last - first + 1 }, (_, index) => first + index));
  for (let length = shortestStemLength(term.typed); length < term.typed.length; length += 1) {
    shards.add(shardOf(firsts, term.typed.slice(0, length)));
  }
  shards.add(shardOf(firsts, term.term));
  return [...shards].sort((a, b) => a - b);
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

/* ------------------------------------------------------------------ identifiers and definitions */

/**
 * Whether a word of text (as wordsOf reads it) is an identifier a developer would type: a name
 * with an underscore (get_records_sql, FEATURE_BACKUP_MOODLE2), a qualified name (core\task\manager,
 * core_user::get_user), a module or component path (core/str, mod/assign), a variable ($CFG),
 * a camelCase name (setAdvanced, CoreCourseModuleDelegate), a file name (version.php) or a
 * JavaScript member (Modal.create). Plain words, numbers and versions (3.9.18) are not.
 */
export function isIdentifier(word: string): boolean {
  if (/^[\d.\-/]+$/.test(word) || !/[\p{L}_$]/u.test(word)) {
    return false;
  }
  return (
    /[\p{L}\p{N}]_|_[\p{L}\p{N}]/u.test(word) ||
    word.includes('::') ||
    /[\p{L}\p{N}]\\[\p{L}_]/u.test(word) ||
    /^\$[\p{L}_]/u.test(word) ||
    /^[a-z][a-z0-9]*\/[a-z][\w/]*(:[a-z][\w]*)?$/.test(word) ||
    /\p{Ll}\p{Lu}/u.test(word) ||
    /\.(php|js|mjs|ts|json|xml|mustache|scss|css|yml|yaml|txt|feature|html|md)$/i.test(word) ||
    /^\p{Lu}[\p{L}\p{N}_]*\.[\p{Ll}][\p{L}\p{N}_]*$/u.test(word)
  );
}

/**
 * The identifiers of a text, as index terms: each identifier word (see isIdentifier), with a
 * trailing "()" or leading "\" dropped by wordsOf, in lower case. Used for the names a query
 * types and for the names a page defines.
 */
export function identifiersOf(text: string): string[] {
  return [...new Set(wordsOf(text).filter(({ word }) => isIdentifier(word)).map(({ word }) => word.toLowerCase()))];
}

/**
 * The shorter names a qualified identifier is also written as, each an identifier itself:
 * core_user::get_user is also get_user (and the class core_user), \core\output\html_writer is
 * also html_writer, $DB->get_record is also get_record. Plain words (core\task\manager → manager,
 * $CFG->dbtype → dbtype) are left out: they name nothing on their own. A file's path is also its
 * name (db/subplugins.json is also subplugins.json), and a module or template is also its name
 * without the component (core/modal_factory is also modal_factory). Without `owners`, a
 * member's class is left out too (a page documenting core_user::get_user documents get_user,
 * not the whole class core_user).
 */
export function identifierParts(identifier: string, { owners = true } = {}): string[] {
  const parts = new Set<string>();
  if (identifier.includes('->')) {
    // $DB->get_record is get_record; the object ($DB, $CFG) names nothing in particular.
    parts.add(identifier.slice(identifier.lastIndexOf('->') + 2));
  } else if (identifier.includes('::')) {
    const [owner, member] = [identifier.slice(0, identifier.lastIndexOf('::')), identifier.slice(identifier.lastIndexOf('::') + 2)];
    parts.add(member);
    if (owners) {
      parts.add(owner);
      parts.add(owner.slice(owner.lastIndexOf('\\') + 1));
    }
  } else if (identifier.includes('\\')) {
    parts.add(identifier.slice(identifier.lastIndexOf('\\') + 1));
  } else if (/\/[^/]+\.[a-z]+$/.test(identifier)) {
    // A file's path (db/subplugins.json) is also written as its name (subplugins.json).
    parts.add(identifier.slice(identifier.lastIndexOf('/') + 1));
  } else if (/^[a-z][a-z0-9_]*\/[a-z0-9_/]+$/.test(identifier)) {
    // A JavaScript module or template (core/modal_factory) is also written without its component.
    parts.add(identifier.slice(identifier.lastIndexOf('/') + 1));
  }
  parts.delete(identifier);
  return [...parts].filter((part) => part && isIdentifier(part));
}

/** The position just after the parenthesis that closes the one at `open`, or -1. */
function closingParenthesis(code: string, open: number): number {
  let depth = 0;
  for (let index = open; index < code.length; index++) {
    if (code[index] === '(') {
      depth += 1;
    } else if (code[index] === ')') {
      depth -= 1;
      if (depth === 0) {
        return index + 1;
      }
    }
  }
  return -1;
}

/**
 * The names a block of code defines: functions and methods (`function name(`), classes,
 * interfaces, traits and enums (with their namespace, when the block declares one), a method as
 * Class::method, and constants (`define('NAME'`, `const NAME =`). Only identifiers (a method
 * `execute` is kept as my_task::execute, not as the plain word), in lower case, as index terms.
 *
 * `declared` are the functions written as declarations, with an empty body or none
 * (`public function get_record($table, …) {}`, an interface's `function name(…);`): what
 * reference pages list. `implemented` are the other names: what an example's code implements.
 */
export function codeDefinitions(code: string): { declared: string[]; implemented: string[] } {
  const declared = new Set<string>();
  const implemented = new Set<string>();
  const namespace = /^\s*namespace\s+([\w\\]+)\s*;/m.exec(code)?.[1];
  let owner: string | undefined;
  const pattern =
    /\b(?:(class|interface|trait|enum)\s+([A-Za-z_]\w*)|function\s*&?\s*([A-Za-z_]\w*)\s*\(|define\(\s*['"]([A-Za-z_]\w*)['"]|const\s+([A-Z_][A-Z0-9_]*)\s*=)/g;
  for (const match of code.matchAll(pattern)) {
    const [whole, keyword, typeName, functionName, defined, constant] = match;
    if (keyword && typeName) {
      owner = typeName;
      implemented.add(typeName);
      if (namespace) {
        implemented.add(`${namespace}\\${typeName}`);
      }
    } else if (functionName) {
      const end = closingParenthesis(code, match.index + whole.length - 1);
      const bodiless = end > 0 && /^\s*(?::\s*[?\w\\|]+\s*)?(?:\{\s*\}|;)/.test(code.slice(end));
      const names = owner ? [functionName, `${owner}::${functionName}`] : [functionName];
      for (const name of names) {
        (bodiless ? declared : implemented).add(name);
      }
    } else if (defined ?? constant) {
      implemented.add(defined ?? constant);
    }
  }
  const keep = (names: Set<string>) => [...names].filter((name) => isIdentifier(name)).map((name) => name.toLowerCase());
  return { declared: keep(declared), implemented: keep(new Set([...implemented].filter((name) => !declared.has(name)))) };
}
