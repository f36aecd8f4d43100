/**
 * The lines of a code block, as HTML the build highlighted (src/remark/highlightCode.ts): the
 * block renders as one element with that HTML inside, so hydration neither highlights the code
 * again nor creates an element per token. The markup is the theme's own (token-line rows,
 * highlighted-line and line-number classes), so copy, word wrap, line highlighting and line
 * numbers work as before. A block the build did not highlight (one with magic comments, or a
 * <CodeBlock> written in JSX) is shown as plain text in the same markup, then highlighted once
 * Prism has been loaded for it (../lazyHighlight.ts): no page loads Prism up front.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import lineStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Line/styles.module.css';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import { escapeHtml } from '@site/src/utils/codeHighlight';
import { useHighlightedLines } from '../highlightedLines';

/** Lines highlighted in the browser for a block the build left alone; undefined until then. */
function useLazyHighlight(needed: boolean, code: string, language: string): string[] | undefined {
  const [lines, setLines] = useState<{ code: string; language: string; html: string[] }>();
  useEffect(() => {
    if (!needed) {
      return undefined;
    }
    let current = true;
    void import('../lazyHighlight').then(({ highlightLines }) => {
      if (current) {
        setLines({ code, language, html: highlightLines(code, language) });
      }
    });
    return () => {
      current = false;
    };
  }, [needed, code, language]);
  return lines?.code === code && lines.language === language ? lines.html : undefined;
}

export default function CodeBlockContent({ className }: { className?: string }): ReactNode {
  const {
    metadata,
    wordWrap: { codeBlockRef },
  } = useCodeBlockContext();
  const built = useHighlightedLines();
  const { code, language, lineClassNames, lineNumbersStart } = metadata;
  const numbered = lineNumbersStart !== undefined;
  const codeLines = useMemo(() => code.split('\n'), [code]);
  const builtFits = built?.length === codeLines.length;
  const lazy = useLazyHighlight(!builtFits, code, language);
  const html = useMemo(() => {
    // Until highlighted, a block is its lines as plain text, as highlighted plain code is.
    const lines = (builtFits ? built : lazy) ?? codeLines.map(escapeHtml);
    return lines
      .map((line, index) => {
        const lineClass = escapeHtml(clsx('token-line', lineClassNames[index], numbered && lineStyles.codeLine));
        const inner = numbered ? `<span class="${lineStyles.codeLineNumber}"></span><span class="${lineStyles.codeLineContent}">${line}</span>` : line;
        return `<div class="${lineClass}">${inner}<br></div>`;
      })
      .join('');
  }, [built, builtFits, lazy, codeLines, lineClassNames, numbered]);
  // React writes innerHTML again whenever this object is a new one, even with the same HTML:
  // keep the object while the HTML is the same, so re-renders (word wrap state…) leave it alone.
  const inner = useMemo(() => ({ __html: html }), [html]);
  return (
    <pre ref={codeBlockRef} tabIndex={0} className={clsx(className, 'prism-code', `language-${language}`, styles.codeBlock, 'thin-scrollbar')}>
      <code
        className={clsx(styles.codeBlockLines, numbered && styles.codeBlockLinesWithNumbering)}
        style={numbered ? { counterReset: `line-count ${lineNumbersStart - 1}` } : undefined}
        dangerouslySetInnerHTML={inner}
      />
    </pre>
  );
}
