/**
 * Highlighting in the browser, loaded only when a code block arrives without the lines the build
 * highlighted (a block with magic comments, or a <CodeBlock> written in JSX): Prism with the
 * site's extra languages, as the theme would have loaded them on every page.
 */
import { normalizeTokens, Prism } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import { darkCodeTheme, lightCodeTheme } from '@site/config/prism';
import { lineHtml, tokenizeLines, type CodeThemes, type NormalizeTokens, type PrismLike } from '@site/src/utils/codeHighlight';

const codeThemes: CodeThemes = { light: lightCodeTheme, dark: darkCodeTheme };

prismIncludeLanguages(Prism);

/** The HTML of each line of a block, as the build would have written it. */
export function highlightLines(code: string, language: string): string[] {
  return tokenizeLines(Prism as unknown as PrismLike, normalizeTokens as unknown as NormalizeTokens, code, language).map((line) => lineHtml(line, codeThemes));
}
