/**
 * The API changes page's logic: the zip reader the plugin check uses, the version choices, the
 * name filter and grouping (src/utils/apiChanges/view.ts), and the published /api-changes.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedApiChanges } from '../../src/plugins/api-changes';
import type { ApiChange } from '../../src/utils/apiChanges/types';
import { beforeAll, comparableName, devupdateRoute, devupdateSeries, filterChanges, groupChanges, matchesName, versionLabel, versionOptions } from '../../src/utils/apiChanges/view';
import { readZip, ZipError } from '../../src/utils/apiChanges/zip';
import { makeZip } from '../support/zip';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('reading a zip in the browser', () => {
  it('reads stored and deflated files, with their paths, and leaves folders out', async () => {
    const zip = makeZip([
      { path: 'local_greet/', text: '' },
      { path: 'local_greet/version.php', text: "<?php\n$plugin->component = 'local_greet';\n", method: 0 },
      { path: 'local_greet/amd/src/greet.js', text: "import Modal from 'core/modal';\n".repeat(50) },
      { path: 'local_greet/templates/é.mustache', text: '{{> core/loading }}' },
    ], 'an archive comment');
    const { files, skipped } = await readZip(zip);
    expect(files.map((file) => file.path)).toEqual(['local_greet/version.php', 'local_greet/amd/src/greet.js', 'local_greet/templates/é.mustache']);
    expect(text(files[0].bytes)).toBe("<?php\n$plugin->component = 'local_greet';\n");
    expect(text(files[1].bytes)).toBe("import Modal from 'core/modal';\n".repeat(50));
    expect(skipped).toEqual([]);
  });

  it('inflates only the files it is asked for', async () => {
    const zip = makeZip([
      { path: 'p/lib.php', text: '<?php' },
      { path: 'p/pix/icon.svg', text: '<svg/>' },
    ]);
    const { files } = await readZip(zip, (file) => file.endsWith('.php'));
    expect(files.map((file) => file.path)).toEqual(['p/lib.php']);
  });

  it('reports encrypted files and unknown compression methods instead of guessing', async () => {
    const zip = makeZip([
      { path: 'p/secret.php', text: '<?php', encrypted: true },
      { path: 'p/lib.php', text: '<?php' },
    ]);
    const { files, skipped } = await readZip(zip);
    expect(files.map((file) => file.path)).toEqual(['p/lib.php']);
    expect(skipped).toEqual([{ path: 'p/secret.php', reason: 'encrypted' }]);
    const odd = makeZip([{ path: 'p/lib.php', text: '<?php', method: 0 }]);
    // Method 12 (bzip2) in both headers.
    const view = new DataView(odd.buffer);
    view.setUint16(8, 12, true);
    const central = odd.length - 22 - (46 + 'p/lib.php'.length);
    view.setUint16(central + 10, 12, true);
    expect((await readZip(odd)).skipped).toEqual([{ path: 'p/lib.php', reason: 'compressed with method 12, which the check does not read' }]);
  });

  it('refuses what is not a zip, or a damaged one, with a message a reader understands', async () => {
    await expect(readZip(new TextEncoder().encode('<?php echo "not a zip";'))).rejects.toThrow(ZipError);
    await expect(readZip(new TextEncoder().encode('<?php echo "not a zip";'))).rejects.toThrow('This is not a zip archive: it has no central directory.');
    await expect(readZip(new Uint8Array(3))).rejects.toThrow('too short');
    const zip = makeZip([{ path: 'p/lib.php', text: '<?php echo 1;' }]);
    const cut = zip.slice(0, 20);
    await expect(readZip(cut)).rejects.toThrow(ZipError);
    // The directory points past a local header that is not there.
    const broken = zip.slice();
    new DataView(broken.buffer).setUint32(0, 0, true);
    await expect(readZip(broken)).rejects.toThrow('The archive is damaged at p/lib.php.');
  });
});

const change = (name: string, version: string, extra: Partial<ApiChange> = {}): ApiChange => ({
  name,
  kind: 'function',
  change: 'deprecated',
  version,
  component: 'core',
  note: 'A note.',
  source: { repository: 'moodle/moodle', path: 'lib/upgrade.txt', commit: '0'.repeat(40) },
  origin: 'hand',
  ...extra,
});

describe('the page\'s filters and groups', () => {
  const changes = [
    change('get_context_instance()', '4.2'),
    change('\\core\\output\\html_writer', '4.5', { kind: 'class', change: 'moved', replacement: '\\core\\output\\html_writer', component: 'core' }),
    change('print_textarea()', '5.0', { change: 'removed', backportedTo: ['4.5.1'] }),
    change('core/modal_factory', '4.3', { kind: 'js-module', replacement: 'core/modal', component: 'core' }),
    change('mod/assign:grade', '4.4', { kind: 'capability', component: 'mod_assign', change: 'changed' }),
  ];

  it('offers a release before them all, 4.1 and every series and point release the data names, in order', () => {
    const versions = versionOptions(changes);
    expect(versions).toEqual([beforeAll, '4.1', '4.2', '4.3', '4.4', '4.5', '4.5.1', '5.0']);
    expect(versionLabel(beforeAll, versions)).toBe('Before 4.1');
    expect(versionLabel('4.5.1', versions)).toBe('4.5.1');
    // From before them all, every change is met, the oldest included.
    const older = [change('print_textarea()', '3.6'), ...changes];
    expect(filterChanges(older, { name: '', from: beforeAll, to: '5.0' })).toHaveLength(older.length);
    expect(versionLabel(beforeAll, versionOptions(older))).toBe('Before 3.6');
  });

  it('compares names without the leading backslash, the brackets or the case', () => {
    expect(comparableName('\\Core\\Output\\HTML_Writer')).toBe('core\\output\\html_writer');
    expect(comparableName('get_context_instance()')).toBe('get_context_instance');
    expect(matchesName(changes[0], 'context_instance')).toBe(true);
    expect(matchesName(changes[0], 'get_context_instance()')).toBe(true);
    expect(matchesName(changes[1], 'html_writer')).toBe(true);
    // The name that replaces one finds it too.
    expect(matchesName(changes[3], 'core/modal')).toBe(true);
    expect(matchesName(changes[4], 'core/modal')).toBe(false);
    expect(matchesName(changes[4], '  ')).toBe(true);
  });

  it('keeps the changes a plugin meets between two releases, counting backports', () => {
    const names = (from: string, to: string, name = '') => filterChanges(changes, { name, from, to }).map((entry) => entry.name);
    expect(names('4.1', '5.0')).toEqual(changes.map((entry) => entry.name));
    expect(names('4.3', '4.5')).toEqual(['\\core\\output\\html_writer', 'mod/assign:grade']);
    // 5.0's removal reached 4.5.1: moving from 4.5.1 to 5.0 meets it no more.
    expect(names('4.5', '4.5.1')).toEqual(['print_textarea()']);
    expect(names('4.5.1', '5.0')).toEqual([]);
    expect(names('4.1', '5.0', 'modal')).toEqual(['core/modal_factory']);
    expect(names('5.0', '4.2')).toEqual([]);
  });

  it('groups by series, core first, then by component, kind and name', () => {
    const more = [...changes, change('zeta()', '4.4', { component: 'core_course' }), change('alpha()', '4.4', { component: 'core_course', kind: 'class' })];
    const groups = groupChanges(more);
    expect(groups.map((group) => [group.series, group.count])).toEqual([['4.2', 1], ['4.3', 1], ['4.4', 3], ['4.5', 1], ['5.0', 1]]);
    const series44 = groups[2];
    expect(series44.components.map((group) => group.component)).toEqual(['core_course', 'mod_assign']);
    // Functions before classes, whatever the alphabet says.
    expect(series44.components[0].changes.map((entry) => entry.name)).toEqual(['zeta()', 'alpha()']);
  });

  it('links the developer update of each series the site has a page for, and those pages exist', () => {
    expect(devupdateRoute({ version: '4.5.1' })).toBe('/docs/devupdate/4.5');
    expect(devupdateRoute({ version: '4.1' })).toBeUndefined();
    const pages = fs
      .readdirSync(path.resolve(__dirname, '../../docs/devupdate'))
      .filter((file) => /^\d+\.\d+\.mdx?$/.test(file))
      .map((file) => file.replace(/\.mdx?$/, ''));
    expect([...devupdateSeries].sort()).toEqual(pages.sort());
  });
});

describe('/api-changes.json', () => {
  it('publishes the entries as they are, with where they are documented instead of the schema', () => {
    const published = publishedApiChanges({ $schema: './schemas/api-changes.schema.json', changes: [change('get_context_instance()', '4.2')] }, 'https://example.org/docs/devupdate/changes');
    expect(published).not.toHaveProperty('$schema');
    expect(published.page).toBe('https://example.org/docs/devupdate/changes');
    expect(published.changes).toEqual([change('get_context_instance()', '4.2')]);
  });
});
