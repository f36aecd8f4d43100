/**
 * Search hits in the shape DocSearch renders (the shape of an Algolia DocSearch index record),
 * and the text helpers that keep everything shown as HTML safe: DocSearch writes hit titles and
 * snippets with innerHTML, so every value here is escaped text with <mark> tags only.
 */

export type HitType = 'lvl1' | 'lvl2' | 'lvl3' | 'content';

export type Hierarchy = Record<'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6', string | null>;

interface HighlightValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
}

export interface DocSearchHit {
  objectID: string;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: HitType;
  hierarchy: Hierarchy;
  content: string | null;
  _highlightResult: { hierarchy: Partial<Record<keyof Hierarchy, HighlightValue>>; content?: HighlightValue };
  _snippetResult: { hierarchy: Partial<Record<keyof Hierarchy, HighlightValue>>; content?: HighlightValue };
}

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

/**
 * Keeps <mark> and </mark> from a highlighted excerpt and escapes any other markup, so an
 * excerpt can only ever highlight text.
 */
export function sanitizeHighlight(html: string): string {
  return html
    .split(/(<\/?mark>)/)
    .map((part) => (part === '<mark>' || part === '</mark>' ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('');
}

/** The words of a query, for highlighting: letters, digits and the characters of code names. */
export function queryTerms(query: string): string[] {
  const terms = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}_$.-]+/u)
    .map((term) => term.replace(/^[.-]+|[.-]+$/g, ''))
    .filter((term) => term.length > 0);
  return [...new Set(terms)];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Escapes text and marks each occurrence of the query's terms. */
export function highlight(text: string, terms: string[]): HighlightValue {
  const matched = terms.filter((term) => text.toLowerCase().includes(term));
  if (!matched.length) {
    return { value: escapeHtml(text), matchLevel: 'none', matchedWords: [] };
  }
  const pattern = new RegExp(`(${matched.map(escapeRegExp).sort((a, b) => b.length - a.length).join('|')})`, 'gi');
  const value = text
    .split(pattern)
    .map((part, index) => (index % 2 === 1 ? `<mark>${escapeHtml(part)}</mark>` : escapeHtml(part)))
    .join('');
  return { value, matchLevel: matched.length === terms.length ? 'full' : 'partial', matchedWords: matched };
}

/** A hierarchy trail as text: "Data manipulation API › Recordsets", without repeated steps. */
export function trail(parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .filter((part, index, all) => part !== all[index - 1])
    .join(' › ');
}
