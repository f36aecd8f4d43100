/**
 * Remark plugin: a Mermaid diagram that scripts/render-diagrams.ts has drawn gets its drawings
 * (both colour modes) and size as the `diagram` property of the element that Docusaurus makes
 * of the fence, so src/theme/Mermaid puts them in the page's HTML and the browser never runs
 * Mermaid for it. A diagram not drawn yet is left to the browser, as Docusaurus does.
 */
import type { Nodes, Root } from 'mdast';
import { renderedDiagramOf } from '../utils/renderedDiagrams';

/** What Docusaurus's own remark plugin makes of a ```mermaid fence. */
interface MermaidCodeBlock {
  type: 'mermaidCodeBlock';
  data: { hName: 'mermaid'; hProperties: { value: string; diagram?: string } };
}

function visit(node: Nodes | MermaidCodeBlock, onDiagram: (node: MermaidCodeBlock) => void): void {
  if (node.type === 'mermaidCodeBlock') {
    onDiagram(node);
    return;
  }
  if ('children' in node) {
    for (const child of node.children as Nodes[]) {
      visit(child, onDiagram);
    }
  }
}

export default function renderedDiagrams() {
  return (tree: Root): void => {
    visit(tree, (node) => {
      const drawing = renderedDiagramOf(node.data.hProperties.value);
      if (drawing) {
        node.data.hProperties.diagram = JSON.stringify(drawing);
      }
    });
  };
}
