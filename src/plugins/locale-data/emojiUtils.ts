/**
 * Stands in for theme-common's emoji utilities (see index.ts): the same function, except that its
 * segmenter is made when a title first needs one, and a title that begins with an ASCII letter
 * (no emoji does) needs none.
 */

let segmenter: Intl.Segmenter | undefined;

/** An RGI emoji, as one grapheme (the `v` flag's property of strings). */
const rgiEmoji = new RegExp('^\\p{RGI_Emoji}$', 'v');

/** Splits "⚠️ Hello World" into "⚠️" and " Hello World", as Docusaurus's extractLeadingEmoji does: only an emoji that is the first grapheme. */
export function extractLeadingEmoji(input: string): { emoji: string | null; rest: string } {
  if (/^[A-Za-z]/.test(input)) {
    return { emoji: null, rest: input };
  }
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const grapheme = segmenter.segment(input)[Symbol.iterator]().next().value?.segment;
  if (!grapheme || !rgiEmoji.test(grapheme)) {
    return { emoji: null, rest: input };
  }
  return { emoji: grapheme, rest: input.slice(grapheme.length) };
}
