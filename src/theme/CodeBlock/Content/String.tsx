/**
 * Wraps the theme's CodeBlock string content: takes the lines the build highlighted from the
 * block's `data-highlighted` property and hands them to CodeBlock/Content through a context,
 * without passing the property on to the DOM.
 */
import type { ReactNode } from 'react';
import type { Props } from '@theme/CodeBlock/Content/String';
import CodeBlockStringOriginal from '@theme-original/CodeBlock/Content/String';
import { HighlightedLinesContext, parseHighlightedLines } from '../highlightedLines';

export default function CodeBlockString(props: Props & { 'data-highlighted'?: string }): ReactNode {
  const { 'data-highlighted': highlighted, ...rest } = props;
  return (
    <HighlightedLinesContext.Provider value={parseHighlightedLines(highlighted)}>
      <CodeBlockStringOriginal {...rest} />
    </HighlightedLinesContext.Provider>
  );
}
