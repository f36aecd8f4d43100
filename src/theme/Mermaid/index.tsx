/**
 * Wraps the theme's diagram. Diagrams are drawn in the browser, so the built page would hold
 * nothing of them:
 * - the diagram sits in a frame of its recorded size (sizes.json, written by
 *   scripts/measure-diagrams.ts), so that the page reserves its space and nothing moves when it
 *   is drawn (the drawing scales to the frame);
 * - a hidden element carries the diagram's source in an attribute (not text, so search does not
 *   index it) for the page's Markdown version (src/plugins/markdown-export).
 */
import type { CSSProperties, ReactNode } from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type { WrapperProps } from '@docusaurus/types';
import { diagramKey } from '@site/src/utils/diagramKey';
import sizes from './sizes.json';
import styles from './styles.module.css';

type Props = WrapperProps<typeof MermaidType>;

/** Width and height of each diagram, by key (see src/utils/diagramKey.ts). */
const recorded: Record<string, number[] | undefined> = sizes;

export default function MermaidWrapper(props: Props): ReactNode {
  const size = recorded[diagramKey(props.value)];
  const frame: CSSProperties | undefined = size ? { aspectRatio: `${size[0]} / ${size[1]}`, maxWidth: `${size[0]}px` } : undefined;
  return (
    <>
      <div className={size ? styles.frame : undefined} style={frame}>
        <Mermaid {...props} />
      </div>
      <div hidden data-markdown="mermaid" data-source={props.value} />
    </>
  );
}
