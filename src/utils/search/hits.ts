/**
 * Search hits in the shape DocSearch renders (the shape of an Algolia DocSearch index record),
 * and the text helpers that keep everything shown as HTML safe: DocSearch writes hit titles and
 * snippets with innerHTML, so every value here is escaped text with <mark> tags only.
 */

export type HitType = 'lvl1' | 'lvl2' | 'lvl3' | 'content';

export type Hierarchy = Record<'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6', string | null>;

export interface HighlightValue {
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

/** A hierarchy trail as text: "Data manipulation API › Recordsets", without repeated steps. */
export function trail(parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .filter((part, index, all) => part !== all[index - 1])
    .join(' › ');
}
