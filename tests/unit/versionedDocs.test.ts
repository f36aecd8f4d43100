/**
 * A frozen docs version describes its own release. Each page of /docs/4.1 has a page of the same
 * path in the current docs (the version menu keeps readers on the same page), and uses no class,
 * namespace, file or path that came after 4.1 (data/newer-names.json) unless the line marks it as
 * later. The test prints the names a 4.1 page and its current page do not share, for the reviewer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../src/utils/dataFiles';
import { contentFiles, readPage, siteRoot } from '../support/content';
import { nameExpression, newerNameUses } from '../support/versionedDocs';

const newerNames = readDataFile('newer-names').versions;
const versions = Object.keys(newerNames);

/** The pages of a frozen version, relative to its folder, without the version's own developer update. */
function versionPages(version: string): string[] {
  const root = `versioned_docs/version-${version}`;
  return contentFiles([root]).map((file) => path.relative(root, file));
}

/** Inline code spans that look like API names or paths: what a reader would type or search for. */
function apiNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, code] of text.matchAll(/`([^`\n]{3,80})`/g)) {
    if (/^[\\\w$:>./-]+(\(\))?$/.test(code) && /[\\:_/.(]/.test(code)) {
      names.add(code);
    }
  }
  return names;
}

describe.each(versions)('the %s docs', (version) => {
  const pages = versionPages(version);

  it('exist, beside the version’s introduction and developer update', () => {
    expect(pages).toContain('index.md');
    expect(pages).toContain('devupdate.md');
  });

  it('hold the same pages as the current docs, with the version’s own developer update for the current docs’ updates', () => {
    const current = contentFiles(['docs']).map((file) => path.relative('docs', file));
    const missing = current.filter((page) => !page.startsWith('devupdate/') && !pages.includes(page));
    const extra = pages.filter((page) => page !== 'devupdate.md' && !current.includes(page));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(pages.filter((page) => page !== 'devupdate.md'))('%s has a page at the same path in the current docs', (page) => {
    expect(fs.existsSync(path.join(siteRoot, 'docs', page)), `docs/${page} does not exist, so the version menu cannot keep a reader on this page`).toBe(true);
  });

  it.each(pages)('%s uses no name newer than the version, except where a line marks it as later', (page) => {
    const file = `versioned_docs/version-${version}/${page}`;
    const text = readPage(file);
    // For the reviewer: the API names this page and its current page do not share.
    if (fs.existsSync(path.join(siteRoot, 'docs', page))) {
      const frozen = apiNames(text);
      const current = apiNames(readPage(`docs/${page}`));
      const onlyFrozen = [...frozen].filter((name) => !current.has(name));
      const onlyCurrent = [...current].filter((name) => !frozen.has(name));
      if (onlyFrozen.length || onlyCurrent.length) {
        console.log(`${file}: only in ${version}: ${onlyFrozen.join(', ') || '–'}\n  only in docs/${page}: ${onlyCurrent.join(', ') || '–'}`);
      }
    }
    const uses = newerNameUses(text, version, newerNames[version].names).map(
      (use) => `${file}:${use.line}: ${use.name} came in ${use.since}; write what ${version} has, or mark the line with <Since version="${use.since}" issue="…" />`,
    );
    expect(uses).toEqual([]);
  });

});

describe('the newer-names scan', () => {
  const names = [
    { name: '\\core\\hook\\', since: '4.3' },
    { name: '\\core\\url', since: '4.5' },
    { name: 'public/', since: '5.1', pattern: '(?<![\\w/.-])public/(?:[a-z_]+/)*[a-z_]+(?:\\.php|/)' },
  ];

  it('finds a newer name with or without its leading backslash, and only whole names', () => {
    const page = ['---', 'title: \\core\\url', '---', 'Use `\\core\\url`.', 'Use core\\url::make().', 'Use \\core\\urlencoder.', 'Extend \\core\\hook\\output\\before_footer.', 'Read public/lib/setup.php.', 'A public/private key.'].join('\n');
    expect(newerNameUses(page, '4.1', names).map((use) => [use.line, use.name])).toEqual([
      [4, '\\core\\url'],
      [5, '\\core\\url'],
      [7, '\\core\\hook\\'],
      [8, 'public/'],
    ]);
  });

  it('accepts a newer name in a paragraph or list item marked with a later <Since>, not an earlier one', () => {
    expect(newerNameUses('From 4.5 <Since version="4.5" issue="MDL-82183" />, use `\\core\\url`.', '4.1', names)).toEqual([]);
    expect(newerNameUses('Since 4.0 <Since version="4.0" issue="MDL-1" />, use `\\core\\url`.', '4.1', names)).toHaveLength(1);
    const list = ['- Moved <Since version="4.5" issue="MDL-82183" /> to', '  `\\core\\url`.', '- Then `\\core\\url` again.', '', 'A paragraph on `\\core\\url`.'].join('\n');
    expect(newerNameUses(list, '4.1', names).map((use) => use.line)).toEqual([3, 5]);
  });

  it('builds a valid expression for every listed name', () => {
    for (const entries of Object.values(newerNames)) {
      for (const entry of entries.names) {
        expect(() => nameExpression(entry)).not.toThrow();
        if (!entry.pattern) {
          expect(nameExpression(entry).test(` ${entry.name} `), entry.name).toBe(true);
        }
      }
    }
  });
});
