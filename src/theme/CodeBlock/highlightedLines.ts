/**
 * The lines of a code block as the build highlighted them (src/remark/highlightCode.ts), handed
 * from CodeBlock/Content/String, which receives the block's props, to CodeBlock/Content.
 */
import { createContext, useContext } from 'react';

export const HighlightedLinesContext = createContext<string[] | undefined>(undefined);

export function useHighlightedLines(): string[] | undefined {
  return useContext(HighlightedLinesContext);
}

/** Parses the `data-highlighted` property; undefined when it is missing or not a list of strings. */
export function parseHighlightedLines(value: unknown): string[] | undefined {
  if (typeof value !== 'string') {
    return undefined;
  }
  try {
    const lines: unknown = JSON.parse(value);
    return Array.isArray(lines) && lines.every((line) => typeof line === 'string') ? lines : undefined;
  } catch {
    return undefined;
  }
}
