/**
 * Code highlighting as HTML with classes, shared by the build (src/remark/highlightCode.ts, which
 * highlights every fenced block once, when the page is compiled) and the browser (the fallback
 * of src/theme/CodeBlock/Content for blocks the build did not highlight).
 *
 * Tokens are Prism's, normalised into lines the way prism-react-renderer does, so the markup
 * matches what the theme's own code block renders. Colours are not inline: each token carries a
 * class for the theme entry that colours it (`pc<n>`, plus `pi` for italic and `pb` for bold;
 * tokens that look plain in both modes are left as text), and `codeThemeCss()` gives those
 * classes the light and dark colours of config/prism.ts. The
 * HTML is therefore the same in both colour modes, and nothing has to be highlighted again, or
 * re-rendered, when the page hydrates or the mode changes.
 */
import type { normalizeTokens as NormalizeTokensOfRenderer, Prism as PrismOfRenderer, PrismTheme } from 'prism-react-renderer';

export interface CodeToken {
  types: string[];
  content: string;
  empty?: boolean;
}

/** What prism-react-renderer's normalizeTokens and its Prism instance provide. */
export interface PrismLike {
  languages: Record<string, unknown>;
  hooks: { run(name: string, env: Record<string, unknown>): void };
  tokenize(code: string, grammar: unknown): unknown[];
}
export type NormalizeTokens = (tokens: unknown[]) => CodeToken[][];

/** Tokens of a code block, line by line, as prism-react-renderer's useTokenize makes them. */
export function tokenizeLines(prism: PrismLike, normalizeTokens: NormalizeTokens, code: string, language: string): CodeToken[][] {
  const grammar = prism.languages[language];
  if (grammar == null) {
    return normalizeTokens([code]);
  }
  const env: Record<string, unknown> = { code, grammar, language, tokens: [] };
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(code, grammar);
  prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens as unknown[]);
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\u00a0': '&nbsp;' };
/**
 * Escapes text as browsers serialise it (innerHTML): React compares the HTML it is given with
 * the element's innerHTML when it hydrates, and writes it again if the two differ.
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>\u00a0]/g, (character) => escapes[character]);

const entryIndexes = new WeakMap<PrismTheme, Map<string, number>>();

/** For each token type the theme styles, the index of its theme entry. */
function entryIndex(theme: PrismTheme): Map<string, number> {
  let index = entryIndexes.get(theme);
  if (!index) {
    index = new Map<string, number>();
    for (const [position, entry] of theme.styles.entries()) {
      for (const type of entry.types) {
        index.set(type, position);
      }
    }
    entryIndexes.set(theme, index);
  }
  return index;
}

/**
 * The class of a token: `token` and its Prism types (as the theme's code block writes them),
 * then the theme entry that gives its colour (the last of its types with a colour, as
 * prism-react-renderer merges them) and its italic or bold.
 */
export function tokenClassName(types: string[], theme: PrismTheme): string {
  const index = entryIndex(theme);
  const classes = ['token', ...types];
  if (types.length === 1 && types[0] === 'plain') {
    return classes.join(' ');
  }
  let colour: number | undefined;
  let italic = false;
  let bold = false;
  for (const type of types) {
    const position = index.get(type);
    if (position === undefined) {
      continue;
    }
    const { style } = theme.styles[position];
    if (style.color !== undefined) {
      colour = position;
    }
    if (style.fontStyle !== undefined) {
      italic = style.fontStyle === 'italic';
    }
    if (style.fontWeight !== undefined) {
      bold = style.fontWeight === 'bold';
    }
  }
  if (colour !== undefined) {
    classes.push(`pc${colour}`);
  }
  if (italic) {
    classes.push('pi');
  }
  if (bold) {
    classes.push('pb');
  }
  return classes.join(' ');
}

/** The site's two code themes; the dark one has the same entries as the light one, in order. */
export interface CodeThemes {
  light: PrismTheme;
  dark: PrismTheme;
}

/**
 * Whether a token of these types looks like plain code in both colour modes (no colour of its
 * own, or the plain colour, and neither italic nor bold), so that it needs no element: on
 * code-heavy pages most tokens are spaces, punctuation and operators, and leaving them as text
 * halves the elements the browser has to style and lay out.
 */
export function looksPlain(types: string[], themes: CodeThemes): boolean {
  return classLooksPlain(tokenClassName(types, themes.light), themes);
}

/** looksPlain for a token whose classes (tokenClassName) are already known. */
function classLooksPlain(className: string, themes: CodeThemes): boolean {
  const classes = className.split(' ');
  if (classes.includes('pi') || classes.includes('pb')) {
    return false;
  }
  const colour = classes.find((name) => /^pc\d+$/.test(name));
  if (colour === undefined) {
    return true;
  }
  const position = Number(colour.slice(2));
  return Object.values(themes).every((theme: PrismTheme) => theme.styles[position]?.style.color === theme.plain.color);
}

/**
 * The inner HTML of one line: coloured tokens as spans with the classes of tokenClassName (next
 * tokens with the same classes in one span), plain-looking tokens as text. A line with nothing
 * on it is empty: the line's <br> gives it its height.
 */
export function lineHtml(line: CodeToken[], themes: CodeThemes): string {
  const pieces: { className: string | null; text: string }[] = [];
  for (const token of line) {
    const text = token.content === '\n' ? '' : token.content;
    if (text === '') {
      continue;
    }
    const classes = tokenClassName(token.types, themes.light);
    const className = classLooksPlain(classes, themes) ? null : classes;
    const last = pieces.at(-1);
    if (last?.className === className) {
      last.text += text;
    } else {
      pieces.push({ className, text });
    }
  }
  return pieces.map(({ className, text }) => (className === null ? escapeHtml(text) : `<span class="${className}">${escapeHtml(text)}</span>`)).join('');
}

/**
 * The HTML of each line of a block, in the markup and classes of lineHtml, with
 * prism-react-renderer's Prism (its languages loaded by the caller) and normalizeTokens.
 */
export function highlightLines(prism: typeof PrismOfRenderer, normalizeTokens: typeof NormalizeTokensOfRenderer, code: string, language: string, themes: CodeThemes): string[] {
  return tokenizeLines(prism as unknown as PrismLike, normalizeTokens as unknown as NormalizeTokens, code, language).map((line) => lineHtml(line, themes));
}

/**
 * The CSS that colours the token classes and the block in each colour mode. The first theme is
 * the default, unscoped, so that a page read without JavaScript (no data-theme attribute yet) is
 * coloured too; the others apply under their [data-theme].
 */
export function codeThemeCss(themes: CodeThemes): string {
  const rules: string[] = [
    '.theme-code-block .prism-code{color:var(--prism-color);background-color:var(--prism-background-color)}',
    '.pi{font-style:italic}',
    '.pb{font-weight:bold}',
  ];
  for (const [mode, theme] of Object.entries(themes) as [keyof CodeThemes, PrismTheme][]) {
    const scope = mode === 'light' ? '' : `[data-theme='${mode}'] `;
    const plain: string[] = [];
    if (theme.plain.color) {
      plain.push(`--prism-color:${theme.plain.color}`);
    }
    if (theme.plain.backgroundColor) {
      plain.push(`--prism-background-color:${theme.plain.backgroundColor}`);
    }
    rules.push(`${scope}.theme-code-block{${plain.join(';')}}`);
    theme.styles.forEach((entry, position) => {
      if (entry.style.color) {
        rules.push(`${scope}.pc${position}{color:${entry.style.color}}`);
      }
    });
  }
  return `${rules.join('\n')}\n`;
}
