/**
 * The theme's code block for a string of code, with two changes:
 * - it takes the lines the build highlighted from the block's `data-highlighted` property and
 *   hands them to CodeBlock/Content through a context, without passing the property on to the
 *   DOM. A block fenced as declarations (```php signature) gets the class `code-signature`, so
 *   that the search index knows the names it documents;
 * - its word wrap is ../wordWrap.ts: a block is measured for the word-wrap button when it comes
 *   near the viewport, not while the page hydrates.
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';
import { useThemeConfig } from '@docusaurus/theme-common';
import { CodeBlockContextProvider, createCodeBlockMetadata } from '@docusaurus/theme-common/internal';
import type { Props } from '@theme/CodeBlock/Content/String';
import CodeBlockLayout from '@theme/CodeBlock/Layout';
import { HighlightedLinesContext, parseHighlightedLines } from '../highlightedLines';
import { useCodeWordWrap } from '../wordWrap';

/** The class of a code block of declarations (read by src/plugins/search-index/utils.ts). */
export const signatureClass = 'code-signature';

export default function CodeBlockString(props: Props & { 'data-highlighted'?: string }): ReactNode {
  const { 'data-highlighted': highlighted, ...rest } = props;
  const signature = /(^|\s)signature(\s|$)/.test(rest.metastring ?? '');
  const { prism } = useThemeConfig();
  const metadata = createCodeBlockMetadata({
    code: rest.children,
    className: clsx(rest.className, signature && signatureClass),
    metastring: rest.metastring,
    magicComments: prism.magicComments,
    defaultLanguage: prism.defaultLanguage,
    language: rest.language,
    title: rest.title,
    showLineNumbers: rest.showLineNumbers,
  });
  const wordWrap = useCodeWordWrap();
  return (
    <HighlightedLinesContext.Provider value={parseHighlightedLines(highlighted)}>
      <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
        <CodeBlockLayout />
      </CodeBlockContextProvider>
    </HighlightedLinesContext.Provider>
  );
}
