/**
 * The Mermaid diagrams drawn ahead of time by scripts/render-diagrams.ts: one JSON file per
 * diagram in src/theme/Mermaid/rendered/, named by the key of its source (diagramKey), with the
 * drawing in each colour mode and its size. Read at build time by src/remark/renderedDiagrams.ts,
 * which gets each drawing as pages carry it (src/utils/diagramStyles.ts: no style attribute, one
 * style sheet per kind of diagram and mode).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { diagramKey } from './diagramKey';
import { shareableDrawing, styleAttributesOf } from './diagramStyles';

export const renderedDiagramsDir = path.resolve(__dirname, '../theme/Mermaid/rendered');

export interface RenderedDiagram {
  /** Drawn width and height in CSS pixels (the viewBox of the light drawing). */
  width: number;
  height: number;
  /** The SVG markup in the light and the dark theme. */
  light: string;
  dark: string;
}

/** Checks a drawing file's text; the error names the file and the field. */
export function parseRenderedDiagram(text: string, file: string): RenderedDiagram {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not JSON (${(error as Error).message}). Run npm run diagrams:render to draw it again.`, { cause: error });
  }
  const drawing = value as Partial<Record<keyof RenderedDiagram, unknown>>;
  for (const field of ['width', 'height'] as const) {
    if (typeof drawing[field] !== 'number' || !Number.isInteger(drawing[field]) || drawing[field] <= 0) {
      throw new Error(`${file}: "${field}" must be a positive whole number of pixels. Run npm run diagrams:render to draw it again.`);
    }
  }
  for (const field of ['light', 'dark'] as const) {
    if (typeof drawing[field] !== 'string' || !/^<svg[\s>]/.test(drawing[field]) || !drawing[field].trimEnd().endsWith('</svg>')) {
      throw new Error(`${file}: "${field}" must be the SVG of the diagram. Run npm run diagrams:render to draw it again.`);
    }
  }
  return drawing as RenderedDiagram;
}

const modes = ['light', 'dark'] as const;

/** Every drawing file, as drawn, by key. */
function drawnDiagrams(dir: string): Map<string, RenderedDiagram> {
  const drawings = new Map<string, RenderedDiagram>();
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
    const where = path.relative(process.cwd(), path.join(dir, file));
    drawings.set(path.basename(file, '.json'), parseRenderedDiagram(fs.readFileSync(path.join(dir, file), 'utf8'), where));
  }
  return drawings;
}

/**
 * The drawings in a folder as pages carry them, by key: each kind of diagram gets the style
 * attribute rules of every drawing of that kind (src/utils/diagramStyles.ts).
 */
export function shareableDiagrams(dir: string): Map<string, RenderedDiagram> {
  const drawings = drawnDiagrams(dir);
  const where = (key: string, mode: string) => `${path.relative(process.cwd(), path.join(dir, `${key}.json`))} ("${mode}")`;
  const byType = new Map<string, string[][]>();
  for (const [key, drawing] of drawings) {
    for (const mode of modes) {
      const { type, declarations } = styleAttributesOf(drawing[mode], where(key, mode));
      byType.set(type, [...(byType.get(type) ?? []), ...declarations]);
    }
  }
  const shareable = new Map<string, RenderedDiagram>();
  for (const [key, drawing] of drawings) {
    const [light, dark] = modes.map((mode) => shareableDrawing(drawing[mode], byType.get(styleAttributesOf(drawing[mode], where(key, mode)).type) ?? [], where(key, mode)));
    shareable.set(key, { ...drawing, light, dark });
  }
  return shareable;
}

let shareable: Map<string, RenderedDiagram> | undefined;

/** The drawing of a diagram's source as pages carry it, or undefined when it has not been drawn. */
export function renderedDiagramOf(source: string): RenderedDiagram | undefined {
  shareable ??= shareableDiagrams(renderedDiagramsDir);
  return shareable.get(diagramKey(source));
}

/**
 * The text of every style sheet in the drawings as pages carry them, as the page's scripts
 * insert it when a reader moves to a page with a diagram (the HTML of the page carries the same
 * sheets, minified with the page). The Content-Security-Policy lists the hash of each.
 */
export function diagramStyleSheets(dir = renderedDiagramsDir): string[] {
  const sheets = new Set<string>();
  for (const drawing of shareableDiagrams(dir).values()) {
    for (const mode of modes) {
      const $ = cheerio.load(drawing[mode], null, false);
      $('style').each((_, element) => {
        sheets.add($(element).text());
      });
    }
  }
  return [...sheets];
}
