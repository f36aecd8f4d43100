/** Every language a code block names is highlighted: bundled, added in config/prism.ts, or aliased. */
import { Prism } from 'prism-react-renderer';
import { describe, expect, it } from 'vitest';
import { additionalLanguages, languageAliases } from '../../config/prism';
import { allFencedBlocks, fencedBlocks } from '../support/content';

/** Languages the theme handles itself rather than through Prism. */
const notPrism = new Set(['mermaid', 'text', '']);

describe('code highlighting', () => {
  it('knows every language the pages use', () => {
    const known = new Set([...Object.keys(Prism.languages), ...additionalLanguages, ...Object.keys(languageAliases)]);
    const unknown = allFencedBlocks()
      .filter((block) => !notPrism.has(block.language) && !known.has(block.language))
      .map((block) => `${block.file}:${block.line} uses "${block.language}"`);
    expect(unknown).toEqual([]);
  });

  it('adds PHP, which Prism does not bundle', () => {
    expect(Object.keys(Prism.languages)).not.toContain('php');
    expect(additionalLanguages).toContain('php');
  });

  it('reads nested fences as one block', () => {
    const text = ['````md', '```php', '<?php', '```', '````', '', '```bash', 'ls', '```'].join('\n');
    expect(fencedBlocks('x.md', text).map((block) => [block.language, block.line])).toEqual([
      ['md', 1],
      ['bash', 7],
    ]);
  });
});
