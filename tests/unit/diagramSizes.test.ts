/**
 * Every Mermaid diagram of the pages has its drawn size recorded (src/theme/Mermaid/sizes.json),
 * so the page reserves its space and nothing shifts when it is drawn. A new or changed diagram
 * fails here until `npm run build && npm run diagrams:measure` records it.
 */
import { describe, expect, it } from 'vitest';
import sizes from '../../src/theme/Mermaid/sizes.json';
import { diagramKey } from '../../src/utils/diagramKey';
import { allFencedBlocks } from '../support/content';

const recorded = sizes as Record<string, unknown>;

describe('diagram sizes', () => {
  const diagrams = allFencedBlocks().filter((block) => block.language === 'mermaid');

  it('finds the diagrams of the pages', () => {
    expect(diagrams.length).toBeGreaterThan(0);
  });

  it('has a size for every diagram', () => {
    const missing = diagrams.filter((block) => !Object.hasOwn(recorded, diagramKey(block.code))).map((block) => `${block.file}:${block.line}`);
    expect(missing, 'run `npm run build && npm run diagrams:measure` to record them').toEqual([]);
  });

  it('records sizes as positive whole numbers of pixels', () => {
    for (const size of Object.values(recorded)) {
      expect(size).toEqual([expect.any(Number), expect.any(Number)]);
      expect((size as number[]).every((value) => Number.isInteger(value) && value > 0)).toBe(true);
    }
  });

  it('keys a diagram by its source, ignoring surrounding blank lines', () => {
    expect(diagramKey('flowchart TD\n  A --> B\n')).toBe(diagramKey('\nflowchart TD\n  A --> B'));
    expect(diagramKey('flowchart TD\n  A --> B')).not.toBe(diagramKey('flowchart TD\n  A --> C'));
    expect(diagramKey('flowchart TD')).toMatch(/^[0-9a-f]{8}$/);
  });
});
