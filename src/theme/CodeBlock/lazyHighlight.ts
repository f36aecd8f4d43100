/**
 * Highlighting in the browser, loaded only when a code block arrives without the lines the build
 * highlighted (a block with magic comments, or a <CodeBlock> written in JSX): Prism with the
 * site's extra languages, as the theme would have loaded them on every page.
 */
import { normalizeTokens, Prism } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import { codeThemes } from '@site/config/prism';
import { highlightLines as highlight } from '@site/src/utils/codeHighlight';

prismIncludeLanguages(Prism);

/** The HTML of each line of a block, as the build would have written it. */
export function highlightLines(code: string, language: string): string[] {
  return highlight(Prism, normalizeTokens, code, language, codeThemes);
}
