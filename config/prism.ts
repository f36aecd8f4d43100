/**
 * Code highlighting. prism-react-renderer bundles the common web languages (markup, JS, TS,
 * JSX, CSS, JSON, YAML, SQL, Python, Markdown…); Moodle pages also need the ones listed in
 * additionalLanguages. tests/unit/prism.test.ts checks that every language used by a fenced
 * code block of the site is one or the other.
 *
 * The two themes are our own: the stock ones have token colours (comments above all) that fall
 * below the 4.5:1 contrast WCAG AA asks for. Every colour here reaches 4.5:1 on its background.
 */
import type { PrismTheme } from 'prism-react-renderer';

export const additionalLanguages = ['php', 'bash', 'scss', 'ini', 'diff', 'handlebars', 'markup-templating', 'apacheconf', 'nginx', 'docker', 'gherkin'];

/**
 * Fence names our pages use that Prism knows under another name; addLanguageAliases registers
 * them (in the browser through src/theme/prism-include-languages.ts, at build time through
 * src/remark/highlightCode.ts). Moodle templates are Mustache, which Prism highlights with its
 * Handlebars grammar.
 */
export const languageAliases: Record<string, string> = {
  mustache: 'handlebars',
};

/** Registers languageAliases among a Prism instance's languages. */
export function addLanguageAliases(languages: Record<string, unknown>): void {
  for (const [alias, language] of Object.entries(languageAliases)) {
    languages[alias] = languages[language];
  }
}

type Palette = Record<'plain' | 'background' | 'comment' | 'string' | 'keyword' | 'function' | 'number' | 'tag' | 'className' | 'attrName', string>;

function themeFrom(palette: Palette): PrismTheme {
  return {
    plain: { color: palette.plain, backgroundColor: palette.background },
    styles: [
      { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: palette.comment, fontStyle: 'italic' } },
      { types: ['punctuation', 'operator'], style: { color: palette.plain } },
      { types: ['string', 'char', 'attr-value', 'regex', 'inserted', 'url'], style: { color: palette.string } },
      { types: ['keyword', 'atrule', 'important', 'deleted', 'selector'], style: { color: palette.keyword } },
      { types: ['function', 'function-variable'], style: { color: palette.function } },
      { types: ['number', 'boolean', 'constant', 'symbol', 'variable', 'property', 'entity'], style: { color: palette.number } },
      { types: ['tag', 'builtin'], style: { color: palette.tag } },
      { types: ['class-name', 'namespace', 'maybe-class-name'], style: { color: palette.className } },
      { types: ['attr-name'], style: { color: palette.attrName } },
      { types: ['bold'], style: { fontWeight: 'bold' } },
      { types: ['italic'], style: { fontStyle: 'italic' } },
    ],
  };
}

export const lightCodeTheme = themeFrom({
  plain: '#1f2328',
  background: '#f6f8fa',
  comment: '#57606a',
  string: '#0a3069',
  keyword: '#b3261e',
  function: '#6639ba',
  number: '#0550ae',
  tag: '#116329',
  className: '#8a3700',
  attrName: '#0550ae',
});

export const darkCodeTheme = themeFrom({
  plain: '#e6edf3',
  background: '#1e2227',
  comment: '#9aa4af',
  string: '#a5d6ff',
  keyword: '#ff8e86',
  function: '#d2a8ff',
  number: '#79c0ff',
  tag: '#7ee787',
  className: '#ffa657',
  attrName: '#79c0ff',
});

/** Both modes' themes, which colour the classes of highlighted code (src/utils/codeHighlight.ts). */
export const codeThemes = { light: lightCodeTheme, dark: darkCodeTheme };

export const prism = {
  theme: lightCodeTheme,
  darkTheme: darkCodeTheme,
  additionalLanguages,
  defaultLanguage: 'text',
};
