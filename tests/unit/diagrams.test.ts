/**
 * Every Mermaid diagram of the pages is drawn ahead of time (src/theme/Mermaid/rendered/, by
 * `npm run diagrams:render`), so the build puts it in the page's HTML; drawings of diagrams no
 * page has are not kept; and a damaged drawing file fails with its name and field.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import renderedDiagrams from '../../src/remark/renderedDiagrams';
import { diagramKey } from '../../src/utils/diagramKey';
import { declarationClass, declarationsOf, shareableDrawing, topLevelRules } from '../../src/utils/diagramStyles';
import { diagramStyleSheets, parseRenderedDiagram, renderedDiagramOf, renderedDiagramsDir } from '../../src/utils/renderedDiagrams';
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
    // The drawing as pages carry it (tested below), with the size recorded in its file.
    const drawing = parseRenderedDiagram(fs.readFileSync(path.join(renderedDiagramsDir, `${diagramKey(diagrams[0].code)}.json`), 'utf8'), 'drawing');
    const handed = JSON.parse(property ?? '{}') as typeof drawing;
    expect(handed).toEqual(renderedDiagramOf(diagrams[0].code));
    expect([handed.width, handed.height]).toEqual([drawing.width, drawing.height]);
    expect(handed.light).not.toContain('style="');
    expect(newDiagram.data.hProperties).toEqual({ value: 'flowchart TD\n  Nobody --> DrewThis' });
  });
});

describe('drawings as pages carry them (for the Content-Security-Policy)', () => {
  const files = drawn.map((file) => ({ file, drawn: parseRenderedDiagram(fs.readFileSync(path.join(renderedDiagramsDir, file), 'utf8'), file) }));
  const carried = files.map(({ file, drawn: original }) => ({ file, original, carried: renderedDiagramOf(diagrams.find((block) => `${diagramKey(block.code)}.json` === file)?.code ?? '') }));

  it('has a drawing for each file', () => {
    expect(carried.filter((entry) => !entry.carried).map((entry) => entry.file)).toEqual([]);
  });

  it('carries no style attribute, and no other inline code', () => {
    for (const { file, carried: drawing } of carried) {
      for (const svg of [drawing?.light ?? '', drawing?.dark ?? '']) {
        const $ = cheerio.load(svg, null, false);
        expect($('[style]').length, file).toBe(0);
        expect($('script').length, file).toBe(0);
        expect(Object.keys($('svg').first().attr() ?? {}).filter((name) => name.startsWith('on')), file).toEqual([]);
      }
    }
  });

  it('keeps every declaration of every style attribute, as an !important rule of the class that replaced it', () => {
    for (const { file, original, carried: drawing } of carried) {
      for (const mode of ['light', 'dark'] as const) {
        const before = cheerio.load(original[mode], null, false);
        const after = cheerio.load(drawing?.[mode] ?? '', null, false);
        const sheet = after('style').text();
        const withStyle = before('svg').first().find('[style]').toArray();
        const afterElements = after('svg').first().find('*').toArray();
        const beforeElements = before('svg').first().find('*').toArray();
        expect(afterElements.length, `${file} ${mode}`).toBe(beforeElements.length);
        for (const element of withStyle) {
          const declarations = declarationsOf(before(element).attr('style') ?? '');
          if (declarations.length === 0) {
            continue;
          }
          const twin = afterElements[beforeElements.indexOf(element)];
          const name = declarationClass(declarations);
          expect(after(twin).hasClass(name), `${file} ${mode}`).toBe(true);
          const rule = new RegExp(`\\.${name}\\{([^}]*)\\}`).exec(sheet)?.[1] ?? '';
          expect(rule.split(';').map((entry) => entry.trim()), `${file} ${mode} ${name}`).toEqual(declarations.map((entry) => `${entry} !important`));
        }
      }
    }
  });

  it('sizes each drawing by its viewBox, in attributes', () => {
    for (const { file, carried: drawing } of carried) {
      const root = cheerio.load(drawing?.light ?? '', null, false)('svg').first();
      const [, , width, height] = (root.attr('viewBox') ?? '').split(/[\s,]+/).map(Number);
      expect([Number(root.attr('width')), Number(root.attr('height'))], file).toEqual([width, height]);
      expect(Math.ceil(width), file).toBe(drawing?.width);
    }
  });

  it('gives drawings of one kind and mode one style sheet, scoped by a class of that kind and mode', () => {
    const sheets = new Map<string, Set<string>>();
    for (const { file, carried: drawing } of carried) {
      for (const mode of ['light', 'dark'] as const) {
        const $ = cheerio.load(drawing?.[mode] ?? '', null, false);
        const root = $('svg').first();
        const kind = `diagram-${root.attr('aria-roledescription')}-${mode}`;
        expect(root.hasClass(kind), file).toBe(true);
        const text = $('style').text();
        expect(text, file).not.toContain(`#${root.attr('id')}`);
        expect(text.startsWith(`.${kind}{`), file).toBe(true);
        sheets.set(kind, (sheets.get(kind) ?? new Set()).add(text));
      }
    }
    expect([...sheets.values()].map((set) => set.size)).toEqual([...sheets.values()].map(() => 1));
    expect(diagramStyleSheets().sort()).toEqual([...sheets.values()].flatMap((set) => [...set]).sort());
  });

  it('drops the rules of the "neo" look only from a drawing with no element of that look', () => {
    const svg = (body: string) =>
      `<svg id="mermaid-0000abcd-light" viewBox="0 0 10 20" style="max-width: 10px;" aria-roledescription="flowchart-v2"><style>#mermaid-0000abcd-light .a{fill:red;}#mermaid-0000abcd-light [data-look="neo"].node path{stroke:url(#mermaid-0000abcd-light-gradient);}</style>${body}</svg>`;
    const plain = cheerio.load(shareableDrawing(svg('<g class="a"></g>'), [], 'plain'), null, false);
    expect(plain('style').text()).toBe('.diagram-flowchart-v2-light .a{fill:red;}');
    const neo = cheerio.load(shareableDrawing(svg('<g data-look="neo" class="node"></g>'), [], 'neo'), null, false);
    expect(neo('style').text()).toBe('.diagram-flowchart-v2-light .a{fill:red;}.diagram-flowchart-v2-light [data-look="neo"].node path{stroke:url(#mermaid-0000abcd-light-gradient);}');
    expect(plain('svg').attr('width')).toBe('10');
    expect(plain('svg').attr('height')).toBe('20');
  });

  it('adds the style attribute rules of other drawings of the kind, so that all share the sheet', () => {
    const svg = '<svg id="mermaid-0000abcd-dark" viewBox="0 0 10 10" aria-roledescription="sequence"><style>#mermaid-0000abcd-dark{fill:red;}</style><text style="font-size: 16px;"></text></svg>';
    const $ = cheerio.load(shareableDrawing(svg, [['stroke: none']], 'x'), null, false);
    expect($('style').text()).toBe(`.diagram-sequence-dark{fill:red;}${[`.${declarationClass(['font-size: 16px'])}{font-size: 16px !important}`, `.${declarationClass(['stroke: none'])}{stroke: none !important}`].sort().join('')}`);
  });

  it('refuses a drawing without the id and kind Mermaid gives it, naming it', () => {
    expect(() => shareableDrawing('<svg viewBox="0 0 1 1"></svg>', [], 'x.json ("light")')).toThrow(/^x\.json \("light"\): the drawing's <svg> needs an id/);
  });

  it('splits a style sheet into its top-level rules, braces in strings aside', () => {
    expect(topLevelRules('a{b:c}@keyframes k{from{x:0}to{x:1}}p::after{content:"}{"} @import "x.css";')).toEqual(['a{b:c}', '@keyframes k{from{x:0}to{x:1}}', 'p::after{content:"}{"}', '@import "x.css";']);
  });
});
