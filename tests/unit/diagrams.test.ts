/**
 * Every Mermaid diagram of the pages is drawn ahead of time (src/theme/Mermaid/rendered/, by
 * `npm run diagrams:render`), so the build puts it in the page's HTML; drawings of diagrams no
 * page has are not kept; and a damaged drawing file fails with its name and field.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import renderedDiagrams from '../../src/remark/renderedDiagrams';
import { diagramKey } from '../../src/utils/diagramKey';
import { parseRenderedDiagram, renderedDiagramsDir } from '../../src/utils/renderedDiagrams';
import { allFencedBlocks } from '../support/content';

const diagrams = allFencedBlocks().filter((block) => block.language === 'mermaid');
const drawn = fs.readdirSync(renderedDiagramsDir).filter((file) => file.endsWith('.json'));

describe('diagram drawings', () => {
  it('finds the diagrams of the pages', () => {
    expect(diagrams.length).toBeGreaterThan(0);
  });

  it('has a drawing for every diagram', () => {
    const missing = diagrams.filter((block) => !drawn.includes(`${diagramKey(block.code)}.json`)).map((block) => `${block.file}:${block.line}`);
    expect(missing, 'run `npm run diagrams:render` to draw them').toEqual([]);
  });

  it('keeps no drawing of a diagram that no page has', () => {
    const keys = new Set(diagrams.map((block) => `${diagramKey(block.code)}.json`));
    expect(drawn.filter((file) => !keys.has(file)), 'run `npm run diagrams:render` to remove them').toEqual([]);
  });

  it('holds both modes’ SVG and a size in each drawing, with ids of its own in each mode', () => {
    for (const file of drawn) {
      const drawing = parseRenderedDiagram(fs.readFileSync(path.join(renderedDiagramsDir, file), 'utf8'), file);
      const key = path.basename(file, '.json');
      expect(drawing.light).toContain(`id="mermaid-${key}-light"`);
      expect(drawing.dark).toContain(`id="mermaid-${key}-dark"`);
    }
  });

  it('refuses a damaged drawing, naming the file and the field', () => {
    const svg = '<svg viewBox="0 0 10 10"></svg>';
    expect(() => parseRenderedDiagram('{', 'a.json')).toThrow(/^a\.json: not JSON/);
    expect(() => parseRenderedDiagram(JSON.stringify({ width: 0, height: 5, light: svg, dark: svg }), 'b.json')).toThrow('b.json: "width" must be a positive whole number');
    expect(() => parseRenderedDiagram(JSON.stringify({ width: 10, height: 5, light: svg, dark: 'oops' }), 'c.json')).toThrow('c.json: "dark" must be the SVG of the diagram');
  });

  it('keys a diagram by its source, ignoring surrounding blank lines', () => {
    expect(diagramKey('flowchart TD\n  A --> B\n')).toBe(diagramKey('\nflowchart TD\n  A --> B'));
    expect(diagramKey('flowchart TD\n  A --> B')).not.toBe(diagramKey('flowchart TD\n  A --> C'));
    expect(diagramKey('flowchart TD')).toMatch(/^[0-9a-f]{8}$/);
  });
});

describe('the remark plugin', () => {
  const node = (value: string) => ({ type: 'mermaidCodeBlock', data: { hName: 'mermaid', hProperties: { value } } });

  it('hands a drawn diagram its drawings and leaves an undrawn one to the browser', () => {
    const drawnDiagram = node(diagrams[0].code);
    const newDiagram = node('flowchart TD\n  Nobody --> DrewThis');
    const tree = { type: 'root', children: [{ type: 'blockquote', children: [drawnDiagram] }, newDiagram] } as unknown as Root;
    renderedDiagrams()(tree);
    const property = (drawnDiagram.data.hProperties as { diagram?: string }).diagram;
    expect(JSON.parse(property ?? '{}')).toEqual(JSON.parse(fs.readFileSync(path.join(renderedDiagramsDir, `${diagramKey(diagrams[0].code)}.json`), 'utf8')));
    expect(newDiagram.data.hProperties).toEqual({ value: 'flowchart TD\n  Nobody --> DrewThis' });
  });
});
