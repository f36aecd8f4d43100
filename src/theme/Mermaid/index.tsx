/**
 * Wraps the theme's diagram: diagrams are drawn in the browser, so the built page would hold
 * nothing of them. A hidden element carries the diagram's source in an attribute (not text, so
 * search does not index it) for the page's Markdown version (src/plugins/markdown-export).
 */
import type { ReactNode } from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof MermaidType>;

export default function MermaidWrapper(props: Props): ReactNode {
  return (
    <>
      <Mermaid {...props} />
      <div hidden data-markdown="mermaid" data-source={props.value} />
    </>
  );
}
