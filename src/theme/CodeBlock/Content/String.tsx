/**
 * Wraps the theme's CodeBlock string content: takes the lines the build highlighted from the
 * block's `data-highlighted` property and hands them to CodeBlock/Content through a context,
 * without passing the property on to the DOM. A block fenced as declarations (```php signature)
 * gets the class `code-signature`, so that the search index knows the names it documents.
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { Props } from '@theme/CodeBlock/Content/String';
import CodeBlockStringOriginal from '@theme-original/CodeBlock/Content/String';
import { HighlightedLinesContext, parseHighlightedLines } from '../highlightedLines';

/** The class of a code block of declarations (read by src/plugins/search-index/utils.ts). */
export const signatureClass = 'code-signature';

export default function CodeBlockString(props: Props & { 'data-highlighted'?: string }): ReactNode {
  const { 'data-highlighted': highlighted, ...rest } = props;
  const signature = /(^|\s)signature(\s|$)/.test(rest.metastring ?? '');
  return (
    <HighlightedLinesContext.Provider value={parseHighlightedLines(highlighted)}>
      <CodeBlockStringOriginal {...rest} className={clsx(rest.className, signature && signatureClass)} />
    </HighlightedLinesContext.Provider>
  );
}
