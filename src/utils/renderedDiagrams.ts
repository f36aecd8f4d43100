/**
 * The Mermaid diagrams drawn ahead of time by scripts/render-diagrams.ts: one JSON file per
 * diagram in src/theme/Mermaid/rendered/, named by the key of its source (diagramKey), with the
 * drawing in each colour mode and its size. Read at build time by src/remark/renderedDiagrams.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { diagramKey } from './diagramKey';

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

const cache = new Map<string, RenderedDiagram | undefined>();

/** The drawing of a diagram's source, or undefined when it has not been drawn. */
export function renderedDiagramOf(source: string): RenderedDiagram | undefined {
  const key = diagramKey(source);
  if (!cache.has(key)) {
    const file = path.join(renderedDiagramsDir, `${key}.json`);
    cache.set(key, fs.existsSync(file) ? parseRenderedDiagram(fs.readFileSync(file, 'utf8'), path.relative(process.cwd(), file)) : undefined);
  }
  return cache.get(key);
}
