/**
 * Draws every Mermaid diagram of the pages ahead of time, in the light and the dark theme of
 * config/mermaid.ts, into src/theme/Mermaid/rendered/<key>.json (the key is a hash of the
 * diagram's source, src/utils/diagramKey.ts). The build puts those drawings in the pages'
 * HTML (src/remark/renderedDiagrams.ts), so readers get each diagram with the page, in its
 * final size, without Mermaid's script. Run after adding or changing a diagram:
 *
 *   npm run diagrams:render
 *
 * Drawings of diagrams that no page has any more are deleted. tests/unit/diagrams.test.ts fails
 * while a diagram of the pages has no drawing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { mermaidThemes } from '../config/mermaid';
import { diagramKey } from '../src/utils/diagramKey';
import { parseRenderedDiagram, renderedDiagramsDir, type RenderedDiagram } from '../src/utils/renderedDiagrams';
import { allFencedBlocks } from '../tests/support/content';
import { chromiumArgs, chromiumPath } from './chromium';

const mermaidScript = require.resolve('mermaid/dist/mermaid.min.js');

/** The drawn size of an SVG, from its viewBox. */
function sizeOf(svg: string, where: string): { width: number; height: number } {
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1].split(/[\s,]+/).map(Number);
  if (!viewBox || viewBox.length !== 4 || !(viewBox[2] > 0) || !(viewBox[3] > 0)) {
    throw new Error(`${where}: Mermaid drew the diagram without a usable viewBox`);
  }
  return { width: Math.ceil(viewBox[2]), height: Math.ceil(viewBox[3]) };
}

async function main(): Promise<void> {
  const diagrams = new Map<string, { source: string; where: string }>();
  for (const block of allFencedBlocks().filter((entry) => entry.language === 'mermaid')) {
    diagrams.set(diagramKey(block.code), { source: block.code, where: `${block.file}:${block.line}` });
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  fs.mkdirSync(renderedDiagramsDir, { recursive: true });
  try {
    const page = await browser.newPage();
    await page.setContent('<!DOCTYPE html><html><body></body></html>');
    await page.addScriptTag({ path: mermaidScript });
    for (const [key, { source, where }] of diagrams) {
      const svgs: Partial<Record<keyof typeof mermaidThemes, string>> = {};
      for (const [mode, theme] of Object.entries(mermaidThemes) as [keyof typeof mermaidThemes, string][]) {
        // The id scopes the drawing's styles and markers; one per diagram and mode keeps both
        // drawings of a page apart.
        svgs[mode] = await page.evaluate(
          async ({ code, id, mermaidTheme }) => {
            const mermaid = (window as unknown as { mermaid: { initialize(config: object): void; render(id: string, code: string): Promise<{ svg: string }> } }).mermaid;
            mermaid.initialize({ startOnLoad: false, theme: mermaidTheme });
            return (await mermaid.render(id, code)).svg;
          },
          { code: source, id: `mermaid-${key}-${mode}`, mermaidTheme: theme },
        );
      }
      const { width, height } = sizeOf(svgs.light ?? '', where);
      const drawing: RenderedDiagram = { width, height, light: svgs.light ?? '', dark: svgs.dark ?? '' };
      // The same checks the build makes, before anything is written.
      parseRenderedDiagram(JSON.stringify(drawing), where);
      fs.writeFileSync(path.join(renderedDiagramsDir, `${key}.json`), `${JSON.stringify(drawing, null, 2)}\n`);
    }
  } finally {
    await browser.close();
  }
  let removed = 0;
  for (const file of fs.readdirSync(renderedDiagramsDir)) {
    if (file.endsWith('.json') && !diagrams.has(path.basename(file, '.json'))) {
      fs.rmSync(path.join(renderedDiagramsDir, file));
      removed += 1;
    }
  }
  console.log(`Drew ${diagrams.size} diagrams in ${path.relative(process.cwd(), renderedDiagramsDir)}; removed ${removed} no page has any more`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
