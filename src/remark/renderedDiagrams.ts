/**
 * Remark plugin: a Mermaid diagram that scripts/render-diagrams.ts has drawn gets its drawings
 * (both colour modes) and size as the `diagram` property of the element that Docusaurus makes
 * of the fence, so src/theme/Mermaid puts them in the page's HTML and the browser never runs
 * Mermaid for it. A diagram not drawn yet is left to the browser, as Docusaurus does.
 */
import type { Root } from 'mdast';
import { renderedDiagramOf } from '../utils/renderedDiagrams';
import { visitNodes } from './visitNodes';

/** What Docusaurus's own remark plugin makes of a ```mermaid fence. */
interface MermaidCodeBlock {
  type: 'mermaidCodeBlock';
  data: { hName: 'mermaid'; hProperties: { value: string; diagram?: string } };
}

function isMermaidCodeBlock(node: unknown): node is MermaidCodeBlock {
  return (node as { type?: unknown }).type === 'mermaidCodeBlock';
}

export default function renderedDiagrams() {
  return (tree: Root): void => {
    visitNodes(tree, isMermaidCodeBlock, (node) => {
      const drawing = renderedDiagramOf(node.data.hProperties.value);
      if (drawing) {
        node.data.hProperties.diagram = JSON.stringify(drawing);
      }
    });
  };
}
