/**
 * Wraps the theme's diagram.
 * - A diagram drawn ahead of time (scripts/render-diagrams.ts; the build hands the drawings over
 *   as the `diagram` property, src/remark/renderedDiagrams.ts) is shown from the page's HTML:
 *   both colour modes' drawings are there and CSS shows the one of the current mode, so the
 *   browser never loads Mermaid, the diagram is there without JavaScript, and nothing changes
 *   when the page hydrates or the mode changes. Each drawing carries its size (width and height
 *   attributes), so its space is known from the HTML, and no style attribute
 *   (src/utils/diagramStyles.ts), so the Content-Security-Policy needs no hash for it.
 * - Any other diagram (a new one, before it is drawn) is drawn in the browser by the theme.
 * - A hidden element carries the diagram's source in an attribute (not text, so search does not
 *   index it) for the page's Markdown version (src/plugins/markdown-export).
 */
import { useMemo, type ReactNode } from 'react';
import clsx from 'clsx';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type { WrapperProps } from '@docusaurus/types';
import type { RenderedDiagram } from '@site/src/utils/renderedDiagrams';
import styles from './styles.module.css';

type Props = WrapperProps<typeof MermaidType> & { diagram?: string };

function DrawnDiagram({ drawing }: { drawing: RenderedDiagram }): ReactNode {
  // The same objects on every render, so React never writes the drawings again.
  const light = useMemo(() => ({ __html: drawing.light }), [drawing.light]);
  const dark = useMemo(() => ({ __html: drawing.dark }), [drawing.dark]);
  return (
    <div className={styles.frame}>
      <div className={clsx('docusaurus-mermaid-container', styles.light)} dangerouslySetInnerHTML={light} />
      <div className={clsx('docusaurus-mermaid-container', styles.dark)} dangerouslySetInnerHTML={dark} />
    </div>
  );
}

export default function MermaidWrapper({ diagram, ...props }: Props): ReactNode {
  const drawing = useMemo(() => (diagram ? (JSON.parse(diagram) as RenderedDiagram) : undefined), [diagram]);
  return (
    <>
      {drawing ? <DrawnDiagram drawing={drawing} /> : <Mermaid {...props} />}
      <div hidden data-markdown="mermaid" data-source={props.value} />
    </>
  );
}
