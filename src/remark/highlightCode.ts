/**
 * Remark plugin: highlights every fenced code block when the page is compiled, so that code
 * arrives as highlighted HTML and the browser neither tokenises it again nor renders a React
 * element per token while the page hydrates (src/theme/CodeBlock/Content uses the result).
 *
 * The HTML of each line goes on the block as the `data-highlighted` property, a JSON array with
 * one string per line. Mermaid diagrams are left alone. Where the theme removes lines from a block
 * (the magic comments `highlight-next-line` and friends, in the languages it knows them for),
 * the lines no longer match and the browser highlights that block itself.
 */
import { createRequire } from 'node:module';
import type { Code, Root } from 'mdast';
import { normalizeTokens, Prism } from 'prism-react-renderer';
import { addLanguageAliases, additionalLanguages, codeThemes } from '../../config/prism';
import { highlightLines } from '../utils/codeHighlight';
import { visitNodes } from './visitNodes';

let loaded = false;

/**
 * Adds the site's extra languages to prism-react-renderer's Prism, as the theme's
 * prism-include-languages does in the browser, with the same prismjs the theme uses.
 */
function loadLanguages(): void {
  if (loaded) {
    return;
  }
  const themeRequire = createRequire(require.resolve('@docusaurus/theme-classic/package.json'));
  const globals = globalThis as { Prism?: unknown };
  const before = globals.Prism;
  globals.Prism = Prism;
  try {
    for (const language of additionalLanguages) {
      if (language === 'php') {
        themeRequire('prismjs/components/prism-markup-templating.js');
      }
      themeRequire(`prismjs/components/prism-${language}`);
    }
  } finally {
    globals.Prism = before;
  }
  addLanguageAliases(Prism.languages);
  loaded = true;
}

/** The highlighted lines of one block, as the code block component renders them. */
export function highlightedLines(code: string, language: string): string[] {
  loadLanguages();
  return highlightLines(Prism, normalizeTokens, code, language, codeThemes);
}

function isCode(node: unknown): node is Code {
  return (node as { type?: unknown }).type === 'code';
}

export default function highlightCode() {
  return (tree: Root): void => {
    visitNodes(tree, isCode, (node) => {
      const language = (node.lang ?? 'text').toLowerCase();
      if (language === 'mermaid' || node.value === '') {
        return;
      }
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, dataHighlighted: JSON.stringify(highlightedLines(node.value, language)) } };
    });
  };
}
