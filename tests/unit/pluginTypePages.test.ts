/**
 * Each plugin-type page builds its example plugin of the type it documents: the component in
 * every version.php it shows starts with that type's prefix (a block_ plugin on the blocks page),
 * and each page other than an overview shows one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fencedBlocks, siteRoot } from '../support/content';

const pagesDir = 'docs/apis/plugintypes';

/** Page (relative to docs/apis/plugintypes) to the component prefixes its examples may use. */
const prefixes: Record<string, string[]> = {
  'antivirus.md': ['antivirus_'],
  'assign/feedback.md': ['assignfeedback_'],
  'assign/submission.md': ['assignsubmission_'],
  'atto.md': ['atto_'],
  'availability.md': ['availability_'],
  'blocks.md': ['block_'],
  'customfield.md': ['customfield_'],
  'enrol.md': ['enrol_'],
  'fileconverter.md': ['fileconverter_'],
  'filter.md': ['filter_'],
  'format/migration.md': ['format_'],
  'local.md': ['local_'],
  'logstore.md': ['logstore_'],
  'mlbackend.md': ['mlbackend_'],
  'mod/activitymodule.md': ['mod_'],
  'mod_book.md': ['booktool_'],
  'mod_data/fields.md': ['datafield_'],
  'mod_data/presets.md': ['datapreset_'],
  'mod_forum.md': ['forumreport_'],
  'qbank.md': ['qbank_'],
  'repository.md': ['repository_'],
  'tiny/legacy.md': ['tinymce_'],
};

/** Overview pages: they may show examples of their types, but need not show a version.php. */
const overviews: Record<string, string[]> = {
  'index.md': [],
  'assign/index.md': ['assignfeedback_', 'assignsubmission_'],
  'format/index.md': ['format_'],
  'mod/index.md': ['mod_'],
  'mod_data/index.md': ['datafield_', 'datapreset_'],
  'tiny/index.md': ['tiny_'],
};

function pagesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(siteRoot, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.posix.relative(pagesDir, path.posix.join(path.relative(siteRoot, entry.parentPath).split(path.sep).join('/'), entry.name)))
    .sort();
}

/** The components that the version.php examples of a page declare. */
function versionComponents(file: string, text: string): string[] {
  return fencedBlocks(file, text)
    .filter((block) => block.examplePath?.endsWith('/version.php'))
    .flatMap((block) => [...block.code.matchAll(/\$plugin->component\s*=\s*'([^']*)'/g)].map((match) => match[1]));
}

describe('plugin-type pages', () => {
  const pages = pagesUnder(pagesDir);

  it('are each known to this test, with the prefix of the type they document', () => {
    expect(pages.filter((page) => !(page in prefixes) && !(page in overviews))).toEqual([]);
    expect([...Object.keys(prefixes), ...Object.keys(overviews)].filter((page) => !pages.includes(page)).sort()).toEqual([]);
  });

  it.each(pages)('%s: its example components have the type’s prefix', (page) => {
    const file = path.posix.join(pagesDir, page);
    const components = versionComponents(file, fs.readFileSync(path.join(siteRoot, file), 'utf8'));
    const allowed = prefixes[page] ?? overviews[page];
    if (page in prefixes) {
      expect(components.length, `${file} shows no version.php of its example plugin`).toBeGreaterThan(0);
    }
    expect(components.filter((component) => !allowed.some((prefix) => component.startsWith(prefix)))).toEqual([]);
  });

  it('finds the components of version.php examples, and only there', () => {
    const text = [
      '<CodeExample file="blocks/todaylinks/version.php">',
      '',
      '```php',
      "$plugin->component = 'block_todaylinks';",
      '```',
      '',
      '</CodeExample>',
      '',
      '```php',
      "$plugin->component = 'local_other';",
      '```',
    ].join('\n');
    expect(versionComponents('page.md', text)).toEqual(['block_todaylinks']);
  });
});
